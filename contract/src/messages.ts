import { LIMITS, LINK_LIMITS } from './limits.js';

/**
 * What the schemas say about a value a person typed into a form, by a stable id. The server sends these
 * English texts in `{ error }`; the web shows them in the interface language (its `validation` texts have
 * one per id), so a schema names its message from here rather than writing it out.
 */
export const VALIDATION_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameTooLong: `Username must be less than ${LIMITS.usernameMax} characters`,
  usernameCharacters: 'Username may only contain letters, numbers, dots, dashes and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordWrong: 'Password is wrong',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  signInFailed: 'Invalid username or password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is wrong',
  codeRequired: 'Code is required',
  codeSixDigits: 'Enter the 6-digit code',
  recoveryCodeRequired: 'Recovery code is required',
  recoveryCodeInvalid: 'Invalid recovery code',
  confirmUsernameRequired: 'Type the username to confirm',
  confirmUsernameMismatch: 'The username does not match',
  quotaNotNumber: 'Quota must be a number of MB',
  quotaNotWhole: 'Quota must be whole MB',
  quotaTooSmall: 'Quota must be at least 1 MB',
  quotaTooLarge: 'Quota is too large',
  folderNameRequired: 'Please enter a folder name',
  folderNameTooLong: `Folder name must be at most ${LIMITS.folderNameMax} characters`,
  folderNameCharacters: 'Folder names cannot contain slashes or control characters',
  fileNameBlank: 'Name cannot be blank',
  fileNameTooLong: 'Name is too long',
  tagBlank: 'Tags cannot be blank',
  tagTooLong: `Tags must be at most ${LIMITS.maxTagLength} characters`,
  tagCharacters: 'Tags cannot contain control characters',
  tooManyTags: `Maximum ${LIMITS.maxTags} tags allowed`,
  shareUsernameBlank: 'Usernames cannot be blank',
  shareUnknownUser: 'Unknown user',
  shareTooManyUsers: `At most ${LIMITS.maxSharedUsers} users`,
  linkPasswordEmpty: 'The password cannot be empty',
  linkPasswordTooLong: `The password must be at most ${LIMITS.passwordMax} characters`,
  linkLabelTooLong: `The label must be at most ${LINK_LIMITS.labelMax} characters`,
  linkLabelCharacters: 'The label cannot contain control characters',
  requestMessageTooLong: `The message must be at most ${LINK_LIMITS.messageMax} characters`,
  requestMessageCharacters: 'The message cannot contain control characters other than line breaks',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;

/**
 * The other sentences the server says to a person: refusals of what they did (a name clash, a full quota,
 * a wrong code). The server sends the English text in `{ error }` with its id as `code` and the values it
 * filled in as `params`, so the web can say it in the interface language (its `errors` texts have one per
 * key). `{{name}}` marks a value; a pair of keys ending in `_one` and `_other` is one id whose `count`
 * chooses between them, as i18next does.
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
  copyTooMany: "A copy makes at most {{max}} files and folders at once: copy fewer, or a folder's parts one by one",
  renameKeepsType: "The new name must keep the file's type (.{{extension}})",
  quotaExceeded: 'Storage quota exceeded',
  quotaExceededRestore: 'Storage quota exceeded: free some space before restoring',
  fileTooLarge: 'File exceeds the {{size}} limit',
  fileTypeNotAllowed: 'File type .{{extension}} is not allowed',
  fileNeedsExtension: 'Files need an extension ({{allowed}})',
  fileContentMismatch: 'File content does not match its extension',
  tooManyFilesPerUpload: `At most ${LIMITS.maxFilesPerUpload} files per upload`,
  noFilesUploaded: 'No files were uploaded',
  pendingUploadsFull: 'At most {{max}} unfinished uploads at a time: finish or cancel one first',
  pendingLinkUploadsFull: 'At most {{max}} unfinished uploads at a time through this link: finish or cancel one first',
  uploadStalled_one: 'The upload stalled: no data arrived for {{count}} second',
  uploadStalled_other: 'The upload stalled: no data arrived for {{count}} seconds',
  uploadDiscarded: 'The upload paused for too long and was discarded; send it again',
  requestFileTooLarge: 'This file is larger than what the request still accepts',
  requestUploadsUnfinished: 'This request takes no more files while those on their way are unfinished',
  uploaderNameTooLong: `The name must be at most ${LINK_LIMITS.uploaderNameMax} characters`,
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
  lastAdminDisabled: 'The last administrator cannot be disabled',
  lastAdminDeleted: 'The last administrator cannot be deleted',
} as const;

type CatalogueKey = keyof typeof ERROR_MESSAGES;
/** A catalogued sentence's id: a key, or the shared stem of an `_one`/`_other` pair. */
export type ErrorMessageId = CatalogueKey extends infer K ? (K extends `${infer Stem}_${'one' | 'other'}` ? Stem : K) : never;
type KeysOf<Id extends ErrorMessageId> = Extract<CatalogueKey, Id | `${Id}_one` | `${Id}_other`>;
type PlaceholdersOf<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
/** A pair's `count` chooses its text even where the text does not show it. */
type CountOf<Id extends ErrorMessageId> = [Extract<KeysOf<Id>, `${string}_one`>] extends [never] ? never : 'count';
type ParamsOf<Id extends ErrorMessageId> = PlaceholdersOf<(typeof ERROR_MESSAGES)[KeysOf<Id>]> | CountOf<Id>;

export type MessageParams = Record<string, string | number>;

/** A catalogued sentence as the server says it: the English text, and what a client needs to say it in another language. */
export interface Sentence {
  text: string;
  code: ErrorMessageId;
  params?: MessageParams;
}

const IDS = new Set<string>(Object.keys(ERROR_MESSAGES).map((key) => key.replace(/_(one|other)$/, '')));

export function isErrorMessageId(code: string): code is ErrorMessageId {
  return IDS.has(code);
}

/** The English text of an id with its values filled in (`count` picks `_one` for 1, else `_other`). */
export function englishText(code: ErrorMessageId, params: MessageParams = {}): string {
  const catalogue: Record<string, string> = ERROR_MESSAGES;
  const template = catalogue[code] ?? catalogue[`${code}_${params.count === 1 ? 'one' : 'other'}`] ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The sentence `code` says with these values; the compiler asks for exactly the values its text names. */
export function sentence<Id extends ErrorMessageId>(code: Id, ...[params]: [ParamsOf<Id>] extends [never] ? [] : [Record<ParamsOf<Id>, string | number>]): Sentence {
  return params ? { text: englishText(code, params), code, params } : { text: englishText(code), code };
}
