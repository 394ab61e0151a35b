import { createHash, randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/src/db/index.js';

const WORDS = ['report', 'invoice', 'photo', 'budget', 'notes', 'draft', 'scan', 'contract', 'summary', 'slides', 'receipt', 'plan'];
const TYPES: [string, string][] = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['zip', 'application/zip'],
];
const TAGS = ['invoice', 'work', 'family', 'tax', 'archive'];
const BATCH = 1000;

/**
 * Inserts `count` files (each with its own blob row) for one user, straight
 * through the database layer: the listing benchmark measures queries, not uploads.
 */
export async function seedFiles(opts: { url: string | undefined; schema: string | undefined; dataDir: string; userId: number; count: number }) {
  const handle = await openDatabase({ url: opts.url, schema: opts.schema, dataDir: opts.dataDir });
  const year = 365 * 86_400_000;
  const start = Date.now() - year;
  try {
    for (let offset = 0; offset < opts.count; offset += BATCH) {
      await handle.db.transaction().execute(async (trx) => {
        const n = Math.min(BATCH, opts.count - offset);
        const rows = Array.from({ length: n }, (_, j) => {
          const i = offset + j;
          const [ext, mime] = TYPES[i % TYPES.length]!;
          const id = randomUUID();
          return {
            blob: {
              hash: createHash('sha256').update(`seed-${opts.userId}-${i}`).digest('hex'),
              size: 1024 + ((i * 7919) % 50_000_000),
              mime_type: mime,
              storage_key: `objects/${id.slice(0, 2)}/${id}`,
              ref_count: 1,
              created_at: start + Math.floor((i / opts.count) * year),
              orphaned_at: null,
            },
            name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}.${ext}`,
          };
        });
        await trx.insertInto('blobs').values(rows.map((r) => r.blob)).execute();
        const files = await trx
          .insertInto('files')
          .values(
            rows.map((r) => ({
              user_id: opts.userId,
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
        const tags = files.flatMap((f, j) => ((offset + j) % 10 === 0 ? [{ file_id: f.id, tag: TAGS[(offset + j) % TAGS.length]! }] : []));
        if (tags.length) await trx.insertInto('file_tags').values(tags).execute();
      });
    }
  } finally {
    await handle.close();
  }
}
