import { LIMITS, LINK_LIMITS } from './limits.js';
import { fillEnglish, idsOf, type IdOf, type MessageParams, type ParamsArg } from './templates.js';


/** The limits validation texts name, the same in every language: a text marks them as `{{name, count}}`. */
export const VALIDATION_PARAMS = {
  usernameMin: LIMITS.usernameMin,
  usernameMax: LIMITS.usernameMax,
  passwordMin: LIMITS.passwordMin,
  passwordMax: LIMITS.passwordMax,
  folderNameMax: LIMITS.folderNameMax,
  tagMax: LIMITS.maxTagLength,
  maxTags: LIMITS.maxTags,
  maxSharedUsers: LIMITS.maxSharedUsers,
  labelMax: LINK_LIMITS.labelMax,
  messageMax: LINK_LIMITS.messageMax,
  quotaMinMb: LIMITS.quotaMinMb,
  totpDigits: LIMITS.totpDigits,
} as const satisfies MessageParams;

/**
 * What the schemas say about a value a person typed into a form, by a stable id, as templates: a limit
 * is filled in from VALIDATION_PARAMS, so that changing it changes every language's text.
 */
export const VALIDATION_TEMPLATES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least {{usernameMin, count}} characters',
  usernameTooLong: 'Username must be less than {{usernameMax, count}} characters',
  usernameCharacters: 'Username may only contain letters, numbers, dots, dashes and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least {{passwordMin, count}} characters',
  passwordTooLong: 'Password must be at most {{passwordMax, count}} characters',
  passwordWrong: 'Password is wrong',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  signInFailed: 'Invalid username or password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is wrong',
  codeRequired: 'Code is required',
  codeDigits: 'Enter the {{totpDigits}}-digit code',
  recoveryCodeRequired: 'Recovery code is required',
  recoveryCodeInvalid: 'Invalid recovery code',
  confirmUsernameRequired: 'Type the username to confirm',
  confirmUsernameMismatch: 'The username does not match',
  quotaNotNumber: 'Quota must be a number of MB',
  quotaNotWhole: 'Quota must be whole MB',
  quotaTooSmall: 'Quota must be at least {{quotaMinMb, count}} MB',
  quotaTooLarge: 'Quota is too large',
  folderNameRequired: 'Please enter a folder name',
  folderNameTooLong: 'Folder name must be at most {{folderNameMax, count}} characters',
  folderNameCharacters: 'Folder names cannot contain slashes or control characters',
  fileNameBlank: 'Name cannot be blank',
  fileNameTooLong: 'Name is too long',
  tagBlank: 'Tags cannot be blank',
  tagTooLong: 'Tags must be at most {{tagMax, count}} characters',
  tagCharacters: 'Tags cannot contain control characters',
  tooManyTags: 'Maximum {{maxTags, count}} tags allowed',
  shareUsernameBlank: 'Usernames cannot be blank',
  shareUnknownUser: 'Unknown user',
  shareTooManyUsers: 'At most {{maxSharedUsers, count}} users',
  linkPasswordEmpty: 'The password cannot be empty',
  linkPasswordTooLong: 'The password must be at most {{passwordMax, count}} characters',
  linkLabelTooLong: 'The label must be at most {{labelMax, count}} characters',
  linkLabelCharacters: 'The label cannot contain control characters',
  requestMessageTooLong: 'The message must be at most {{messageMax, count}} characters',
  requestMessageCharacters: 'The message cannot contain control characters other than line breaks',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_TEMPLATES;

/**
 * The validation texts in English, limits filled in. The server sends these in `{ error }`; the web shows
 * them in the interface language (its `validation` texts have one per id, filled from VALIDATION_PARAMS),
 * so a schema names its message from here rather than writing it out.
 */
export const VALIDATION_MESSAGES = Object.fromEntries(
  Object.keys(VALIDATION_TEMPLATES).map((id) => [id, fillEnglish(VALIDATION_TEMPLATES, id, VALIDATION_PARAMS)]),
) as Record<ValidationMessageId, string>;

/**
 * The other sentences the server says to a person: refusals of what they did (a name clash, a full quota,
 * a wrong code). The server sends the English text in `{ error }` with its id as `code` and the values it
 * filled in as `params`, so the web can say it in the interface language (its `errors` texts have one per
 * key). Values are marked as templates.ts says: `{{size, bytes}}` is a raw number of bytes, which each
 * language writes its own way.
 */
