import { runBoundedWorker, type WorkerBounds } from '../shared/bounded-worker.js';

/** A reading is stopped after 30 s wherever it is; the heap holds the parsed document and the text read so far. */
const BOUNDS: WorkerBounds = { timeoutMs: 30_000, heapMb: 192, doing: 'read' };
/** Pages read at most: the text of a long document's beginning is what is searched. */
const MAX_PAGES = 500;

/** What the worker (pdf-text-worker.mjs) is given. */
export interface PdfTextJob {
  data: Uint8Array;
  maxPages: number;
  maxChars: number;
}

/**
 * The text of a PDF's first pages, at most `maxChars` characters, read by
 * pdfjs in a worker thread with a bounded heap and time. Rejects when the
 * document cannot be read.
 */
export function pdfText(data: Uint8Array, maxChars: number): Promise<string> {
  const job: PdfTextJob = { data, maxPages: MAX_PAGES, maxChars };
  return runBoundedWorker<string>(new URL('./pdf-text-worker.mjs', import.meta.url), job, BOUNDS);
}
