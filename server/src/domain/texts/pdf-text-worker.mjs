// @ts-check
/**
 * Reads the text of a PDF's pages, in a worker thread of its own
 * (pdf-text.ts), so a slow or hostile document never holds up the server and
 * can be stopped at any point. Stops at the page or character limit given.
 * Plain JavaScript (checked by tsc): a worker thread runs it as it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../shared/pdf-document.mjs';

/** @type {import('./pdf-text.js').PdfTextJob} */
const job = workerData;

const document = await openPdf(job.data);
try {
  /** @type {string[]} */
  const pages = [];
  let length = 0;
  const last = Math.min(document.numPages, job.maxPages);
  for (let number = 1; number <= last && length < job.maxChars; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    pages.push(text);
    length += text.length;
    page.cleanup();
  }
  parentPort?.postMessage(pages.join('\n').slice(0, job.maxChars));
} finally {
  await document.destroy();
}
