import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PartialObjects, PartialWriter } from './partial-objects.js';

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
      let position = offset;
      return {
        async write(chunk) {
          let done = 0;
          while (done < chunk.length) {
            const { bytesWritten } = await handle.write(chunk, done, chunk.length - done, position);
            done += bytesWritten;
            position += bytesWritten;
          }
        },
        async checkpoint() {
          await handle.sync();
          return '{}';
        },
        async close() {
          await handle.close();
        },
      };
    },

    // Every byte was synced by the checkpoint that saved the final offset.
    async complete() {},

    async abort(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
  };
}
