import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@vault/contract';
import type { Db } from '../../db/index.js';

/** Base32's lower-case alphabet: no 0/O or 1/l to confuse when copied by hand. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const CODE_LENGTH = 10;

function hashCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Replaces the user's recovery codes with fresh ones; returns them as shown (xxxxx-xxxxx), the only time they exist in clear. */
export async function replaceRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code), used_at: null })))
    .execute();
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** Spends one unused code (already normalised: lower case, no dash); a conditional UPDATE lets only one use win. */
export async function spendRecoveryCode(db: Db, userId: number, normalized: string): Promise<boolean> {
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: Date.now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashCode(normalized))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Turning two-factor sign-in off, by the user or an admin, leaves no secret and no code behind. */
export async function clearSecondFactor(trx: Db, userId: number): Promise<void> {
  await trx.updateTable('users').set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where('id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
