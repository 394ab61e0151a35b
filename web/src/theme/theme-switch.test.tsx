import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';
import { THEME_STORAGE_KEY } from './preference';

afterEach(() => delete document.documentElement.dataset.theme);

describe('theme switch', () => {
  it('pins Dark or Light from the user menu and goes back to following the system', async () => {
    const user = makeUser({ username: 'alice' });
    storeSession(user);
    mockFetch({ 'GET /api/auth/me': { body: { user } }, 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } });
    const actor = userEvent.setup();
    renderApp('/upload');

    await actor.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toBeChecked();

    await actor.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toBeChecked();

    await actor.click(within(menu).getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');

    await actor.click(within(menu).getByRole('menuitemradio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
