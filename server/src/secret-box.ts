import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Sealed values start with their scheme's version: nothing else stored there contains a dot (base32). */
const SCHEME = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept at rest in the database (TOTP secrets), so that a copy of
 * the database alone does not give them away: AES-256-GCM under a key derived
 * (HKDF-SHA256) from the server's own secret (JWT_SECRET, or the one generated
 * into DATA_DIR). Each value is bound to a context (its account), so a sealed
 * value moved to another row does not open there.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed under another key or context, or was altered. */
  open(sealed: string, context: string): string;
}

/** Whether a stored value is sealed (rather than a value from before sealing). */
export function isSealed(value: string): boolean {
  return value.startsWith(SCHEME);
}

/** What a user's TOTP secret (pending or confirmed) is sealed to: that account alone. */
export function totpContext(userId: number): string {
  return `totp:${userId}`;
}

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'vault', 'secrets at rest v1', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SCHEME + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new Error('Not a sealed value');
      const raw = Buffer.from(sealed.slice(SCHEME.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
