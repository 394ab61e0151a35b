import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptDirectorySync } from './directory-sync.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratchDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-dirsync-'));
  dirs.push(dir);
  return dir;
}

/** Descriptors this process holds open on `dir`. */
function openOn(dir: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === dir;
    } catch {
      return false;
    }
  }).length;
}

describe('directory fsyncs through kept descriptors', () => {
  it('keeps one descriptor per directory however many syncs, and closes them with the store', async () => {
    const [a, b] = [scratchDir(), scratchDir()];
    const syncs = keptDirectorySync();
    await Promise.all([syncs.sync(a), syncs.sync(a), syncs.sync(b)]);
    await syncs.sync(a);
    expect([openOn(a), openOn(b)]).toEqual([1, 1]);
    await syncs.close();
    expect([openOn(a), openOn(b)]).toEqual([0, 0]);
  });

  it('lets the syncs under way finish before closing, and a sync after the close keeps nothing open', async () => {
    const dir = scratchDir();
    const syncs = keptDirectorySync();
    const during = Promise.all([syncs.sync(dir), syncs.sync(dir)]);
    const closing = syncs.close();
    await expect(during).resolves.toBeDefined();
    await closing;
    await syncs.sync(dir);
    expect(openOn(dir)).toBe(0);
  });

  it('rejects a sync of a directory that does not exist, and tries it afresh next time', async () => {
    const dir = path.join(scratchDir(), 'later');
    const syncs = keptDirectorySync();
    await expect(syncs.sync(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    fs.mkdirSync(dir);
    await syncs.sync(dir);
    expect(openOn(dir)).toBe(1);
    await syncs.close();
  });
});
