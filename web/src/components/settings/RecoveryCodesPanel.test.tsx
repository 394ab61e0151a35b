import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../test/render-ui';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

const codes = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

/** jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('RecoveryCodesPanel', () => {
  it('copies all the codes, and downloads them as one text file, one code a line', async () => {
    renderUi(<RecoveryCodesPanel codes={codes} onDone={() => undefined} />);
    const user = userEvent.setup();
    vi.stubGlobal('isSecureContext', true);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('aaaa-1111\nbbbb-2222\ncccc-3333');

    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:codes'), revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([['vault-recovery-codes.txt', 'blob:codes']]);
    expect(await textOf(blobs[0]!)).toBe('aaaa-1111\nbbbb-2222\ncccc-3333\n');
  });
});
