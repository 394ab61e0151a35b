import { z } from 'zod';

/** Why a share link or file request shows its visitor no item: its state, or that it needs a password first. */
export const LINK_REFUSALS = ['not_found', 'expired', 'exhausted', 'revoked', 'password_required', 'wrong_password'] as const;
export type LinkRefusal = (typeof LINK_REFUSALS)[number];

/** Particulars an error body may carry beside its sentence, for clients that act on them. */
export const errorDetailsSchema = z.object({
  /** Usernames that match no account; a share naming any of them is refused whole. */
  unknown_users: z.array(z.string()).optional(),
  /** A link's visitor was refused: which of the reasons, so the landing page can say it. */
  link_refusal: z.enum(LINK_REFUSALS).optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/**
 * Beside a sentence from ERROR_MESSAGES: its id and the values filled into it, so a client can say it in
 * another language. A string rather than the ids: a client that does not know a newer id shows the text.
 */
export const sentenceRefShape = {
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/** Every error answer: a sentence safe to show as it is, and sometimes its id and particulars. */
export const errorResponseSchema = errorDetailsSchema.extend({ error: z.string(), ...sentenceRefShape });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A string field whose absence and emptiness share one message ("Username is required" for both). */
export function requiredString(message: string) {
  return z.string({ error: message }).min(1, message);
}

/** Query strings carry empty values for cleared inputs: they mean "not given". */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/** A repeated query key arrives as a string once and as an array when repeated. */
export function repeatedQuery<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => (v === undefined || v === '' ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '')),
    z.array(item),
  );
}

/**
 * A whole number as a path or a query writes it: decimal digits, perhaps
 * after a minus, read into `number`. Text in any other form ("1e3", "0x10",
 * "1.0", " 7") fails `number` as not a number instead of being read as 1000,
 * 16, 1 or 7.
 */
export function decimalSchema<T extends z.ZodType>(number: T) {
  return z.preprocess((v) => (typeof v === 'string' ? (/^-?\d+$/.test(v) ? Number(v) : Number.NaN) : v), number);
}

export const idParamSchema = z.object({
  id: decimalSchema(z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(Number.MAX_SAFE_INTEGER, 'Invalid id')),
});

/** A yes/no query parameter: 1 or true, 0 or false. */
export function flagQuerySchema(name: string) {
  return z.enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0` }).transform((v) => v === '1' || v === 'true');
}

export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' });

export const pageSchema = decimalSchema(z.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000, 'page is too large'));

export function limitSchema(defaultLimit: number, max: number) {
  return decimalSchema(z.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(max, `limit must be at most ${max}`).default(defaultLimit));
}

/** Dates travel as ISO-8601 strings. */
export const isoDate = z.string();
