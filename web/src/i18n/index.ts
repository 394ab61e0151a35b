import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, initialLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages';
import { en, resources } from './resources';

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(en),
  defaultNS: 'common',
  // Resources are bundled: initialising synchronously means the first render already has its texts.
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

/** Switches the interface language and remembers the choice for the next visit. */
export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return i18n.changeLanguage(language);
}

export { i18n };
