import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { ObjectStore } from '../../storage/object-store.js';
import { ArchiveNames } from './archive-names.js';
import type { Tree, TreeFile, TreeFolder } from './tree.js';

/** Already compressed: deflating them again costs CPU and saves nothing, so they are stored. */
const STORED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/zip', 'application/pdf']);

/** What goes into one archive: files at its top level, and folder trees each under its root's name. */
export interface ArchiveContent {
  files: TreeFile[];
  trees: Tree[];
}

interface Entry {
  path: string;
  file?: TreeFile;
}

/** Directories before their contents, every name unique and safe (see ArchiveNames). */
export function archiveEntries(content: ArchiveContent): Entry[] {
  const names = new ArchiveNames();
  const entries: Entry[] = content.files.map((file) => ({ path: names.take('', file.name), file }));
  for (const tree of content.trees) {
    const children = new Map<number | null, TreeFolder[]>();
    for (const folder of tree.folders) children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder]);
    const filesIn = new Map<number | null, TreeFile[]>();
    for (const file of tree.files) filesIn.set(file.folder_id, [...(filesIn.get(file.folder_id) ?? []), file]);
    const walk = (folder: TreeFolder, parentPath: string, seen: Set<number>) => {
      if (seen.has(folder.id)) return; // a cycle, should one ever exist
      seen.add(folder.id);
      const path = `${names.take(parentPath, folder.name)}/`;
      entries.push({ path });
      for (const file of filesIn.get(folder.id) ?? []) entries.push({ path: names.take(path, file.name), file });
      for (const child of children.get(folder.id) ?? []) walk(child, path, seen);
    };
    for (const root of children.get(null) ?? []) walk(root, '', new Set());
  }
  return entries;
}

/**
 * The archive as a stream. Each file's object is opened only when its turn
 * comes and piped through with backpressure, so memory stays flat however
 * large the content; Zip64 records are written once sizes or offsets pass
 * 4 GiB. A failure part-way (a missing object) ends the stream with an error:
 * the client sees a cut-off download, never a silently incomplete archive.
 */
export function zipStream(store: ObjectStore, content: ArchiveContent, mtime = new Date()): Readable {
  const zip = new yazl.ZipFile();
  for (const entry of archiveEntries(content)) {
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
