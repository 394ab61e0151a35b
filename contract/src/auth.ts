import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';
import { requiredString } from './common.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const usernameSchema = requiredString(VALIDATION_MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, VALIDATION_MESSAGES.usernameTooShort)
  .max(LIMITS.usernameMax, VALIDATION_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, VALIDATION_MESSAGES.usernameCharacters);

export const emailSchema = requiredString(VALIDATION_MESSAGES.emailRequired)
  .max(LIMITS.emailMax, VALIDATION_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid);

export const passwordSchema = requiredString(VALIDATION_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, VALIDATION_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, VALIDATION_MESSAGES.passwordTooLong);

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form adds confirmPassword, checked in the browser only: the server never sees it. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: requiredString(VALIDATION_MESSAGES.confirmPassword) })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const loginModeSchema = z.enum(['user', 'admin']);
export type LoginMode = z.infer<typeof loginModeSchema>;

export const loginRequestSchema = z.object({
  username: requiredString(VALIDATION_MESSAGES.usernameRequired).max(LIMITS.usernameMax + 200, VALIDATION_MESSAGES.signInFailed),
  password: requiredString(VALIDATION_MESSAGES.passwordRequired).max(LIMITS.passwordMax, VALIDATION_MESSAGES.signInFailed),
  /** Admin Login: refused unless the account is an admin. */
  mode: loginModeSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** After an admin's password reset: the user must choose a new password before anything else. */
  must_change_password: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const userStatsSchema = z.object({
  total_files: z.number().int(),
  used_storage_bytes: z.number().int(),
  storage_quota_mb: z.number(),
  storage_quota_bytes: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const demoCredentialsSchema = z.object({ username: z.string(), password: z.string() });
export type DemoCredentials = z.infer<typeof demoCredentialsSchema>;


/** GET /api/config: what the web needs to know before sign-in. */
export const appConfigSchema = z.object({
  demo: z.object({ user: demoCredentialsSchema, admin: demoCredentialsSchema }).nullable(),
  max_file_bytes: z.number().int(),
  /** Admins must turn on two-factor sign-in before the admin panel opens (absent from servers before it existed). */
  require_2fa_for_admins: z.boolean().default(false),
  /** Extensions this installation accepts (ALLOWED_TYPES). */
  allowed_types: z.array(z.string()),
  /** False when self-registration is closed (ALLOW_REGISTRATION=false). */
  registration_open: z.boolean(),
  /** Days a deleted item stays in Trash before it is purged (TRASH_DAYS); 0: deleting is permanent. */
  trash_days: z.number().int().default(0),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
