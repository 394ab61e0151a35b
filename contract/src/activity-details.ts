import { fillEnglish, idsOf, type IdOf, type MessageParams, type ParamsArg } from './templates.js';

/**
 * What an audit log entry says besides its kind, who and which file: by a stable id, with its values,
 * marked as templates.ts says. The server keeps the English text in `detail` (as it always has, for API
 * users and the rows written before these ids) and the id and values in `detail_code` and
 * `detail_params`, so that the web says it in the interface language (its `admin` texts have one
 * `activity.detail.<id>` per key).
 */
export const ACTIVITY_DETAILS = {
  /** An upload that copies a file of the user's. */
  copy: 'a copy of "{{name}}"',
  /** An upload that copies a file within a copied folder. */
  copyWithFolder: 'a copy of "{{name}}" with folder "{{folder}}"',
  /** An upload that replaced a file's content, keeping the old as a version. */
  newVersion: 'a new version',
  /** An upload that made an earlier version the current content; `date` is the version's ISO time. */
  restoredVersion: 'restored the version of {{date}}',
  /** A version's download or deletion; `date` is the version's ISO time. */
  version: 'the version of {{date}}',
  toTrash: 'to Trash',
  fromTrash: 'from Trash',
  /** Emptied from Trash after the installation's days in it. */
  purgedFromTrash_one: 'purged from Trash after {{count}} day',
  purgedFromTrash_other: 'purged from Trash after {{count}} days',
  withFolderToTrash: 'with folder "{{folder}}" to Trash',
  withFolder: 'with folder "{{folder}}"',
  withFolderFromTrash: 'with folder "{{folder}}" from Trash',
  /** An admin's deletion: whose file it was. */
  ownedBy: 'owner: {{owner}}',
  zip_one: 'zip of {{count}} file',
  zip_other: 'zip of {{count}} files',
  sessionsEnded_one: '{{count}} session',
  sessionsEnded_other: '{{count}} sessions',
  otherSessionsEnded_one: '{{count}} other session ended',
  otherSessionsEnded_other: '{{count}} other sessions ended',
  /** Sharing as it is after the change; `users` lists the usernames, comma-separated. */
  sharedPublic: 'public',
  sharedPrivate: 'private',
  sharedWith: 'private, shared with {{users}}',
  folderSharedPublic: 'folder, public',
  folderSharedPrivate: 'folder, private',
  folderSharedWith: 'folder, private, shared with {{users}}',
  /** The account an admin acted on, or the name tried at a failed sign-in. */
  account: '{{name}}',
  /** An admin's change of a user: the quota in bytes, before and after, and the admin flag. */
  quotaChanged: '{{name}}: quota {{before, bytes}} → {{after, bytes}}',
  adminGranted: '{{name}}: admin access granted',
  adminRemoved: '{{name}}: admin access removed',
  quotaChangedAdminGranted: '{{name}}: quota {{before, bytes}} → {{after, bytes}}; admin access granted',
  quotaChangedAdminRemoved: '{{name}}: quota {{before, bytes}} → {{after, bytes}}; admin access removed',
  /** A deleted account and what went with it. */
  userDeleted: '{{name}}: {{files}} files, {{folders}} folders',
} as const;

export type ActivityDetailCode = IdOf<keyof typeof ACTIVITY_DETAILS>;

const CODES = idsOf(ACTIVITY_DETAILS);

/** Every detail id (pairs by their stem). */
export const ACTIVITY_DETAIL_CODES = [...CODES] as ActivityDetailCode[];

export function isActivityDetailCode(code: string): code is ActivityDetailCode {
  return CODES.has(code);
}

/** An audit entry's detail as the server keeps it: its English text, its id and its values. */
export interface ActivityDetail {
  text: string;
  code: ActivityDetailCode;
  params: MessageParams;
}

/** The detail `code` says with these values; the compiler asks for exactly the values its text names. */
export function activityDetail<Code extends ActivityDetailCode>(code: Code, ...[params]: ParamsArg<typeof ACTIVITY_DETAILS, Code>): ActivityDetail {
  const values: MessageParams = params ?? {};
  return { text: fillEnglish(ACTIVITY_DETAILS, code, values), code, params: values };
}
