import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionInfo } from '@vault/contract';
import { changeLanguage, i18n } from '../../i18n';
import { mockFetch } from '../../test/fetch-mock';
import { renderUi } from '../../test/render-ui';
import { storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';
import { SessionsCard } from './SessionsCard';

function session(n: number, current = false): SessionInfo {
  const at = new Date(Date.UTC(2026, 10, 30 - n, 9)).toISOString();
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, created_at: at, last_seen_at: at, address: `10.0.0.${n}`, browser: `Browser ${n}`, system: null, current };
}

function listedBrowsers() {
  return within(screen.getByRole('list'))
    .getAllByTestId('session-row')
    .map((row) => row.querySelector('p')!.textContent);
}

afterEach(() => void i18n.changeLanguage('en'));

describe('SessionsCard', () => {
  it('lists five sessions, this device first, and the rest on request', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    // The server orders by last use; here this device's session was used less recently than three others.
    const sessions = [session(1), session(2), session(3), session(4, true), ...[5, 6, 7, 8].map((n) => session(n))];
    mockFetch({ 'GET /api/account/sessions': { body: { sessions } } });
    renderUi(<SessionsCard />);
    const more = await screen.findByRole('button', { name: 'Show all 8 sessions' });
    expect(listedBrowsers()).toEqual(['Browser 4This device', 'Browser 1', 'Browser 2', 'Browser 3', 'Browser 5']);
    expect(more).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    await user.click(more);
    expect(listedBrowsers()).toHaveLength(8);
    expect(listedBrowsers().at(-1)).toBe('Browser 8');
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(listedBrowsers()).toHaveLength(5);
  });

  it('offers no "Show all" while every session is listed', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    mockFetch({ 'GET /api/account/sessions': { body: { sessions: [1, 2, 3, 4, 5].map((n) => session(n, n === 1)) } } });
    renderUi(<SessionsCard />);
    await screen.findByText('Browser 5');
    expect(listedBrowsers()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('describes a session in the reader\'s language, names kept', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    const sessions = [
      { ...session(1, true), browser: 'Firefox', system: 'Linux' },
      { ...session(2), browser: null, system: 'Android' },
      { ...session(3), browser: null, system: null },
    ];
    mockFetch({ 'GET /api/account/sessions': { body: { sessions } } });
    await changeLanguage('de');
    renderUi(<SessionsCard />);
    await screen.findByText('Unbekannter Browser');
    expect(listedBrowsers()).toEqual(['Firefox unter LinuxDieses Gerät', 'Android', 'Unbekannter Browser']);
  });
});
