import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { renderUi } from '../../test/render-ui';
import { TwoFactorSetup } from './TwoFactorSetup';

const setup = {
  secret: 'QPZUVOWCAUEWS2V7UJH5KAU7R4C6XR5K',
  otpauth_uri: 'otpauth://totp/Vault:demo?secret=QPZUVOWCAUEWS2V7UJH5KAU7R4C6XR5K&issuer=Vault',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};

describe('TwoFactorSetup', () => {
  it('shows the key in blocks of 4 that copy as one key, with Copy key and an Open in authenticator app link', async () => {
    renderUi(<TwoFactorSetup setup={setup} onCancel={() => undefined} onEnabled={() => undefined} />);
    const key = screen.getByTestId('totp-secret');
    expect([...key.children].map((block) => block.textContent)).toEqual(['QPZU', 'VOWC', 'AUEW', 'S2V7', 'UJH5', 'KAU7', 'R4C6', 'XR5K']);
    // The blocks are spaced by layout, not by characters: a selection copies the key as the app expects it.
    expect(key.textContent).toBe(setup.secret);
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', setup.otpauth_uri);
    expect(screen.getByText('Enter the 6-digit code the app now shows for Vault and your password, then select Turn on. Your other sessions are signed out.')).toBeInTheDocument();

    vi.stubGlobal('isSecureContext', true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Key copied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(setup.secret);
  });

  it('turns it on with the code and the password, and hands on the recovery codes', async () => {
    const { calls } = mockFetch({ 'POST /api/account/2fa/enable': { body: { recovery_codes: ['aaaa-bbbb'] } } });
    const onEnabled = vi.fn();
    renderUi(<TwoFactorSetup setup={setup} onCancel={() => undefined} onEnabled={onEnabled} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(onEnabled).toHaveBeenCalledWith(['aaaa-bbbb']));
    expect(calls.map((c) => c.body)).toEqual([{ password: 'my-password', code: '123456' }]);
  });
});
