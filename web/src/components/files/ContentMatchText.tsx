import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { ContentMatch } from '@vault/contract';
import { highlightSegments } from '../../lib/highlight';

/**
 * Where a text search met the file's content: the excerpt as plain text with
 * the matched words in <mark>, never HTML from the server. Nothing when the
 * file was found by its name or tags alone.
 */
export function ContentMatchText({ match, className }: { match: ContentMatch | undefined; className?: string }) {
  const { t } = useTranslation('files');
  if (!match) return null;
  return (
    <p className={clsx('line-clamp-3 text-xs break-words text-slate-600', className)}>
      <span className="sr-only">{t('match.inContent')} </span>
      {highlightSegments(match).map((segment, i) =>
        segment.marked ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
