import { sentence } from '@vault/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { Conflict, DomainError, RateLimited, Unauthorized, WrongSecret } from '../domain/shared/errors.js';
import type { CounterStore, Limit } from './counter-store.js';

const HOUR_MS = 3_600_000;
/** The first slowed-down attempt on a username waits this long; each further failure doubles it. */
const SLOWDOWN_STEP_MS = 250;


export interface FailurePolicy {
  /** Failed sign-ins per (address, username), and refused registrations per address, in a window. */
  limit: number;
  /** Failed sign-ins per address in a window, whatever the usernames. */
  addressLimit: number;
  windowMs: number;
  /** Ceiling of the delay put on a username's attempts once it has `limit` recent failures. */
  slowdownMaxMs: number;
  registrationsPerHour: number;
}

/**
 * Sign-in and registration attempts, each counted before it runs so that
 * parallel attempts cannot overtake the count. A username is never locked:
 * only addresses are refused, and a username under attack from many addresses
 * answers more slowly, so its owner still signs in from their own address.
 */
export interface FailureLimiter {
  /** Runs `attempt` (a password check) unless this address is over a limit; a wrong password (Unauthorized) counts. */
  signIn<T>(address: string, username: string, attempt: () => Promise<T>): Promise<T>;
  /** Runs `attempt` (a share link's password check) under the same rules, per address and per link (by its token). */
  unlockLink<T>(address: string, token: string, attempt: () => Promise<T>): Promise<T>;
  /** Runs `attempt` (an account creation) unless this address is over a limit; an account made, or a name taken (Conflict), counts. */
  register<T>(address: string, attempt: () => Promise<T>): Promise<T>;
  /**
   * Runs `attempt` (a second-factor check) unless the challenge or the user is
   * over a limit; a wrong code (Unauthorized) counts against both. A challenge
   * runs one attempt at a time and completes one sign-in only.
   */
  secondFactor<T>(challenge: { userId: number; challengeId: string; expiresAt: number }, attempt: () => Promise<T>): Promise<T>;
  /**
   * Runs `attempt` (a signed-in user's security change that checks their
   * password, or password and code, again) unless the user has `limit` wrong
   * ones (WrongSecret) in the window, from any session or address; a right
   * one clears the count.
   */
  reconfirm<T>(userId: number, attempt: () => Promise<T>): Promise<T>;
  /**
   * Runs `attempt` (a signed-in user's change of e-mail address) unless the
   * user has `limit` addresses found taken (Conflict) in the window: each tells
   * that someone holds the address, as a refused registration does.
   */
  changeEmail<T>(userId: number, attempt: () => Promise<T>): Promise<T>;
}

/** Wrong codes one challenge may take before its user must enter the password again. */
export const CODES_PER_CHALLENGE = 5;
/** Wrong codes per user per window, over all their challenges: guessing six digits stays hopeless. */
export const CODES_PER_USER = 10;

/** What a full counter says, with the minutes until it empties. */
type Refusal = 'tooManyFailedAttempts' | 'tooManyWrongCodes' | 'tooManyAccounts';
type Counter = Limit & { refusal: Refusal };

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** 0 until a username has `free` recent failures, then doubling from SLOWDOWN_STEP_MS up to `maxMs`. */
function slowdownMs(failures: number, free: number, maxMs: number): number {
  if (failures < free) return 0;
  return Math.min(maxMs, SLOWDOWN_STEP_MS * 2 ** Math.min(failures - free, 20));
}