export const ERROR_MESSAGES = {
  authenticationRequired: 'Authentication required',
  permissionDenied: 'You do not have permission to do that',
  notFound: 'Not found',
  fileNotFound: 'File not found',
  folderNotFound: 'Folder not found',
  parentFolderNotFound: 'Parent folder not found',
  versionNotFound: 'Version not found',
  userNotFound: 'User not found',
  sessionNotFound: 'Session not found',
  linkNotFound: 'Link not found',
  fileRequestNotFound: 'File request not found',
  fileNameTaken: 'A file named "{{name}}" already exists here',
  folderNameTaken: 'A folder named "{{name}}" already exists here',
  folderMovedIntoItself: 'A folder cannot be moved into itself or one of its subfolders',
  folderCopiedIntoItself: 'A folder cannot be copied into itself or one of its subfolders',
  fileNameRequired: 'File name is required',
  folderTooDeep: 'Folders can be nested at most {{max, count}} levels deep',
  archiveTooDeep: 'These folders are nested too deeply for a zip: download a folder further down',
  copyTooMany: "A copy makes at most {{max, count}} files and folders at once: copy fewer, or a folder's parts one by one",
  renameKeepsType: "The new name must keep the file's type (.{{extension}})",
  quotaExceeded: 'Storage quota exceeded',
  quotaExceededRestore: 'Storage quota exceeded: free some space before restoring',
  fileTooLarge: 'File exceeds the {{size, bytes}} limit',
  fileTypeNotAllowed: 'File type .{{extension}} is not allowed',
  fileNeedsExtension: 'Files need an extension ({{allowed}})',
  fileContentMismatch: 'File content does not match its extension',
  tooManyFilesPerUpload: 'At most {{max, count}} files per upload',
  noFilesUploaded: 'No files were uploaded',
  pendingUploadsFull: 'At most {{max, count}} unfinished uploads at a time: finish or cancel one first',
  uploadsAtOnce: 'At most {{max, count}} uploads at once: try again when one has finished',
  pendingLinkUploadsFull: 'At most {{max, count}} unfinished uploads at a time through this link: finish or cancel one first',
  uploadStalled_one: 'The upload stalled: no data arrived for {{count}} second',
  uploadStalled_other: 'The upload stalled: no data arrived for {{count}} seconds',
  uploadDiscarded: 'The upload paused for too long and was discarded; send it again',
  requestFileTooLarge: 'This file is larger than what the request still accepts',
  requestUploadsUnfinished: 'This request takes no more files while those on their way are unfinished',
  uploaderNameTooLong: 'The name must be at most {{max, count}} characters',
  tooManyStars: 'At most {{max, count}} starred items: remove a star first',
  notInTrash: 'Not in Trash',
  wentWithFolder: 'It went to Trash with its folder: restore or delete that folder',
  linkDoesNotExist: 'This link does not exist.',
  linkExpired: 'This link has expired.',
  linkExhausted: 'This link has reached its download limit.',
  linkRevokedByOwner: 'This link has been revoked by its owner.',
  linkPasswordRequired: 'This link is protected by a password.',
  linkWrongPassword: 'Wrong password.',
  linkRevoked: 'This link has been revoked',
  linkStillActive: 'Revoke the link before removing it',
  fileRequestStillOpen: 'Close the file request before removing it',
  fileRequestClosed: 'This file request is closed',
  previewUnsupported: 'This file type cannot be previewed in the browser',
  previewsNotAllowed: 'The owner of this link does not allow previews',
  filesSharedOnlyPrivate: 'Files can be shared with named users only while private',
  foldersSharedOnlyPrivate: 'Folders can be shared with named users only while private',
  unknownUsers_one: 'Unknown user: {{names}}',
  unknownUsers_other: 'Unknown users: {{names}}',
  usernameTaken: 'Username already taken',
  emailTaken: 'Email already registered',
  registrationClosed: 'Registration is closed. Ask an administrator for an account.',
  accountDisabled: 'This account is disabled. Contact an administrator.',
  notAnAdmin: 'This account does not have administrator access. Use User Login instead.',
  adminRequired: 'Administrator access required',
  passwordChangeRequired: 'Choose a new password in Settings before continuing',
  twoFactorRequired: 'Turn on two-factor sign-in in Settings to use the admin panel',
  samePassword: 'Choose a password different from the current one',
  sessionEnded: 'Session has ended',
  signInExpired: 'This sign-in has expired. Enter your password again.',
  signInCompleted: 'This sign-in was already completed. Enter your password again.',
  codeInvalid: 'Invalid or already used code',
  recoveryCodeUsed: 'Invalid or already used recovery code',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorStartSetup: 'Start the setup first',
  twoFactorSetupChanged: 'Two-factor setup changed meanwhile; start again',
  twoFactorCodeWrong: 'That code is not right. Check the time on your device and try the next code.',
  tooManyRequests: 'Too many requests. Try again in {{seconds}} seconds.',
  tooManyFailedAttempts_one: 'Too many failed attempts. Try again in {{count}} minute.',
  tooManyFailedAttempts_other: 'Too many failed attempts. Try again in {{count}} minutes.',
  tooManyWrongCodes_one: 'Too many wrong codes. Enter your password again. Try again in {{count}} minute.',
  tooManyWrongCodes_other: 'Too many wrong codes. Enter your password again. Try again in {{count}} minutes.',
  tooManyAccounts_one: 'Too many accounts created from this address. Try again in {{count}} minute.',
  tooManyAccounts_other: 'Too many accounts created from this address. Try again in {{count}} minutes.',
  cannotRemoveOwnAdmin: 'You cannot remove your own administrator access',
  cannotDisableSelf: 'You cannot disable your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotResetOwnPassword: 'You cannot reset the password of your own account',
  cannotResetOwnTwoFactor: 'Turn off your own two-factor sign-in in Settings, with your password and a code',
  lastAdminDisabled: 'The last administrator cannot be disabled',
  lastAdminDeleted: 'The last administrator cannot be deleted',
} as const;

/** A catalogued sentence's id: a key, or the shared stem of an `_one`/`_other` pair. */
export type ErrorMessageId = IdOf<keyof typeof ERROR_MESSAGES>;

/** A catalogued sentence as the server says it: the English text, and what a client needs to say it in another language. */
export interface Sentence {
  text: string;
  code: ErrorMessageId;
  params?: MessageParams;
}

const IDS = idsOf(ERROR_MESSAGES);

export function isErrorMessageId(code: string): code is ErrorMessageId {
  return IDS.has(code);
}

/** The English text of an id with its values filled in (`count` picks `_one` for 1, else `_other`). */
export function englishText(code: ErrorMessageId, params: MessageParams = {}): string {
  return fillEnglish(ERROR_MESSAGES, code, params);
}

/** The sentence `code` says with these values; the compiler asks for exactly the values its text names. */
export function sentence<Id extends ErrorMessageId>(code: Id, ...[params]: ParamsArg<typeof ERROR_MESSAGES, Id>): Sentence {
  return params ? { text: englishText(code, params), code, params } : { text: englishText(code), code };
}
