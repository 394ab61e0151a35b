import { useTranslation } from 'react-i18next';
import { FolderOpen, Globe, Lock, Users, type LucideIcon } from 'lucide-react';
import type { EffectiveVisibility } from '@vault/contract';
import clsx from 'clsx';
import { Badge, type BadgeTone } from './Badge';

interface VisibilityWords {
  tone: BadgeTone;
  icon: LucideIcon;
  /** The badge's text: "PUBLIC", "SHARED · 2", "PRIVATE". */
  short: string;
  /** Who besides the owner may read it, and why: "Public through the folder Photos". */
  sentence: string;
}

/**
 * How every screen words a file's or folder's visibility, all things
 * considered (the API's `visibility`, never `is_public` alone, which misses
 * what a folder above makes public or shares): one vocabulary everywhere.
 */
function useVisibilityWords(visibility: EffectiveVisibility): VisibilityWords {
  const { t } = useTranslation('common');
  switch (visibility.kind) {
    case 'public':
      return { tone: 'success', icon: Globe, short: t('visibility.publicShort'), sentence: t('visibility.public') };
    case 'public_folder':
      return { tone: 'success', icon: FolderOpen, short: t('visibility.publicShort'), sentence: t('visibility.publicFolder', { folder: visibility.folder_name }) };
    case 'shared':
      // The names (and so their number) reach the owner only.
      return visibility.users === null
        ? { tone: 'accent', icon: Users, short: t('visibility.sharedShort'), sentence: t('visibility.sharedByName') }
        : {
            tone: 'accent',
            icon: Users,
            short: t('visibility.sharedCount', { count: visibility.users.length }),
            sentence: t('visibility.sharedWith', { count: visibility.users.length, names: visibility.users.join(', ') }),
          };
    case 'private':
      return { tone: 'neutral', icon: Lock, short: t('visibility.privateShort'), sentence: t('visibility.private') };
  }
}

/**
 * A short badge; the whole sentence is its tooltip and what a screen reader
 * reads. `hidePrivate`: lists show nothing for private items. `compact`: the
 * icon alone, where a word has no room (a grid tile's corner).
 */
export function VisibilityBadge({ visibility, hidePrivate = false, compact = false }: { visibility: EffectiveVisibility; hidePrivate?: boolean; compact?: boolean }) {
  const { tone, icon: Icon, short, sentence } = useVisibilityWords(visibility);
  if (hidePrivate && visibility.kind === 'private') return null;
  return (
    // One piece: "SHARED · 3" never breaks inside, however narrow its line.
    <Badge tone={tone} title={sentence} className={clsx('shrink-0 whitespace-nowrap', compact && 'p-1')}>
      <Icon aria-hidden="true" className={compact ? 'size-3.5' : 'size-3'} />
      {!compact && <span aria-hidden="true">{short}</span>}
      <span className="sr-only">{sentence}</span>
    </Badge>
  );
}

/** The whole sentence with its icon, for a list of facts (file page, preview dialog). */
export function VisibilityText({ visibility }: { visibility: EffectiveVisibility }) {
  const { icon: Icon, sentence } = useVisibilityWords(visibility);
  return (
    <span className="inline-flex items-start gap-1.5">
      <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-500" />
      <span>{sentence}</span>
    </span>
  );
}
