// @ts-check
/**
 * Draws the first page of a PDF as a PNG, in a worker thread of its own
 * (render-pdf-page.ts), so a slow or hostile document never holds up the
 * server and can be stopped at any point. Plain JavaScript (checked by tsc):
 * a worker thread runs it as it is, from the sources as from the build.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { openPdf } from '../shared/pdf-document.mjs';

/** @type {import('./render-pdf-page.js').PdfPageJob} */
const job = workerData;

const document = await openPdf(job.data, { standardFontDataUrl: job.standardFontDataUrl, maxImagePixels: job.maxImagePixels });
try {
  const page = await document.getPage(1);
  const natural = page.getViewport({ scale: 1 });
  const longer = Math.max(natural.width, natural.height);
  if (!(longer > 0)) throw new Error('The first page has no size');
  const viewport = page.getViewport({ scale: job.edge / longer });
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  const context = canvas.getContext('2d');
  // Paper is white: a page that paints no background would come out transparent.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // @napi-rs/canvas implements the 2D context pdfjs draws on; its types are its own, not the DOM's that pdfjs names.
  const parameters = /** @type {Parameters<typeof page.render>[0]} */ (/** @type {unknown} */ ({ canvas, canvasContext: context, viewport }));
  await page.render(parameters).promise;
  parentPort?.postMessage(await canvas.encode('png'));
} finally {
  await document.destroy();
}
