import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagInput } from './TagInput';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagInput tags={tags} onChange={setTags} />;
}

const input = () => screen.getByRole('textbox', { name: 'Tags' });
const chips = () => within(screen.getByRole('list', { name: 'Tags added' })).getAllByRole('listitem').map((li) => li.textContent);

describe('TagInput (tag rules)', () => {
  it('adds trimmed tags with Enter or Add, and removes them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '  invoices  {Enter}');
    await user.type(input(), 'q3');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(chips()).toEqual(['invoices', 'q3']);
    expect(input()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove tag invoices' }));
    expect(chips()).toEqual(['q3']);
  });

  it('ignores blanks and refuses duplicates and tags over 50 characters', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Invoices']} />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.type(input(), '   {Enter}');
    expect(chips()).toEqual(['Invoices']);

    await user.type(input(), 'invoices{Enter}');
    expect(screen.getByText('"invoices" is already added')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input());
    await user.type(input(), `${'x'.repeat(51)}{Enter}`);
    expect(screen.getByText('Tags must be at most 50 characters')).toBeInTheDocument();
    expect(chips()).toEqual(['Invoices']);
  });

  it("stops at 10 tags with 'Maximum 10 tags allowed'", async () => {
    const user = userEvent.setup();
    render(<Harness initial={Array.from({ length: 9 }, (_, i) => `t${i}`)} />);
    expect(screen.queryByText('Maximum 10 tags allowed')).not.toBeInTheDocument();
    await user.type(input(), 'tenth{Enter}');
    expect(chips()).toHaveLength(10);
    expect(screen.getByText('Maximum 10 tags allowed')).toBeInTheDocument();
    expect(input()).toBeDisabled();
  });
});
