import { useTranslation } from 'react-i18next';
import { useMemo, type ReactNode } from 'react';
import { TEXT_PREVIEW_BYTES } from '@vault/contract';
import clsx from 'clsx';
import { formatJson } from '../../../lib/json-format';
import { formatFileSize } from '../../../lib/format';
import { PreviewLoading } from '../PreviewMessage';
import { useBlobText } from './use-blob-text';

export interface TextViewerProps {
  blob: Blob;
  /** Only the head of a longer file was read. */
  truncated: boolean;
  name: string;
  /** Fill the parent's height (the preview dialog) instead of growing with the text. */
  fill: boolean;
}

/** A scrolling pane for a text preview, labelled for screen readers and reachable by keyboard. */
export function Pane({ name, fill, notes, children }: { name: string; fill: boolean; notes: ReactNode[]; children: ReactNode }) {
  const { t } = useTranslation('files');
  return (
    <div className={clsx('flex flex-col', fill && 'h-full')}>
      {notes.filter(Boolean).map((note, i) => (
        <p key={i} role="note" className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          {note}
        </p>
      ))}
      {/* tabIndex: a scrolling region must be reachable by keyboard to be scrolled. */}
      <div tabIndex={0} role="region" aria-label={t('preview.of', { name })} className={clsx('min-h-0 overflow-auto bg-surface focus-visible:outline-2 focus-visible:outline-accent-600', fill ? 'flex-1' : 'max-h-[70dvh]')}>
        {children}
      </div>
    </div>
  );
}

export function useTruncatedNote(truncated: boolean): string | null {
  const { t } = useTranslation('files');
  return truncated ? t('preview.truncated', { size: formatFileSize(TEXT_PREVIEW_BYTES) }) : null;
}

const PRE = 'p-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap text-slate-800';

/** Plain text as written, wrapped. */
export function PlainTextViewer({ blob, truncated, name, fill }: TextViewerProps) {
  const text = useBlobText(blob, truncated);
  const note = useTruncatedNote(truncated);
  if (text === null) return <PreviewLoading fill={fill} />;
  return (
    <Pane name={name} fill={fill} notes={[note]}>
      <pre className={PRE}>{text}</pre>
    </Pane>
  );
}

/** JSON indented; text that is not JSON (or only its head) is shown as written. */
export function JsonViewer({ blob, truncated, name, fill }: TextViewerProps) {
  const { t } = useTranslation('files');
  const text = useBlobText(blob, truncated);
  const formatted = useMemo(() => (text === null || truncated ? null : formatJson(text)), [text, truncated]);
  const note = useTruncatedNote(truncated);
  if (text === null) return <PreviewLoading fill={fill} />;
  return (
    <Pane name={name} fill={fill} notes={[note, !truncated && formatted === null && t('preview.notJson')]}>
      <pre className={PRE}>{formatted ?? text}</pre>
    </Pane>
  );
}
