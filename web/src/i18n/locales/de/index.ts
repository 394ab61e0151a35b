import { de as dateLocale } from 'date-fns/locale/de';
import admin from './admin.json';
import auth from './auth.json';
import browse from './browse.json';
import common from './common.json';
import dashboard from './dashboard.json';
import errors from './errors.json';
import files from './files.json';
import folders from './folders.json';
import links from './links.json';
import manage from './manage.json';
import session from './session.json';
import settings from './settings.json';
import sharing from './sharing.json';
import stars from './stars.json';
import trash from './trash.json';
import upload from './upload.json';
import validation from './validation.json';
import versions from './versions.json';

/** German: loaded only when chosen, so English readers never download it. */
export const texts = { admin, auth, browse, common, dashboard, errors, files, folders, links, manage, session, settings, sharing, stars, trash, upload, validation, versions };
export { dateLocale };
