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
