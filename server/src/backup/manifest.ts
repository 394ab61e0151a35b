import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isObjectKey } from '../storage/keys.js';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'vault.db';
export const SECRET_FILE = 'jwt-secret';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A file of the backup, by the one name it may have: a restore copies it by that name, never along a path a manifest chose. */
const fileEntry = <Name extends string>(name: Name) => z.object({ file: z.literal(name), sha256, size: z.number().int().nonnegative() });

/**
 * What a backup holds, written last: a directory without it is an unfinished
 * backup. Objects keep their keys (the database names them); each object's
 * SHA-256 is its blob's name.
 */
const manifestSchema = z.object({
  format: z.literal('vault-backup'),
  version: z.literal(1),
  created_at: z.string(),
  database: fileEntry(DATABASE_FILE),
  secret: fileEntry(SECRET_FILE).nullable(),
  objects: z.array(z.object({ key: z.string().refine(isObjectKey, 'an object key is a store key (objects/xx/...)'), sha256, size: z.number().int().nonnegative() })),
  users: z.number().int(),
  files: z.number().int(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a complete Vault backup: it has no ${MANIFEST_FILE}`);
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a Vault backup manifest: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export function writeManifest(dir: string, manifest: BackupManifest): void {
  const file = path.join(dir, MANIFEST_FILE);
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const handle = fs.openSync(file, 'r');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
}

/** SHA-256 and size of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A directory that does not exist or holds nothing: backups and restores never overwrite. */
export function assertEmptyDir(dir: string, what: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${what} ${dir} is not empty`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
