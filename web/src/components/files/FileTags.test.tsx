import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FileTags } from './FileTags';

const long = 'a-very-long-tag-name-for-testing-wrapping';

describe('FileTags', () => {
  it('never cuts a tag at a fixed width: a list row cuts it only at the line, with its title reading it in full', () => {
    render(<FileTags tags={[long, 'q3']} />);
    const [chip] = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(chip).toHaveAttribute('title', long);
    expect(chip!.className).not.toMatch(/max-w-\[/);
  });

  it('shows a tag whole in details, wrapping inside its chip rather than cut', () => {
    render(<FileTags tags={[long]} whole />);
    const chip = within(screen.getByRole('list', { name: 'Tags' })).getByRole('listitem');
    expect(chip).toHaveTextContent(long);
    expect(chip.querySelector('.truncate')).toBeNull();
  });
});
