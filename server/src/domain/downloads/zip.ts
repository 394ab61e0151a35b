import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { sentence } from '@vault/contract';
import type { ObjectStore } from '../../storage/object-store.js';
import { Invalid } from '../shared/errors.js';
import { ArchiveDirectory } from './archive-names.js';
import type { Tree, TreeFile } from './tree.js';

/** Already compressed: deflating them again costs CPU and saves nothing, so they are stored. */
const STORED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/zip', 'application/pdf']);

/** What goes into one archive: files at its top level, and folder trees each under its root's name. */
export interface ArchiveContent {
  files: TreeFile[];
  trees: Tree[];
}

/** A zip stores an entry's path in a 16-bit field of bytes. */
const PATH_MAX_BYTES = 0xffff;

/** A directory (its path ends in '/') or a file, by its path in the archive. */
export interface ArchiveEntry {
  path: string;
  file?: TreeFile;
}

/**
 * Directories before their contents, every name unique and safe (see
 * ArchiveDirectory). A tree so deep that a path outgrows the zip format is
 * refused whole, before anything is sent or counted.
 */
export function archiveEntries(content: ArchiveContent): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  /**
   * The path of an entry in `dir`, whose own path takes `dirBytes` bytes, and its size: counted
   * from the directory's, as measuring each path whole would cost the square of a tree's depth.
   */
  const place = (dir: ArchiveDirectory, dirBytes: number, name: string, isDirectory: boolean) => {
    const segment = dir.take(name) + (isDirectory ? '/' : '');
    const bytes = dirBytes + Buffer.byteLength(segment, 'utf8');
    if (bytes > PATH_MAX_BYTES) throw new Invalid(sentence('archiveTooDeep'));
    return { path: dir.path + segment, bytes };
  };
  const addFile = (dir: ArchiveDirectory, dirBytes: number, file: TreeFile) => entries.push({ path: place(dir, dirBytes, file.name, false).path, file });
  const addDirectory = (dir: ArchiveDirectory, dirBytes: number, name: string) => {
    const { path, bytes } = place(dir, dirBytes, name, true);
    entries.push({ path });
    return { dir: new ArchiveDirectory(path), dirBytes: bytes };
  };
  const top = new ArchiveDirectory();
  for (const file of content.files) addFile(top, 0, file);
  for (const tree of content.trees) {
    const children = groupBy(tree.folders, (folder) => folder.parent_id);
    const filesIn = groupBy(tree.files, (file) => file.folder_id);
    // Depth first, by a stack of its own: a tree deeper than the call stack is no error.
    const pending = (children.get(null) ?? []).map((folder) => ({ folder, dir: top, dirBytes: 0 })).reverse();
    const seen = new Set<number>();
    for (let next = pending.pop(); next; next = pending.pop()) {
      if (seen.has(next.folder.id)) continue; // a cycle, should one ever exist
      seen.add(next.folder.id);
      const { dir, dirBytes } = addDirectory(next.dir, next.dirBytes, next.folder.name);
      for (const file of filesIn.get(next.folder.id) ?? []) addFile(dir, dirBytes, file);
      for (const child of (children.get(next.folder.id) ?? []).toReversed()) pending.push({ folder: child, dir, dirBytes });
    }
  }
  return entries;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The archive as a stream. Each file's object is opened only when its turn
 * comes and piped through with backpressure, so memory stays flat however
 * large the content; Zip64 records are written once sizes or offsets pass
 * 4 GiB. A failure part-way (a missing object) ends the stream with an error:
 * the client sees a cut-off download, never a silently incomplete archive.
 */
export function zipStream(store: ObjectStore, entries: ArchiveEntry[], mtime = new Date()): Readable {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const file = entry.file;
    if (!file) {
      zip.addEmptyDirectory(entry.path, { mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.path, { mtime, compress: !STORED_TYPES.has(file.mime_type), size: file.size }, (done) => {
      store.get(file.storage_key).then(
        (stream) => done(null, stream),
        (err: unknown) => done(err, undefined as never), // an error needs no stream; yazl's types ask for one anyway
      );
    });
  }
  zip.end();
  // A PassThrough in fact; yazl's types promise only a ReadableStream.
  const output = zip.outputStream as PassThrough;
  zip.on('error', (err: Error) => output.destroy(err));
  return output;
}
