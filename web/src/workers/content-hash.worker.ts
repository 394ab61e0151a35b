// Hashes files off the page's thread, one at a time: the upload queue asks for
// the next only once it has the answer, and may cancel the one in progress.
import { sha256OfFile } from '../lib/content-hash';

export type HashRequest = { id: number; file: File } | { cancel: number };
export type HashAnswer = { id: number; hash: string } | { id: number; failed: true };

// A dedicated worker's global scope; the page's DOM types describe it as a Worker seen from outside.
const scope = self as unknown as Worker;
let current: { id: number; abort: AbortController } | undefined;

scope.onmessage = async ({ data }: MessageEvent<HashRequest>) => {
  if ('cancel' in data) {
    if (current?.id === data.cancel) current.abort.abort();
    return;
  }
  const job = { id: data.id, abort: new AbortController() };
  current = job;
  let answer: HashAnswer;
  try {
    answer = { id: job.id, hash: await sha256OfFile(data.file, job.abort.signal) };
  } catch {
    answer = { id: job.id, failed: true };
  }
  if (current === job) current = undefined;
  scope.postMessage(answer);
};
