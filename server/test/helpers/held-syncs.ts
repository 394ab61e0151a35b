import fsp, { type FileHandle } from 'node:fs/promises';
import { vi } from 'vitest';

export interface HeldSyncs {
  /** Every handle the disk store opened to resume an unfinished object, in order. */
  handles: FileHandle[];
  /** How many fsyncs of those handles were asked for. */
  readonly asked: number;
  /** The held fsyncs, and any asked for later, go on to the disk. */
  release(): void;
  /** The held fsyncs, and any asked for later, fail with `err`. */
  fail(err: Error): void;
}

/**
 * Holds the fsyncs of the files the disk store opens to resume an unfinished
 * object (the only files it opens 'r+'), until the test releases or fails
 * them. Undone by vi.restoreAllMocks().
 */
export function holdResumedSyncs(): HeldSyncs {
  let settle!: (err?: Error) => void;
  const held = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  // The failure reaches each fsync that waits; with none waiting, it is no unhandled rejection.
  held.catch(() => undefined);
  const handles: FileHandle[] = [];
  let asked = 0;
  const open = fsp.open;
  vi.spyOn(fsp, 'open').mockImplementation(async (file, flags, mode) => {
    const handle = await open(file, flags, mode);
    if (flags !== 'r+') return handle;
    handles.push(handle);
    const sync = handle.sync.bind(handle);
    vi.spyOn(handle, 'sync').mockImplementation(async () => {
      asked += 1;
      await held;
      return sync();
    });
    return handle;
  });
  return {
    handles,
    get asked() {
      return asked;
    },
    release: () => settle(),
    fail: (err) => settle(err),
  };
}
