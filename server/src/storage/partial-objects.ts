import type { Readable } from 'node:stream';

/**
 * Objects written over several requests, possibly on different instances: a
 * resumable upload's bytes. Each request resumes writing where the last saved
 * state says, makes its bytes durable at checkpoints, and returns a state to
 * save beside the offset. The key is leased for as long as the object is
 * unfinished, like any object in flight. Once every byte is in, the object
 * becomes a finished object under its key, as if put() had written it.
 */
export interface PartialWriter {
  /** Appends the next bytes. */
  write(chunk: Buffer): Promise<void>;
  /**
   * Makes every byte written so far durable, in two steps, so that the
   * caller may go on writing while the slow part runs: resolves once the
   * store has taken every byte written before the call (later writes go on
   * beside the checkpoint and are no part of it), with `durable`, which
   * resolves once those bytes are durable, to the state to save with their
   * count. Only then may that count be saved.
   */
  checkpoint(): Promise<Checkpoint>;
  /**
   * Ends this request's writing, once every checkpoint's durable step has
   * ended. `saved` is the state last saved with the offset (the one the
   * request began with if it saved none): whatever the store holds beside
   * the object that this state does not refer to goes.
   */
  close(saved: string): Promise<void>;
}

/** See PartialWriter.checkpoint. */
export interface Checkpoint {
  durable: Promise<string>;
}

export interface PartialObjects {
  /** Starts an empty object under `key` (leased by the caller); its initial state. */
  start(key: string): Promise<string>;
  /**
   * Goes on writing at `offset`, the byte count saved with `state`. Bytes a
   * crashed writer wrote beyond it are overwritten.
   */
  resume(key: string, state: string, offset: number): Promise<PartialWriter>;
  /**
   * The first `end` bytes of the unfinished object (`end` a saved offset),
   * for a store that can read them back (the disk; not S3, whose parts are
   * not readable before the upload completes).
   */
  read?(key: string, state: string, end: number): Readable;
  /** Every byte is in: the object becomes a finished, durable object under `key`. */
  complete(key: string, state: string): Promise<void>;
  /** Removes the object and everything its state holds; a missing object is not an error. */
  abort(key: string, state: string): Promise<void>;
  /**
   * What unfinished objects keep beside their key (S3: the tails), left by a
   * request or a removal that failed: removes what is older than `before` and
   * belongs to an object that `leased` does not return (an unfinished object
   * is leased until its upload expires). Returns how many went.
   */
  sweep?(before: number, leased: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}
