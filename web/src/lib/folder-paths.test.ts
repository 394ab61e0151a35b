import { describe, expect, it } from 'vitest';
import { makeFolder } from '../test/folders';
import { folderChoices, folderPathLabel, folderRows, parentOptions, parentPathLabel, subtreeContents } from './folder-paths';

const projects = makeFolder({ id: 1, name: 'Projects' });
const y2024 = makeFolder({ id: 2, name: '2024', parent_id: 1, path: [{ id: 1, name: 'Projects' }, { id: 2, name: '2024' }] });
const invoices = makeFolder({
  id: 3,
  name: 'invoices',
  parent_id: 2,
  path: [{ id: 1, name: 'Projects' }, { id: 2, name: '2024' }, { id: 3, name: 'invoices' }],
});
const archive = makeFolder({ id: 4, name: 'Archive' });

describe('folder paths', () => {
  it('labels a folder with its whole path, and its place with its ancestors only', () => {
    expect(folderPathLabel(invoices)).toBe('Projects / 2024 / invoices');
    expect(folderPathLabel({ name: 'Loose', path: [] })).toBe('Loose');
    expect(parentPathLabel(invoices)).toBe('Projects / 2024');
    expect(parentPathLabel(projects)).toBeNull();
  });

  it('offers every folder by path, ignoring case in the order', () => {
    expect(parentOptions([invoices, archive, projects, y2024])).toEqual([
      { id: 4, label: 'Archive' },
      { id: 1, label: 'Projects' },
      { id: 2, label: 'Projects / 2024' },
      { id: 3, label: 'Projects / 2024 / invoices' },
    ]);
  });

  it('leaves out a folder and everything under it as its own parent', () => {
    expect(parentOptions([invoices, archive, projects, y2024], 2).map((o) => o.id)).toEqual([4, 1]);
  });

  it('lists folders as tree rows, each right after its parent, without the subtrees being moved', () => {
    const dashed = makeFolder({ id: 5, name: 'Projects-old' });
    expect(folderRows([dashed, invoices, archive, projects, y2024])).toEqual([
      { id: 4, label: 'Archive', name: 'Archive', depth: 0 },
      { id: 1, label: 'Projects', name: 'Projects', depth: 0 },
      { id: 2, label: 'Projects / 2024', name: '2024', depth: 1 },
      { id: 3, label: 'Projects / 2024 / invoices', name: 'invoices', depth: 2 },
      { id: 5, label: 'Projects-old', name: 'Projects-old', depth: 0 },
    ]);
    expect(folderRows([invoices, archive, projects, y2024], [4, 2]).map((r) => r.id)).toEqual([1]);
  });

  it('turns options into select choices with the id as text', () => {
    expect(folderChoices([{ id: 4, label: 'Archive' }])).toEqual([{ value: '4', label: 'Archive' }]);
  });

  it('counts what a folder holds at every depth: files of every folder below, those folders, and the bytes of all', () => {
    const all = [
      { ...projects, file_count: 2, folder_size: 9000 },
      { ...y2024, file_count: 3 },
      { ...invoices, file_count: 4 },
      { ...archive, file_count: 5 },
    ];
    expect(subtreeContents(all[0]!, all)).toEqual({ files: 9, folders: 2, bytes: 9000 });
    expect(subtreeContents(all[1]!, all)).toEqual({ files: 7, folders: 1, bytes: 0 });
    expect(subtreeContents(all[3]!, all)).toEqual({ files: 5, folders: 0, bytes: 0 });
  });
});
