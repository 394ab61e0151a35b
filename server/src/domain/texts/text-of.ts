import type { Readable } from 'node:stream';
import { readAtMost } from '../../drain.js';
import { pdfText } from './pdf-text.js';

/** The leading text kept of a content, in bytes of UTF-8 (or characters of a PDF's text): what is searched. */
const TEXT_MAX = 1_048_576;
/** A PDF is parsed whole to read its text: larger ones are not searched. */
const PDF_MAX_BYTES = 32 * 1_048_576;

const PDF = 'application/pdf';
/** The stored types whose text is searched: plain text formats as they are, PDFs through pdfjs. */
const TEXT_TYPES = ['text/plain', 'text/markdown', 'text/csv', 'application/json'];
export const EXTRACTED_TYPES = [...TEXT_TYPES, PDF];

/** Control characters (tabs and line ends aside): never part of a stored text, so no snippet carries them. */
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Why a content's text could not be had: recorded, not logged as a server fault. */
export class Unreadable extends Error {}

/** The first `max` bytes of a stream as text; an incomplete last character is dropped. The stream is closed after. */
async function leadingText(input: Readable, max: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let read = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, max - read);
      read += part.length;
      text += decoder.decode(part, { stream: true });
      if (read >= max) break;
    }
  } finally {
    input.destroy();
  }
  return text;
}

async function pdfTextOf(input: Readable): Promise<string> {
  try {
    const data = await readAtMost(input, PDF_MAX_BYTES);
    if (!data) throw new Unreadable(`The PDF is larger than ${PDF_MAX_BYTES} bytes`);
    return await pdfText(data, TEXT_MAX);
  } catch (err) {
    throw err instanceof Unreadable ? err : new Unreadable(err instanceof Error ? err.message : String(err));
  } finally {
    input.destroy();
  }
}

/** The searchable text of a content of this type, streamed from `source`, bounded by TEXT_MAX. */
export async function textOf(source: () => Promise<Readable>, mimeType: string): Promise<string> {
  const input = await source();
  const text = mimeType === PDF ? await pdfTextOf(input) : await leadingText(input, TEXT_MAX);
  return text.replace(UNWANTED, ' ');
}
