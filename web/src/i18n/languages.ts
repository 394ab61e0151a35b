/** The languages the interface is translated into; English is the reference every other must match. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the user's explicit choice is remembered; without one the browser's language decides. */
export const LANGUAGE_STORAGE_KEY = 'vault.language';

const isLanguage = (code: string | null | undefined): code is Language => LANGUAGES.some((l) => l.code === code);

/** The user's remembered choice, else the first browser language we have, else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
