import { randomBytes } from 'node:crypto';

/** 256 random bits, base64url: unguessable, and unrelated to any id. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}
