import type { Locale } from 'date-fns';
import { ERROR_MESSAGES, VALIDATION_TEMPLATES } from '@vault/contract';
import { enUS } from 'date-fns/locale/en-US';
import admin from './locales/en/admin.json';
import auth from './locales/en/auth.json';
import browse from './locales/en/browse.json';
import common from './locales/en/common.json';
import dashboard from './locales/en/dashboard.json';
import files from './locales/en/files.json';
import folders from './locales/en/folders.json';
import links from './locales/en/links.json';
import manage from './locales/en/manage.json';
import session from './locales/en/session.json';
import settings from './locales/en/settings.json';
import sharing from './locales/en/sharing.json';
import stars from './locales/en/stars.json';
import trash from './locales/en/trash.json';
import upload from './locales/en/upload.json';
import versions from './locales/en/versions.json';
import type { Language } from './languages';

/**
 * English, the reference: one namespace per feature, so a screen's texts live together. Always in the bundle.
 * Validation and error messages are the contract's own texts, so that English reads as the server writes them
 * (but for raw numbers, which each language formats, see the contract's templates.ts).
 */
export const en = { admin, auth, browse, common, dashboard, errors: ERROR_MESSAGES, files, folders, links, manage, session, settings, sharing, stars, trash, upload, validation: VALIDATION_TEMPLATES, versions };

export type Namespace = keyof typeof en;
export type Texts = Record<Namespace, Record<string, string>>;

export interface LanguagePack {
  texts: Texts;
  dateLocale: Locale;
}

// Other languages are bundled too (no HTTP backend) but in chunks of their own, fetched when chosen.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<LanguagePack>> = {
  de: () => import('./locales/de'),
};

export async function loadLanguagePack(language: Language): Promise<LanguagePack> {
  return language === 'en' ? { texts: en, dateLocale: enUS } : LOADERS[language]();
}
