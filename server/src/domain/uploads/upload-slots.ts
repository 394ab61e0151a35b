import { sentence } from '@vault/contract';
import { RateLimited } from '../shared/errors.js';

/** A client told to wait for one of their uploads to finish tries again this much later. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A user's multipart uploads under way in this process, at most `max` at
 * once. Each request may stage up to what remains of the quota on the disk
 * before its commit checks it exactly, so without a bound a user's parallel
 * requests could fill the disk many times over their quota.
 */
export class UploadSlots {
  private readonly held = new Map<number, number>();

  constructor(private readonly max: number) {}

  /** Takes one of the user's slots, or refuses (429); returns its release, which may be called more than once. */
  take(userId: number): () => void {
    const taken = this.held.get(userId) ?? 0;
    if (taken >= this.max) throw new RateLimited(sentence('uploadsAtOnce', { max: this.max }), RETRY_AFTER_SECONDS);
    this.held.set(userId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(userId) ?? 1) - 1;
      if (left === 0) this.held.delete(userId);
      else this.held.set(userId, left);
    };
  }
}
