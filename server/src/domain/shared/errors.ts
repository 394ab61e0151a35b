import type { ErrorDetails } from '@vault/contract';

/**
 * Domain failures. The http layer maps each kind to a status code; the message
 * is a sentence safe to show to the user, and `details` the particulars a
 * client may act on (they travel beside the sentence).
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
  | 'locked';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class Invalid extends DomainError {
  constructor(message: string, details?: ErrorDetails) {
    super('invalid', message, details);
  }
}
/**
 * A password or code that a signed-in user enters again to confirm a
 * security change is wrong: a 400 (the session itself is fine), and counted
 * per user, so a stolen session cannot guess its way on.
 */
export class WrongSecret extends Invalid {}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required') {
    super('unauthorized', message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to do that') {
    super('forbidden', message);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super('not_found', message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}
export class TooLarge extends DomainError {
  constructor(message: string) {
    super('too_large', message);
  }
}
export class UnsupportedType extends DomainError {
  constructor(message: string) {
    super('unsupported_type', message);
  }
}
export class QuotaExceeded extends DomainError {
  constructor(message = 'Storage quota exceeded') {
    super('quota_exceeded', message);
  }
}
export class RateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

export class TimedOut extends DomainError {
  constructor(message: string) {
    super('timeout', message);
  }
}

/** Another request is working on the same thing right now; try again shortly. */
export class Locked extends DomainError {
  constructor(message: string) {
    super('locked', message);
  }
}
