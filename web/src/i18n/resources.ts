import adminEn from './locales/en/admin.json';
import authEn from './locales/en/auth.json';
import commonEn from './locales/en/common.json';
import dashboardEn from './locales/en/dashboard.json';
import filesEn from './locales/en/files.json';
import foldersEn from './locales/en/folders.json';
import linksEn from './locales/en/links.json';
import sessionEn from './locales/en/session.json';
import sharingEn from './locales/en/sharing.json';
import uploadEn from './locales/en/upload.json';
import adminDe from './locales/de/admin.json';
import authDe from './locales/de/auth.json';
import commonDe from './locales/de/common.json';
import dashboardDe from './locales/de/dashboard.json';
import filesDe from './locales/de/files.json';
import foldersDe from './locales/de/folders.json';
import linksDe from './locales/de/links.json';
import sessionDe from './locales/de/session.json';
import sharingDe from './locales/de/sharing.json';
import uploadDe from './locales/de/upload.json';
import type { Language } from './languages';

/** One namespace per feature, so a screen's texts live together and stay small. */
export const en = {
  admin: adminEn,
  auth: authEn,
  common: commonEn,
  dashboard: dashboardEn,
  files: filesEn,
  folders: foldersEn,
  links: linksEn,
  session: sessionEn,
  sharing: sharingEn,
  upload: uploadEn,
};

export type Namespace = keyof typeof en;
type Texts = Record<Namespace, Record<string, string>>;

// Bundled rather than fetched: the texts are small, and a screen never waits for its words.
export const resources: Record<Language, Texts> = {
  en,
  de: {
    admin: adminDe,
    auth: authDe,
    common: commonDe,
    dashboard: dashboardDe,
    files: filesDe,
    folders: foldersDe,
    links: linksDe,
    session: sessionDe,
    sharing: sharingDe,
    upload: uploadDe,
  },
};
