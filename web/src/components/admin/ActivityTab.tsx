import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { Download, History, KeyRound, LogIn, LogOut, Mail, Share2, ShieldAlert, ShieldCheck, ShieldOff, ShieldX, Trash2, Upload, UserCheck, UserCog, UserPlus, UserX, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { isActivityDetailCode, type ActivityRow, type ActivityType } from '@vault/contract';
import { TRANSFER_TYPES, useActivityLog } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { dateLocale, formatDateTime } from '../../lib/format';
import { translateById } from '../../i18n';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';

const KINDS: Record<ActivityType, { icon: LucideIcon; tone: string }> = {
  upload: { icon: Upload, tone: 'bg-accent-50 text-accent-700' },
  download: { icon: Download, tone: 'bg-sky-50 text-sky-700' },
  delete: { icon: Trash2, tone: 'bg-slate-100 text-slate-600' },
  admin_delete: { icon: ShieldX, tone: 'bg-red-50 text-red-700' },
  share: { icon: Share2, tone: 'bg-violet-50 text-violet-700' },
  login: { icon: LogIn, tone: 'bg-emerald-50 text-emerald-700' },
  login_failed: { icon: ShieldAlert, tone: 'bg-amber-50 text-amber-700' },
  user_update: { icon: UserCog, tone: 'bg-slate-100 text-slate-700' },
  email_changed: { icon: Mail, tone: 'bg-slate-100 text-slate-700' },
  password_changed: { icon: KeyRound, tone: 'bg-slate-100 text-slate-700' },
  sessions_ended: { icon: LogOut, tone: 'bg-slate-100 text-slate-700' },
  two_factor_enabled: { icon: ShieldCheck, tone: 'bg-emerald-50 text-emerald-700' },
  two_factor_disabled: { icon: ShieldOff, tone: 'bg-amber-50 text-amber-700' },
  recovery_codes_regenerated: { icon: KeyRound, tone: 'bg-slate-100 text-slate-700' },
  recovery_code_used: { icon: KeyRound, tone: 'bg-amber-50 text-amber-700' },
  user_created: { icon: UserPlus, tone: 'bg-emerald-50 text-emerald-700' },
  user_disabled: { icon: UserX, tone: 'bg-red-50 text-red-700' },
  user_enabled: { icon: UserCheck, tone: 'bg-emerald-50 text-emerald-700' },
  password_reset: { icon: KeyRound, tone: 'bg-amber-50 text-amber-700' },
  two_factor_reset: { icon: ShieldOff, tone: 'bg-amber-50 text-amber-700' },
  user_deleted: { icon: UserX, tone: 'bg-red-50 text-red-700' },
};

const NAME = <span className="font-medium text-slate-900" />;

/** Actions on a user that the operator may also take at the server's command line, which is no account. */
const USER_ACTIONS: ReadonlySet<ActivityType> = new Set(['user_disabled', 'user_enabled', 'password_reset']);

/** Transfers without an account, by the way they came: a share link's download, a file request's upload. */
const VIA_SENTENCES = { share_link: 'shareLinkDownload', file_request: 'requestUpload' } as const;

/**
 * The sentence for each event. A transfer through a link names it by its
 * label, if it had one; other downloads without an account came through a
 * public file's link.
 */
function sentenceKey(row: ActivityRow) {
  if (row.via) return `activity.sentence.${VIA_SENTENCES[row.via.kind]}${row.via.label === null ? '' : 'Labelled'}` as const;
  return row.type === 'download' && !row.username ? 'activity.sentence.publicDownload' : (`activity.sentence.${row.type}` as const);
}

/** Who did it: a file request's visitor by the name they gave, else the account (or, for want of one, a stand-in). */
function actorName(row: ActivityRow, t: TFunction<'admin'>): string {
  if (row.via?.kind === 'file_request') return row.via.visitor ?? t('activity.aVisitor');
  return row.username ?? t(USER_ACTIONS.has(row.type) ? 'activity.commandLine' : 'activity.someone');
}

/** The event in words: who did what to which file (through whose file request or which link). */
function Description({ row }: { row: ActivityRow }) {
  const { t } = useTranslation('admin');
  const values = {
    who: actorName(row, t),
    file: row.file_name ?? t('activity.aFile'),
    name: row.detail ?? row.username ?? t('activity.unknownUser'),
    owner: row.username ?? t('activity.unknownUser'),
    label: row.via?.label,
  };
  return <Trans t={t} i18nKey={sentenceKey(row)} values={values} components={{ who: NAME, file: NAME, name: NAME, owner: NAME }} />;
}

/**
 * Extra context the log kept, in the interface language by its id (ACTIVITY_DETAILS); rows written
 * before the ids, or with an id this page does not know, say it in the server's English. Nothing where
 * the sentence already says it.
 */
function detailOf(row: ActivityRow): string | null {
  if (row.type === 'login_failed') return null;
  const code = row.detail_code;
  if (code === null || !isActivityDetailCode(code)) return row.detail;
  return translateById(`admin:activity.detail.${code}`, row.detail_params ?? {});
}

function ActivityItem({ row }: { row: ActivityRow }) {
  const { t } = useTranslation('admin');
  const kind = KINDS[row.type];
  const detail = detailOf(row);
  return (
    <li className="flex gap-3 px-5 py-3.5">
      <span className={clsx('flex size-9 shrink-0 items-center justify-center rounded-full', kind.tone)}>
        <kind.icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{t(`activity.kind.${row.type}`)}</span>
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-sm break-words text-slate-600"><Description row={row} /></p>
          {detail && <p className="mt-0.5 text-sm break-words text-slate-500">{detail}</p>}
        </div>
        <time dateTime={row.date} title={new Date(row.date).toLocaleString()} className="mt-1 block shrink-0 text-xs text-slate-500 sm:mt-0 sm:text-right">
          <span className="font-medium text-slate-700 sm:block">{formatDateTime(row.date)}</span>
          <span aria-hidden="true" className="sm:hidden"> · </span>
          {formatDistanceToNow(new Date(row.date), { addSuffix: true, locale: dateLocale() })}
        </time>
      </div>
    </li>
  );
}

/** Transfers (the spec's activity rows, uploads and downloads) by default; the full audit log on request. */
const VIEWS = {
  transfers: { label: 'activity.view.transfers', description: 'activity.view.transfersDescription', types: TRANSFER_TYPES },
  all: { label: 'activity.view.all', description: 'uploadsDownloadsDeletionsSharingSign', types: undefined },
} as const;

export function ActivityTab() {
  const { t } = useTranslation('admin');
  const [view, setView] = useState<keyof typeof VIEWS>('transfers');
  const activity = useActivityLog(VIEWS[view].types);
  const rows = activity.data?.pages.flatMap((p) => p.activity) ?? [];

  return (
    <Card>
      <CardHeader
        title={t('recentActivity')}
        description={t(VIEWS[view].description)}
        actions={
          <div role="group" aria-label={t('activity.view.label')} className="flex min-w-0 rounded-lg bg-slate-100 p-0.5">
            {(Object.keys(VIEWS) as (keyof typeof VIEWS)[]).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={view === key}
                onClick={() => setView(key)}
                className={clsx(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent-600',
                  view === key ? 'bg-surface text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {t(VIEWS[key].label)}
              </button>
            ))}
          </div>
        }
      />
      <QueryState query={activity} loading={t('loadingActivity')} failed={t('failedToLoadActivity')}>
        {() =>
          rows.length === 0 ? (
            <EmptyState icon={History} title={t('noActivityYet')} />
          ) : (
            <>
              <ol aria-label={t('recentActivity2')} className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <ActivityItem key={row.id} row={row} />
                ))}
              </ol>
              <div className="border-t border-slate-100 px-5 py-3 text-center">
                {activity.isFetchNextPageError && (
                  <p role="alert" className="mb-2 text-sm text-red-700">
                    {errorMessage(activity.error, t('failedToLoadOlderActivity'))}
                  </p>
                )}
                {activity.hasNextPage ? (
                  <Button variant="secondary" size="sm" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
                    {t('loadOlderActivity')}
                  </Button>
                ) : (
                  <p className="text-sm text-slate-500">{t('thatIsTheBeginningOf')}</p>
                )}
              </div>
            </>
          )
        }
      </QueryState>
    </Card>
  );
}
