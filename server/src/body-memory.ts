import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor'; execution: 'sync' }) => void;

// V8 hands its collector's entry point only to contexts made after this flag is set.
v8.setFlagsFromString('--expose-gc');
const collectYoung = runInNewContext('gc') as Collect;

/**
 * Bytes of request bodies read between two young collections. Measured on a
 * 1 GiB upload: every 16 MiB still left 21 full collections per GiB, every
 * 8 or 4 MiB none; a young collection then costs well under a millisecond,
 * about the same at 8 MiB as at 4 (128 collections per GiB took 76 to 111 ms
 * in all, 256 took 137 to 207), for a few MB more at the peak.
 */
export const YOUNG_EVERY = 8 * 1024 * 1024;

let sinceCollection = 0;

/**
 * Counts request body bytes as they are read (all requests together), and
 * collects V8's young generation each YOUNG_EVERY of them. Node's HTTP
 * parser copies every piece of a body (64 KiB or less) into a buffer of its
 * own, outside V8's heap, which only a collection frees. Young collections
 * come after 16 MiB of allocations on the heap, and reading a large body
 * allocates little there (about 2 MB per 30 to 60 MiB read), so the buffers
 * piled up, and V8 answered the growing memory outside its heap with full
 * collections: one per 30 MiB uploaded, each marking the whole heap (30 MB),
 * about a third of an upload's CPU. Nearly all the buffers are garbage
 * within a millisecond, so a young collection frees them for little.
 */
export function bodyRead(bytes: number): void {
  sinceCollection += bytes;
  if (sinceCollection < YOUNG_EVERY) return;
  sinceCollection = 0;
  collectYoung({ type: 'minor', execution: 'sync' });
}
