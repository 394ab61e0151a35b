/** 'system' follows the operating system's light or dark setting; the others pin one theme. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = 'vault.theme';

const isPreference = (value: string | null): value is ThemePreference => THEME_PREFERENCES.some((p) => p === value);

export function readThemePreference(): ThemePreference {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return isPreference(stored) ? stored : 'system';
}

/**
 * Shows the page in the preferred theme: html[data-theme] pins light or dark
 * through CSS color-scheme; without it the stylesheet follows prefers-color-scheme.
 * Done from the app's module rather than an inline script, which the CSP forbids.
 */
export function applyThemePreference(preference: ThemePreference): void {
  if (preference === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = preference;
}

/** Applies a new preference and remembers it for the next visit. */
export function saveThemePreference(preference: ThemePreference): void {
  if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
  else localStorage.setItem(THEME_STORAGE_KEY, preference);
  applyThemePreference(preference);
}
