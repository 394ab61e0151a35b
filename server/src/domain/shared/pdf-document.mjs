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
 * @param {{ standardFontDataUrl?: string, maxImagePixels?: number }} [drawing] for drawing pages: pdfjs's data
 *   of the 14 standard fonts (for text set in them), and the largest picture drawn, in pixels (a larger one is
 *   left out before it is decoded: its pixels would come outside the worker's bounded heap)
 */
export function openPdf(data, drawing = {}) {
  return getDocument({
    data,
    ...(drawing.standardFontDataUrl ? { standardFontDataUrl: drawing.standardFontDataUrl } : {}),
    ...(drawing.maxImagePixels ? { maxImageSize: drawing.maxImagePixels } : {}),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}
