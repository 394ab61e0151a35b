import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderUp } from 'lucide-react';
import { Button } from '../ui/Button';

/**
 * Picks a whole folder: its files come with their paths inside it, and the
 * upload recreates the tree under the chosen folder. (Dropping a folder on the
 * drop zone does the same.)
 */
export function FolderPicker({ onFiles, disabled }: { onFiles(files: File[]): void; disabled: boolean }) {
  const { t } = useTranslation('upload');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
        <FolderUp aria-hidden="true" className="size-4" />
        {t('folder.pick')}
      </Button>
      <span>{t('folder.orPaste')}</span>
      <input
        ref={input}
        type="file"
        aria-label={t('folder.input')}
        className="hidden"
        multiple
        // Not in React's types: the attribute that makes the picker choose folders.
        {...{ webkitdirectory: '' }}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
