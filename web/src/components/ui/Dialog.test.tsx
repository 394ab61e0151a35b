import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../test/render-ui';
import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Details" footer={<button type="button" onClick={() => setOpen(false)}>Done</button>} />
    </>
  );
}

describe('Dialog', () => {
  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['its close button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
    ['a footer button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Done' }))],
  ])('gives focus back to the control that opened it when closed with %s', async (_how, close) => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const opener = await screen.findByRole('button', { name: 'Open details' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
