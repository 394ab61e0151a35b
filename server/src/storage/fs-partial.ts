import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BatchedFileWriter } from './file-writer.js';
import type { PartialObjects, PartialWriter } from './partial-objects.js';

/** Reads of the stored bytes, when a request hashes them once more. */
const READ_BYTES = 1024 * 1024;

/**
 * On disk an unfinished object is its final file, written in place: resuming
 * truncates it to the saved offset and appends, so completion moves no byte.
 * No state is needed beyond the offset.
 */
export function createFsPartialObjects(pathOf: (key: string) => string, fsyncDir: (dir: string) => Promise<void>): PartialObjects {
  return {
    async start(key) {
      const file = pathOf(key);
      await (await fsp.open(file, 'wx', 0o600)).close();
      await fsyncDir(path.dirname(file));
      return '{}';
    },

    async resume(key, _state, offset): Promise<PartialWriter> {
      const handle = await fsp.open(pathOf(key), 'r+');
      try {
        await handle.truncate(offset);
      } catch (err) {
        await handle.close();
        throw err;
      }
      const writer = new BatchedFileWriter(handle, offset, pathOf(key));
      /** Settles once every fsync a checkpoint started has ended. */
      let syncs: Promise<unknown> = Promise.resolve();
      return {
        write: (chunk) => writer.write(chunk),
        async checkpoint() {
          await writer.drain();
          // Bytes written from here on may run beside the fsync: it covers at least every byte drained before it.
          const durable = handle.sync().then(() => '{}');
          syncs = Promise.allSettled([syncs, durable]);
          return { durable };
        },
        async close() {
          await writer.stop();
          // The descriptor outlives every fsync started on it, whether or not its caller still waits.
          await syncs;
          await handle.close();
        },
      };
    },

    read(key, _state, end) {
      return end === 0 ? Readable.from([]) : fs.createReadStream(pathOf(key), { start: 0, end: end - 1, highWaterMark: READ_BYTES });
    },

    // Every byte was synced by the checkpoint that saved the final offset.
    async complete() {},

    async abort(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
  };
}
