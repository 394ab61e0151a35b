import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { CopyPlus, History, SkipForward } from 'lucide-react';
import { numberedName } from '@vault/contract';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { uploadQueue, useUploadQueue, type ClashChoice } from './upload-queue';

function Choice({ icon, title, hint, onClick }: { icon: ReactNode; title: string; hint: ReactNode; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-start gap-3 rounded-lg border border-slate-200 px-4 py-3 text-left transition-colors hover:border-accent-300 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
    >
      <span className="mt-0.5 shrink-0 text-accent-700">{icon}</span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-sm break-words text-slate-600">{hint}</span>
      </span>
    </button>
  );
}

/**
 * Asks what to do with a file whose folder already holds its name, one clash
 * at a time: Replace (a new version of the existing file), Keep both (the
 * upload gets a free "name (n).ext") or Skip, optionally for every clash left.
 * Closing it starts nothing.
 */
export function ClashDialog() {
  const { t } = useTranslation('versions');
  const { clash } = useUploadQueue();
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [clash?.index]);
  if (!clash) return null;
  const remaining = clash.total - clash.index;
  const choose = (choice: ClashChoice) => uploadQueue.answerClash({ choice, all });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) uploadQueue.answerClash(null);
      }}
      title={t('clash.title', { name: clash.name })}
      eyebrow={clash.total > 1 && t('clash.counter', { index: clash.index, total: clash.total })}
      description={t('clash.description')}
    >
      <div className="space-y-2">
        <Choice icon={<History aria-hidden="true" className="size-5" />} title={t('clash.replace')} hint={t('clash.replaceHint', { existing: clash.existing })} onClick={() => choose('version')} />
        <Choice icon={<CopyPlus aria-hidden="true" className="size-5" />} title={t('clash.keepBoth')} hint={t('clash.keepBothHint', { renamed: numberedName(clash.name, 2) })} onClick={() => choose('rename')} />
        <Choice icon={<SkipForward aria-hidden="true" className="size-5" />} title={t('clash.skip')} hint={t('clash.skipHint')} onClick={() => choose('skip')} />
      </div>
      {remaining > 0 && <Checkbox className="mt-4" label={t('clash.applyToAll', { count: remaining })} checked={all} onChange={(e) => setAll(e.target.checked)} />}
    </Dialog>
  );
}
