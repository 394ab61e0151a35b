import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { openReadOnly } from './fd-source.js';

const fsyncDescriptor = (fd: number) => new Promise<void>((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));

/** One fsync of a directory through a descriptor of its own. */
async function syncOnce(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface DirectorySync {
  /** Makes the entries of `dir` (a file created in it) survive power loss. */
  sync(dir: string): Promise<void>;
  /** Closes the kept descriptors once the syncs under way are done; later syncs open their own. */
  close(): Promise<void>;
}

/**
 * fsyncs of a few directories (the store's 256 prefixes) through descriptors
 * kept open: opening and closing one for every object cost two more trips
 * to the thread pool, each 60 to 90 µs of the event loop on a busy machine.
 */
export function keptDirectorySync(): DirectorySync {
  const kept = new Map<string, Promise<number>>();
  let inFlight = 0;
  let closed = false;
  let drained: (() => void) | undefined;
  return {
    async sync(dir) {
      if (closed) return syncOnce(dir);
      let fd = kept.get(dir);
      if (!fd) {
        fd = openReadOnly(dir);
        kept.set(dir, fd);
        fd.catch(() => kept.delete(dir));
      }
      inFlight += 1;
      try {
        await fsyncDescriptor(await fd);
      } finally {
        inFlight -= 1;
        if (closed && inFlight === 0) drained?.();
      }
    },
    async close() {
      closed = true;
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      const fds = await Promise.allSettled(kept.values());
      kept.clear();
      for (const fd of fds) if (fd.status === 'fulfilled') fs.closeSync(fd.value);
    },
  };
}
