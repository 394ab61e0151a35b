import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectFileWriter } from './file-writer.js';
import type { ByteRange, ObjectStore, PutOptions } from './object-store.js';
import { isObjectKey } from './keys.js';
import { createFsPartialObjects } from './fs-partial.js';
import { fdSource, openReadOnly } from './fd-source.js';
import { keptDirectorySync } from './directory-sync.js';

const READ_CHUNK = 1024 * 1024;

/** Opens a file for reading `range`, or all of it (then its end is known from its size: no read to find it). */
async function openRange(file: string, range?: ByteRange): Promise<{ fd: number; bytes: ByteRange }> {
  const fd = await openReadOnly(file);
  try {
    return { fd, bytes: range ?? { start: 0, end: fs.fstatSync(fd).size - 1 } };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Objects as files under <dataDir>/objects, each fsynced with its directory before put resolves (unless the caller says it will be dropped). */
export function createFsObjectStore(dataDir: string): ObjectStore {
  const root = path.join(dataDir, 'objects');
  // All 256 prefixes up front: a put then never needs a mkdir.
  for (let i = 0; i < 256; i++) fs.mkdirSync(path.join(root, i.toString(16).padStart(2, '0')), { recursive: true });

  const directories = keptDirectorySync();
  /**
   * The data and the directory entry (made at open) flush independently:
   * together, the file system can fold them into one journal commit.
   */
  const syncWithEntry = (handle: FileHandle, dir: string) => Promise.all([handle.sync(), directories.sync(dir)]);

  const pathOf = (key: string) => {
    // Keys come from the database, but a path is built from them: refuse anything unexpected.
    if (!isObjectKey(key)) throw new Error(`Malformed object key: ${key}`);
    return path.join(dataDir, key);
  };
  /** The file of a hinted original; a key that is no object's is no original. */
  const originalOf = (key: string | null | undefined) => (typeof key === 'string' ? (isObjectKey(key) ? pathOf(key) : null) : key);

  async function makeDurable(key: string) {
    const file = pathOf(key);
    const handle = await fsp.open(file, 'r');
    try {
      await syncWithEntry(handle, path.dirname(file));
    } finally {
      await handle.close();
    }
  }

  return {
    async put(key: string, body: Readable, opts: PutOptions = {}) {
      const file = pathOf(key);
      // Readable too: a likely copy compares what it wrote before the hint with the original.
      const handle = await fsp.open(file, 'wx+', 0o600);
      const hints = {
        holdFlush: opts.holdFlush ?? (() => false),
        original: opts.likelyCopyOf && (() => originalOf(opts.likelyCopyOf!())),
        hashing: opts.hashing,
      };
      const writer = new ObjectFileWriter(handle, hints, file);
      try {
        await pipeline(body, writer);
        const original = writer.repeatOf;
        if (original) opts.hashing?.repeatsLikelyCopy();
        const durable = (await opts.needsDurability?.()) ?? true;
        if (original) {
          await handle.close();
          await original.linkAs(file);
          await writer.settled();
          if (durable) await makeDurable(key);
        } else {
          if (durable) await syncWithEntry(handle, path.dirname(file));
          await handle.close();
        }
        return { key, size: writer.size, durable };
      } catch (err) {
        body.destroy();
        await writer.settled();
        await handle.close().catch(() => undefined);
        await fsp.rm(file, { force: true });
        throw err;
      }
    },

    makeDurable,

    async get(key: string, range?: ByteRange) {
      const { fd, bytes } = await openRange(pathOf(key), range);
      // 1 MiB reads: with the default 64 KiB, whole-object reads ran at a third
      // of the speed. A plain descriptor: reads through a FileHandle cost a promise each.
      return fs.createReadStream('', { fd, highWaterMark: READ_CHUNK, start: bytes.start, ...(bytes.end >= bytes.start ? { end: bytes.end } : {}) });
    },

    async open(key: string, range?: ByteRange) {
      const { fd, bytes } = await openRange(pathOf(key), range);
      return fdSource(fd, bytes);
    },

    async exists(key: string) {
      const stat = await fsp.stat(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      return stat?.isFile() ?? false;
    },

    async delete(key: string) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async *listOlderThan(before: number) {
      const prefixes = await fsp.readdir(root).catch(() => [] as string[]);
      for (const prefix of prefixes) {
        const entries = await fsp.readdir(path.join(root, prefix)).catch(() => [] as string[]);
        for (const name of entries) {
          const key = `objects/${prefix}/${name}`;
          if (!isObjectKey(key)) continue;
          const stat = await fsp.stat(path.join(root, prefix, name)).catch(() => undefined);
          if (stat && stat.mtimeMs < before) yield key;
        }
      }
    },

    partial: createFsPartialObjects(pathOf, (dir) => directories.sync(dir)),

    async ping() {
      await fsp.access(root, fs.constants.W_OK);
    },

    close: () => directories.close(),
  };
}
