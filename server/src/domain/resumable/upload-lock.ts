import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.js';
import { Locked } from '../shared/errors.js';

/**
 * One request at a time writes to an upload, whichever instance it reaches:
 * a lock is a token and an expiry on the upload's row, taken by one
 * conditional UPDATE (atomic on SQLite and PostgreSQL alike, and no
 * connection is held while the bytes arrive). The holder extends it while
 * bytes keep arriving; one that stops loses it when it expires, so a crashed
 * instance never blocks an upload for longer than `ttlMs`.
 */
export class UploadLock {
  private renewedAt = Date.now();

  private constructor(
    private readonly db: Db,
    readonly uploadId: string,
    readonly token: string,
    private readonly ttlMs: number,
  ) {}

  /** Throws Locked (423) while another request holds the upload. */
  static async take(db: Db, uploadId: string, ttlMs: number): Promise<UploadLock> {
    const token = randomUUID();
    const now = Date.now();
    const taken = await db
      .updateTable('resumable_uploads')
      .set({ lock_token: token, locked_until: now + ttlMs })
      .where('id', '=', uploadId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new Locked('Another request is writing to this upload; try again shortly');
    return new UploadLock(db, uploadId, token, ttlMs);
  }

  /** Bytes arrived: extends the lock, at most every quarter of its life. */
  async extend(): Promise<void> {
    if (Date.now() - this.renewedAt >= this.ttlMs / 4) await this.renew();
  }

  private async renew(): Promise<void> {
    const now = Date.now();
    this.renewedAt = now;
    const kept = await this.db
      .updateTable('resumable_uploads')
      .set({ locked_until: now + this.ttlMs })
      .where('id', '=', this.uploadId)
      .where('lock_token', '=', this.token)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) !== 1) throw new Locked('This upload was taken over by another request');
  }

  /**
   * Holds the lock through work that sends no bytes (completing a large
   * upload in S3 can take minutes): extends it every quarter of its life
   * until the work is done. A lock lost meanwhile is found by the holder's
   * next conditional write.
   */
  async keepWhile<T>(work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => void this.renew().catch(() => undefined), this.ttlMs / 4);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  async release(): Promise<void> {
    await this.db
      .updateTable('resumable_uploads')
      .set({ lock_token: null, locked_until: null })
      .where('id', '=', this.uploadId)
      .where('lock_token', '=', this.token)
      .execute();
  }
}
