import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';
import { i18n } from '.';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languages';

afterEach(() => void i18n.changeLanguage('en'));

describe('interface language', () => {
  it('switches to German from the user menu, for every screen, and remembers the choice', async () => {
    const user = makeUser({ username: 'alice' });
    storeSession(user);
    mockFetch({ 'GET /api/auth/me': { body: { user } }, 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } });
    const actor = userEvent.setup();
    renderApp('/upload');

    await actor.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    await actor.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Deutsch' }));
    await actor.keyboard('{Escape}');

    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Ordner' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dateien hochladen' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Dateien hochladen · Vault'));
  });

  it('starts in the remembered language, else the first browser language it has, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-AT', 'en']);
    expect(initialLanguage()).toBe('de');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'es']);
    expect(initialLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(initialLanguage()).toBe('de');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(initialLanguage()).toBe('en');
  });
});