export function createFailureLimiter(store: CounterStore, policy: FailurePolicy): FailureLimiter {
  const { limit, addressLimit, windowMs } = policy;

  /** Counts one attempt on each counter, or refuses it with the first full counter's reason. */
  async function reserve(counters: Counter[]): Promise<number[]> {
    const result = await store.reserve(counters);
    if (result.ok) return result.counts;
    throw new RateLimited(
      sentence(counters[result.refused]!.refusal, { count: minutes(result.resetInMs) }),
      Math.max(1, Math.ceil(result.resetInMs / 1000)),
    );
  }

  /**
   * Counts an attempt on `subject` (a username, a link) from `address` before
   * it runs: refused when the address, or the pair, is over its limit; slowed
   * down when the subject has many recent failures from anywhere. A wrong
   * secret (an 'unauthorized' failure) keeps its count; anything else gives
   * it back, and a success clears the pair.
   */
  async function guarded<T>(prefix: string, noun: string, address: string, subject: string, attempt: () => Promise<T>): Promise<T> {
    const perAddress = `${prefix}:ip:${address}`;
    const perPair = `${prefix}:ip-${noun}:${address}/${subject}`; // no address has a slash
    const perSubject = `${prefix}:${noun}:${subject}`;
    const counts = await reserve([
      { key: perAddress, max: addressLimit, windowMs, refusal: 'tooManyFailedAttempts' },
      { key: perPair, max: limit, windowMs, refusal: 'tooManyFailedAttempts' },
      // Never refuses: the subject's count only sets its delay.
      { key: perSubject, max: Infinity, windowMs, refusal: 'tooManyFailedAttempts' },
    ]);
    const delay = slowdownMs(counts[2]! - 1, limit, policy.slowdownMaxMs);
    if (delay > 0) await sleep(delay);
    try {
      const result = await attempt();
      await Promise.all([store.release([perAddress, perSubject]), store.reset(perPair)]);
      return result;
    } catch (err) {
      const wrongSecret = err instanceof DomainError && err.kind === 'unauthorized';
      if (!wrongSecret) await store.release([perAddress, perPair, perSubject]);
      throw err;
    }
  }

  /**
   * Counts an attempt on a user's `key` before it runs, refused past `limit` in
   * the window. Only a failure `counts` accepts keeps its count; a success
   * resets the key, or just gives its own count back.
   */
  async function userAttempt<T>(key: string, counts: (err: unknown) => boolean, onSuccess: 'reset' | 'release', attempt: () => Promise<T>): Promise<T> {
    await reserve([{ key, max: limit, windowMs, refusal: 'tooManyFailedAttempts' }]);
    try {
      const result = await attempt();
      await (onSuccess === 'reset' ? store.reset(key) : store.release([key]));
      return result;
    } catch (err) {
      if (!counts(err)) await store.release([key]);
      throw err;
    }
  }

  return {
    signIn: (address, username, attempt) => guarded('login', 'user', address, username.toLowerCase(), attempt),
    unlockLink: (address, token, attempt) => guarded('link', 'token', address, token, attempt),

    async secondFactor({ userId, challengeId, expiresAt }, attempt) {
      const challengeWindow = Math.max(1, expiresAt - Date.now());
      const inUse = `2fa:challenge-use:${challengeId}`;
      const held = await store.reserve([{ key: inUse, max: 1, windowMs: challengeWindow }]);
      if (!held.ok) throw new Unauthorized(sentence('signInCompleted'));
      const perChallenge = `2fa:challenge:${challengeId}`;
      const perUser = `2fa:user:${userId}`;
      try {
        await reserve([
          { key: perChallenge, max: CODES_PER_CHALLENGE, windowMs: challengeWindow, refusal: 'tooManyWrongCodes' },
          { key: perUser, max: CODES_PER_USER, windowMs, refusal: 'tooManyFailedAttempts' },
        ]);
      } catch (err) {
        await store.release([inUse]);
        throw err;
      }
      try {
        const result = await attempt();
        // The challenge stays used: it completed its one sign-in.
        await store.release([perUser]);
        return result;
      } catch (err) {
        await store.release(err instanceof Unauthorized ? [inUse] : [inUse, perChallenge, perUser]);
        throw err;
      }
    },

    reconfirm: (userId, attempt) => userAttempt(`reconfirm:user:${userId}`, (err) => err instanceof WrongSecret, 'reset', attempt),
    // A change that succeeds clears nothing: it must not reset the count of probes before it.
    changeEmail: (userId, attempt) => userAttempt(`email-taken:user:${userId}`, (err) => err instanceof Conflict, 'release', attempt),

    async register(address, attempt) {
      const created = `register:ip:${address}`;
      const refused = `register-refused:ip:${address}`;
      await reserve([
        { key: created, max: policy.registrationsPerHour, windowMs: HOUR_MS, refusal: 'tooManyAccounts' },
        { key: refused, max: limit, windowMs, refusal: 'tooManyFailedAttempts' },
      ]);
      try {
        const result = await attempt();
        await store.release([refused]);
        return result;
      } catch (err) {
        await store.release(err instanceof Conflict ? [created] : [created, refused]);
        throw err;
      }
    },
  };
}
