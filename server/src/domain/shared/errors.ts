import { sentence, type ErrorDetails, type MessageParams, type Sentence } from '@vault/contract';

/**
 * Domain failures. The http layer maps each kind to a status code; the message
 * is a sentence safe to show to the user, and `details` the particulars a
 * client may act on (they travel beside the sentence). A catalogued sentence
 * (ERROR_MESSAGES) also carries its id and values, so a client can say it in
 * the user's language; plain text is for sentences only API clients meet.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  /** Existed, and has ended for good (an expired, exhausted or revoked link). */
  | 'gone'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'timeout'
  | 'locked'
  /** The bytes of a request are not those whose checksum it declared. */
  | 'checksum_mismatch'
  /** A plain request where only another protocol is spoken (a websocket). */
  | 'upgrade_required';

/** What a failure says: a catalogued sentence, or plain text. */
export type Said = Sentence | string;

/** A catalogued sentence's id and values, as they travel beside its text; empty for plain text. */
export interface SentenceRef {
  code?: Sentence['code'];
  params?: MessageParams;
}

export class DomainError extends Error {
  readonly ref: SentenceRef;

  constructor(
    readonly kind: ErrorKind,
    said: Said,
    readonly details: ErrorDetails = {},
  ) {
    super(typeof said === 'string' ? said : said.text);
    this.name = 'DomainError';
    this.ref = typeof said === 'string' ? {} : { code: said.code, ...(said.params ? { params: said.params } : {}) };
  }
}

export class Invalid extends DomainError {
  constructor(said: Said, details?: ErrorDetails) {
    super('invalid', said, details);
  }
}
/**
 * A password or code that a signed-in user enters again to confirm a
 * security change is wrong: a 400 (the session itself is fine), and counted
 * per user, so a stolen session cannot guess its way on.
 */
export class WrongSecret extends Invalid {}
export class Unauthorized extends DomainError {
  constructor(said: Said = sentence('authenticationRequired')) {
    super('unauthorized', said);
  }
}
export class Forbidden extends DomainError {
  constructor(said: Said = sentence('permissionDenied')) {
    super('forbidden', said);
  }
}
export class NotFound extends DomainError {
  constructor(said: Said = sentence('notFound')) {
    super('not_found', said);
  }
}
export class Conflict extends DomainError {
  constructor(said: Said) {
    super('conflict', said);
  }
}
export class TooLarge extends DomainError {
  constructor(said: Said) {
    super('too_large', said);
  }
}
export class UnsupportedType extends DomainError {
  constructor(said: Said) {
    super('unsupported_type', said);
  }
}
export class QuotaExceeded extends DomainError {
  constructor(said: Said = sentence('quotaExceeded')) {
    super('quota_exceeded', said);
  }
}
export class RateLimited extends DomainError {
  constructor(
    said: Said,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', said);
  }
}

export class TimedOut extends DomainError {
  constructor(said: Said) {
    super('timeout', said);
  }
}

/** Another request is working on the same thing right now; try again shortly. */
export class Locked extends DomainError {
  constructor(said: Said) {
    super('locked', said);
  }
}

/** A resumable upload's bytes do not match the checksum sent with them; none of them was kept. */
export class ChecksumMismatch extends DomainError {
  constructor(said: Said) {
    super('checksum_mismatch', said);
  }
}

export class UpgradeRequired extends DomainError {
  constructor(said: Said) {
    super('upgrade_required', said);
  }
}
