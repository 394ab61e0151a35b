import { describe, expect, it } from 'vitest';
import { archiveEntries } from './zip.js';

describe('archiveEntries', () => {
  it('lays out a folder of 50,000 files in one pass (copying the folder\'s list on each file took minutes)', () => {
    const files = Array.from({ length: 50_000 }, (_, i) => ({ id: i + 1, name: `f${i}.txt`, size: 1, mime_type: 'text/plain', folder_id: 7, storage_key: `k${i}` }));
    const entries = archiveEntries({ files: [], trees: [{ folders: [{ id: 7, name: 'Big', parent_id: null }], files }] });
    expect(entries).toHaveLength(50_001);
    expect(entries[0]).toEqual({ path: 'Big/' });
    expect(entries.at(-1)!.path).toBe('Big/f49999.txt');
  });

  it('walks a tree depth first, each directory before what it holds, deeper than the call stack goes', () => {
    const depth = 20_000;
    const folders = Array.from({ length: depth }, (_, i) => ({ id: i + 1, name: 'd', parent_id: i === 0 ? null : i }));
    const files = [{ id: 1, name: 'leaf.txt', size: 1, mime_type: 'text/plain', folder_id: depth, storage_key: 'k' }];
    const entries = archiveEntries({ files: [], trees: [{ folders, files }] });
    expect(entries).toHaveLength(depth + 1);
    expect(entries.at(-1)!.path).toBe(`${'d/'.repeat(depth)}leaf.txt`);
  });
});
