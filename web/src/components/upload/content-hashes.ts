import { MIB } from '../../lib/bytes';
import type { HashAnswer, HashRequest } from '../../workers/content-hash.worker';

/** Smaller files are sent without a hash: their bytes cost about as little as the extra request would save. */
export const HASHED_FROM_BYTES = MIB;

/** Hashes one file, rejecting once `signal` aborts. */
export type HashFile = (file: File, signal: AbortSignal) => Promise<string>;

/**
 * The SHA-256 of the files waiting in the upload queue, computed one at a
 * time in the order they will be sent, while earlier files upload. A file
 * whose hash is known when its turn comes names it at creation, and content
 * the user already stores then completes without sending a byte. Nothing
 * ever waits for a hash: a file whose turn comes first is sent without one,
 * and its hashing stops.
 */
export class ContentHashes {
  private readonly known = new WeakMap<File, string>();
  private readonly line: File[] = [];
  private current: { file: File; abort: AbortController } | undefined;

  constructor(private readonly hashFile: HashFile | undefined) {}

  /** Queues these files for hashing, after those already waiting. */
  request(files: readonly File[]): void {
    if (!this.hashFile) return;
    this.line.push(...files.filter((f) => f.size >= HASHED_FROM_BYTES && !this.known.has(f)));
    this.next();
  }

  /** The file's turn has come: its hash if known; either way it is not hashed any further. */
  take(file: File): string | undefined {
    this.forget(file);
    return this.known.get(file);
  }

  /** The file left the queue. */
  forget(file: File): void {
    const at = this.line.indexOf(file);
    if (at >= 0) this.line.splice(at, 1);
    if (this.current?.file === file) this.current.abort.abort();
  }

  private next(): void {
    if (this.current || !this.hashFile) return;
    const file = this.line.shift();
    if (!file) return;
    const job = { file, abort: new AbortController() };
    this.current = job;
    this.hashFile(file, job.abort.signal)
      .then((hash) => this.known.set(file, hash))
      .catch(() => undefined)
      .finally(() => {
        this.current = undefined;
        this.next();
      });
  }
}

/** Hashes in a worker of its own, started on first use; undefined where there are no workers. */
export function workerHashing(): HashFile | undefined {
  if (typeof Worker === 'undefined') return undefined;
  const pending = new Map<number, { resolve(hash: string): void; reject(err: Error): void }>();
  const settle = (id: number, hash: string | undefined) => {
    const job = pending.get(id);
    pending.delete(id);
    if (hash === undefined) job?.reject(new Error('not hashed'));
    else job?.resolve(hash);
  };
  let worker: Worker | undefined;
  const start = () => {
    const started = new Worker(new URL('../../workers/content-hash.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = ({ data }: MessageEvent<HashAnswer>) => settle(data.id, 'hash' in data ? data.hash : undefined);
    // A worker that cannot run hashes nothing: every file goes without a hash.
    started.onerror = () => [...pending.keys()].forEach((id) => settle(id, undefined));
    return started;
  };
  let nextId = 0;
  return (file, signal) => {
    worker ??= start();
    const send = (message: HashRequest) => worker!.postMessage(message);
    const id = (nextId += 1);
    return new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      signal.addEventListener('abort', () => send({ cancel: id }), { once: true });
      send({ id, file });
    });
  };
}
