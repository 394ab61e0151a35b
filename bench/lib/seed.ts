import { createHash, randomUUID } from 'node:crypto';
import { openDatabase, type Db } from '../../server/src/db/index.js';
import { PLACES, TAGS, TEXT_TYPES, TYPES, WORDS } from './vocabulary.js';

const BATCH = 1000;
const YEAR = 365 * 86_400_000;

export interface SeedOptions {
  /** PostgreSQL URL; unset means the SQLite database in dataDir. */
  url: string | undefined;
  dataDir: string;
  userIds: number[];
  /** Files per user. */
  count: number;
  /** The extracted text of a user's i-th file; by default, a sentence for the files of text types. */
  text?: (i: number) => string;
}

/**
 * Inserts `count` files (each with its own blob row, whose object does not
 * exist) for each user, straight through the database layer: the listing
 * benchmarks measure queries, not uploads. Contents of the text types get an
 * extracted text, so that searches go through the full-text index as well.
 */
export async function seedFiles(opts: SeedOptions) {
  const handle = await openDatabase({ url: opts.url, schema: undefined, dataDir: opts.dataDir });
  try {
    for (const userId of opts.userIds) await seedUser(handle.db, userId, opts.count, opts.text);
  } finally {
    await handle.close();
  }
}

const sentence = (i: number, mime: string) =>
  TEXT_TYPES.includes(mime) ? `The ${WORDS[(i * 5 + 1) % WORDS.length]} figures for ${PLACES[i % PLACES.length]}, week ${i % 52}, item ${i}.` : undefined;

async function seedUser(db: Db, userId: number, count: number, text: (i: number, mime: string) => string | undefined = sentence) {
  const start = Date.now() - YEAR;
  for (let offset = 0; offset < count; offset += BATCH) {
    await db.transaction().execute(async (trx) => {
      const n = Math.min(BATCH, count - offset);
      const rows = Array.from({ length: n }, (_, j) => {
        const i = offset + j;
        const [ext, mime] = TYPES[i % TYPES.length]!;
        const id = randomUUID();
        return {
          blob: {
            hash: createHash('sha256').update(`seed-${userId}-${i}`).digest('hex'),
            size: 1024 + ((i * 7919) % 50_000_000),
            mime_type: mime,
            storage_key: `objects/${id.slice(0, 2)}/${id}`,
            ref_count: 1,
            created_at: start + Math.floor((i / count) * YEAR),
            orphaned_at: null,
          },
          name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}.${ext}`,
          text: text(i, mime),
        };
      });
      await trx.insertInto('blobs').values(rows.map((r) => r.blob)).execute();
      const files = await trx
        .insertInto('files')
        .values(
          rows.map((r) => ({
            user_id: userId,
            blob_hash: r.blob.hash,
            original_name: r.name,
            file_size: r.blob.size,
            mime_type: r.blob.mime_type,
            folder_id: null,
            is_public: 0,
            download_count: r.blob.size % 97,
            created_at: r.blob.created_at,
            updated_at: r.blob.created_at,
          })),
        )
        .returning('id')
        .execute();
      // After the files: a text row's insert links the files of its content.
      const texts = rows.flatMap((r) => (r.text ? [{ blob_hash: r.blob.hash, body: r.text, attempts: 1, extracted_at: r.blob.created_at }] : []));
      if (texts.length) await trx.insertInto('content_texts').values(texts).execute();
      const tags = files.flatMap((f, j) => ((offset + j) % 10 === 0 ? [{ file_id: f.id, tag: TAGS[(offset + j) % TAGS.length]! }] : []));
      if (tags.length) await trx.insertInto('file_tags').values(tags).execute();
    });
  }
}
