import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm, pending = false }: { onConfirm(): void; pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">outside</button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete file"
        message="Are you sure you want to delete this file?"
        confirmLabel="Delete"
        tone="danger"
        pending={pending}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a labelled modal dialog that confirms', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this file?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('keeps focus inside and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Cancel', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open while the action is pending', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} pending />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
