import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { THUMBNAIL_EDGE } from '@vault/contract';
import { readAtMost } from '../../drain.js';
import { MAX_INPUT_PIXELS } from './pixel-bounds.js';
import { renderPdfPage } from './render-pdf-page.js';

/**
 * Bounds on one rendering: beyond MAX_INPUT_PIXELS, a picture is decoded at
 * most once, and given up after TIMEOUT_SECONDS.
 */
const TIMEOUT_SECONDS = 20;
/** A PDF is read whole to draw its first page: larger ones keep their type icon. */
export const PDF_MAX_BYTES = 32 * 1_048_576;
/** Renderings at once in this process; the rest wait their turn. */
const MAX_RUNNING = 2;

// One libvips thread per rendering, and no cache of decoded images between them: memory stays flat.
sharp.concurrency(1);
sharp.cache(false);

export const THUMBNAIL_TYPE = 'image/webp';

let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Why a picture got no thumbnail: it is not one sharp can read, or it is too large. */
export class Unrenderable extends Error {}

/** A picture's bytes; for a PDF, its first page drawn at the thumbnail's size. */
async function pictureOf(input: Readable, mimeType: string): Promise<Readable> {
  if (mimeType !== 'application/pdf') return input;
  try {
    const data = await readAtMost(input, PDF_MAX_BYTES);
    if (!data) throw new Unrenderable(`The PDF is larger than ${PDF_MAX_BYTES} bytes`);
    return Readable.from([await renderPdfPage(data, THUMBNAIL_EDGE)]);
  } catch (err) {
    throw err instanceof Unrenderable ? err : new Unrenderable(err instanceof Error ? err.message : String(err));
  } finally {
    input.destroy();
  }
}

/**
 * A small WebP of the picture streamed from `source` (or of a PDF's first
 * page): upright (EXIF orientation applied), at most THUMBNAIL_EDGE on its
 * longer side, never enlarged, metadata dropped. Only the first frame of an
 * animation.
 */
export function renderThumbnail(source: () => Promise<Readable>, mimeType: string): Promise<Buffer> {
  return turn(async () => {
    const transform = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .rotate()
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 });
    const input = await pictureOf(await source(), mimeType);
    try {
      const [, output] = await Promise.all([pipeline(input, transform), transform.toBuffer()]);
      return output;
    } catch (err) {
      throw new Unrenderable(err instanceof Error ? err.message : String(err));
    } finally {
      // A refusal from the header leaves the rest unread: close the store's stream now.
      input.destroy();
    }
  });
}
