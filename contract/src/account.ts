import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';
import { requiredString } from './common.js';
import { authResponseSchema, emailSchema, passwordSchema, userSchema } from './auth.js';

/** A TOTP code: LIMITS.totpDigits digits; spaces a user may type between groups are ignored. */
export const totpCodeSchema = requiredString(VALIDATION_MESSAGES.codeRequired)
  .max(20, VALIDATION_MESSAGES.codeDigits)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.totpDigits}}$`), VALIDATION_MESSAGES.codeDigits));

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and the dash are forgiven. */
export const recoveryCodeSchema = requiredString(VALIDATION_MESSAGES.recoveryCodeRequired)
  .max(40, VALIDATION_MESSAGES.recoveryCodeInvalid)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, VALIDATION_MESSAGES.recoveryCodeInvalid));

export const RECOVERY_CODE_COUNT = 10;

/** GET /api/account: the signed-in user and the state of their sign-in security. */
export const accountSchema = z.object({
  user: userSchema,
  two_factor_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** Set by an admin's password reset: every other page is refused until the password is changed. */
  must_change_password: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const emailChangeSchema = z.object({ email: emailSchema }).strict();
export type EmailChange = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = z
  .object({
    current_password: requiredString(VALIDATION_MESSAGES.currentPasswordRequired).max(256, VALIDATION_MESSAGES.currentPasswordWrong),
    new_password: passwordSchema,
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  address: z.string().nullable(),
  /** The browser's name from the user agent ("Firefox"); null when it names none Vault knows. */
  browser: z.string().nullable(),
  /** The operating system's name from the user agent ("Linux"); null when it names none Vault knows. */
  system: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export const sessionIdParamSchema = z.object({ id: z.uuid('Invalid session id') });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL made on the server (no third party sees the secret). */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The account's password, asked again before a change of sign-in security: a session alone never makes one. */
const confirmingPasswordSchema = requiredString(VALIDATION_MESSAGES.passwordRequired).max(256, VALIDATION_MESSAGES.passwordWrong);

/** Turning two-factor sign-in on or off: the password, and a code of the authenticator (the new one's, or the current one's). */
export const twoFactorChangeSchema = z.object({ password: confirmingPasswordSchema, code: totpCodeSchema }).strict();
export type TwoFactorChange = z.infer<typeof twoFactorChangeSchema>;
export const recoveryCodesRequestSchema = z.object({ password: confirmingPasswordSchema }).strict();
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/login/2fa: the challenge from the password step, and one code or one recovery code. */
export const secondFactorRequestSchema = z
  .object({
    challenge: requiredString('Challenge is required').max(2000, 'Invalid challenge'),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), { message: 'Send either code or recovery_code' });
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

export const accountStorageSchema = z.object({
  quota_bytes: z.number().int(),
  used_bytes: z.number().int(),
  /** Bytes of the user's files and versions as uploaded, Trash included; used_bytes counts each distinct content once. */
  logical_bytes: z.number().int(),
  savings_bytes: z.number().int(),
  total_files: z.number().int(),
  largest: z.array(z.object({ id: z.number().int(), original_name: z.string(), file_size: z.number().int() })),
});
export type AccountStorage = z.infer<typeof accountStorageSchema>;

/** The password step's answer when the account has two-factor sign-in: no session yet, only a challenge. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  /** Valid for one completed sign-in within five minutes; never accepted as a session. */
  challenge: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const temporaryPasswordSchema = z.object({ temporary_password: z.string() });
export type TemporaryPassword = z.infer<typeof temporaryPasswordSchema>;
export const deleteUserRequestSchema = z.object({ confirm_username: requiredString(VALIDATION_MESSAGES.confirmUsernameRequired).max(300, VALIDATION_MESSAGES.confirmUsernameMismatch) }).strict();
