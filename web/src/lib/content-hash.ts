import { createSHA256 } from 'hash-wasm';
import { MIB } from './bytes';

/** Bytes read at a time: a file is never whole in memory. */
const SLICE_BYTES = 4 * MIB;

/**
 * The SHA-256 of a file's content (hex), read slice by slice. Rejects with
 * the signal's reason once it aborts: the rest of the file is not read.
 */
export async function sha256OfFile(file: Blob, signal?: AbortSignal): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let at = 0; at < file.size; at += SLICE_BYTES) {
    signal?.throwIfAborted();
    hasher.update(new Uint8Array(await file.slice(at, at + SLICE_BYTES).arrayBuffer()));
  }
  signal?.throwIfAborted();
  return hasher.digest('hex');
}
