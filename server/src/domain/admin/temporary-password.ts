import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read out or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

/** A password an admin passes on, to be replaced at its first use (must_change_password). */
export function temporaryPassword(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
