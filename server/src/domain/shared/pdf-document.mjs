// @ts-check
/**
 * Opens a PDF with pdfjs for a worker thread (thumbnails, texts), the same
 * safe way for both: nothing from the document is ever run as code, and no
 * font is handed to the system. Plain JavaScript (checked by tsc), like the
 * workers that import it.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * @param {Uint8Array} data
 * @param {string} [standardFontDataUrl] pdfjs's data of the 14 standard fonts, for drawing text set in them
 */
export function openPdf(data, standardFontDataUrl) {
  return getDocument({
    data,
    ...(standardFontDataUrl ? { standardFontDataUrl } : {}),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}
