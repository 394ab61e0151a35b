import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'date-fns';
import type { MessageParams } from '@vault/contract';
import { enUS } from 'date-fns/locale/en-US';
import { DEFAULT_LANGUAGE, initialLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages';
import { en, loadLanguagePack } from './resources';

const dateLocales: Partial<Record<string, Locale>> = { en: enUS };

void i18n.use(initReactI18next).init({
  resources: { en },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(en),
  defaultNS: 'common',
  // English is bundled: initialising synchronously means the first render already has its texts.
  initAsync: false,
  // React escapes what it renders; escaping here as well would show entities.
  interpolation: { escapeValue: false },
  // Keys are flat ("activity.kind.upload" is one key), so a dot in a key never means nesting.
  keySeparator: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Loads a language's texts (once) and shows the interface in it. */
async function showIn(language: Language) {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const pack = await loadLanguagePack(language);
    for (const [ns, texts] of Object.entries(pack.texts)) i18n.addResourceBundle(language, ns, texts);
    dateLocales[language] = pack.dateLocale;
  }
  await i18n.changeLanguage(language);
}

/**
 * i18n.t without its typed keys, for texts by an id the server or the contract chose: the values are
 * theirs, filled in by the same id there, and the typed options (each key's own values) cannot know
 * which id came back.
 */
export const translateById = i18n.t.bind(i18n) as (key: string, values?: MessageParams) => string;

/** The date-fns locale of the interface language (month names, relative times). */
export function currentDateLocale(): Locale {
  return dateLocales[i18n.language] ?? enUS;
}

/** Switches the interface language and remembers the choice for the next visit. */
export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return showIn(language);
}

const startIn = initialLanguage();
if (startIn !== DEFAULT_LANGUAGE) void showIn(startIn);

export { i18n };
