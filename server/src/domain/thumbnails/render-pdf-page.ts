import path from 'node:path';
import { createRequire } from 'node:module';
import { runBoundedWorker } from '../shared/bounded-worker.js';
import { MAX_INPUT_PIXELS } from './pixel-bounds.js';

/** A rendering is given up after this long; the worker is stopped wherever it is. */
const TIMEOUT_MS = 20_000;
/** The worker's JavaScript heap; the page's pixels (edge x edge at most) come on top. */
const HEAP_MB = 192;

/** What the worker (pdf-page-worker.mjs) is given. */
export interface PdfPageJob {
  data: Uint8Array;
  /** The longer side of the picture, in pixels. */
  edge: number;
  /** pdfjs's data of the 14 standard fonts, so text set in them is drawn. */
  standardFontDataUrl: string;
  /** A picture in the page with more pixels is left out, undecoded. */
  maxImagePixels: number;
}

const workerUrl = new URL('./pdf-page-worker.mjs', import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

/**
 * The first page of a PDF as a PNG whose longer side is `edge` pixels, drawn
 * by pdfjs on @napi-rs/canvas in a worker thread with a bounded heap, stopped
 * after TIMEOUT_MS; a picture in it above MAX_INPUT_PIXELS is left out. Rejects when the document cannot be read, the page cannot
 * be drawn, or either library is missing on this platform.
 */
export async function renderPdfPage(data: Uint8Array, edge: number): Promise<Buffer> {
  const job: PdfPageJob = { data, edge, standardFontDataUrl, maxImagePixels: MAX_INPUT_PIXELS };
  const png = await runBoundedWorker<Uint8Array>(workerUrl, job, { timeoutMs: TIMEOUT_MS, heapMb: HEAP_MB, doing: 'draw' });
  return Buffer.from(png);
}
