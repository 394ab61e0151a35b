import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Tag, X } from 'lucide-react';
import type { FileItem } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { useBulkAction, useUpdateFile } from '../../api/manage';
import { TagInput } from '../tags/TagInput';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface TagDialogProps {
  /** The files whose tags change; null keeps the dialog closed. */
  files: readonly FileItem[] | null;
  onClose(): void;
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** One file: its tags, edited as a whole (the tag rules of uploads). */
function OneFile({ file, onClose }: { file: FileItem; onClose(): void }) {
  const { t } = useTranslation('manage');
  const [tags, setTags] = useState<string[]>(file.tags);
  const update = useUpdateFile();
  const save = () => update.mutate({ id: file.id, change: { tags } }, { onSuccess: onClose });
  return (
    <Form pending={update.isPending} unchanged={sameTags(tags, file.tags)} onSave={save} onClose={onClose}>
      <TagInput tags={tags} onChange={setTags} disabled={update.isPending} />
      {update.isError && <Alert tone="error">{errorMessage(update.error, t('tags.failed'))}</Alert>}
    </Form>
  );
}

/** Several files: tags to add to each, and any of their present tags to take away from each. */
function ManyFiles({ files, onClose }: { files: readonly FileItem[]; onClose(): void }) {
  const { t } = useTranslation('manage');
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const bulk = useBulkAction();
  const present = [...new Map(files.flatMap((f) => f.tags).map((tag) => [tag.toLowerCase(), tag])).values()].sort((a, b) => a.localeCompare(b));
  const toggle = (tag: string) => setRemove((now) => (now.includes(tag) ? now.filter((t) => t !== tag) : [...now, tag]));
  const save = () =>
    bulk.mutate({ action: 'tag', items: { file_ids: files.map((f) => f.id), folder_ids: [] }, add, remove }, { onSuccess: onClose });
  return (
    <Form pending={bulk.isPending} unchanged={add.length + remove.length === 0} onSave={save} onClose={onClose}>
      <TagInput tags={add} onChange={setAdd} label={t('tags.add')} disabled={bulk.isPending} />
      {present.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('tags.remove')}</legend>
          <p className="mt-0.5 text-xs text-slate-500">{t('tags.removeHint')}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {present.map((tag) => {
              const removing = remove.includes(tag);
              return (
                <li key={tag}>
                  <button
                    type="button"
                    aria-pressed={removing}
                    disabled={bulk.isPending}
                    onClick={() => toggle(tag)}
                    className={clsx(
                      'inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-1 text-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-accent-600',
                      removing ? 'bg-red-50 text-red-800 line-through ring-red-600/20' : 'bg-slate-50 text-slate-700 ring-slate-300 hover:bg-slate-100',
                    )}
                  >
                    {removing ? <X aria-hidden="true" className="size-3" /> : <Tag aria-hidden="true" className="size-3" />}
                    <span className="truncate">{tag}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </Form>
  );
}

function Form({ pending, unchanged, onSave, onClose, children }: { pending: boolean; unchanged: boolean; onSave(): void; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation('manage');
  return (
    <form
      noValidate
      className="grid gap-5 pb-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!unchanged) onSave();
      }}
    >
      {children}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={unchanged} loading={pending}>
          {t('tags.save')}
        </Button>
      </div>
    </form>
  );
}

/** Edits the tags of one file, or adds and removes tags over several at once. */
export function TagDialog({ files, onClose }: TagDialogProps) {
  const { t } = useTranslation('manage');
  const one = files?.length === 1 ? files[0] : undefined;
  return (
    <Dialog
      open={files !== null}
      onOpenChange={(open) => !open && onClose()}
      title={one ? t('tags.titleOne', { name: one.original_name }) : t('tags.titleMany', { count: files?.length ?? 0 })}
      // One file's limits are the tag field's own hint.
      description={one ? undefined : t('tags.descriptionMany')}
    >
      {files && (one ? <OneFile key={one.id} file={one} onClose={onClose} /> : <ManyFiles files={files} onClose={onClose} />)}
    </Dialog>
  );
}
