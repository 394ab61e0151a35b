import type { ReactNode } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { Download, History, KeyRound, LogIn, LogOut, Mail, Share2, ShieldAlert, ShieldCheck, ShieldOff, ShieldX, Trash2, Upload, UserCheck, UserCog, UserX, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import type { ActivityRow, ActivityType } from '@vault/contract';
import { useActivityLog } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';

const KINDS: Record<ActivityType, { label: string; icon: LucideIcon; tone: string }> = {
  upload: { label: 'Upload', icon: Upload, tone: 'bg-accent-50 text-accent-600' },
  download: { label: 'Download', icon: Download, tone: 'bg-sky-50 text-sky-600' },
  delete: { label: 'Delete', icon: Trash2, tone: 'bg-slate-100 text-slate-600' },
  admin_delete: { label: 'Admin delete', icon: ShieldX, tone: 'bg-red-50 text-red-600' },
  share: { label: 'Sharing change', icon: Share2, tone: 'bg-violet-50 text-violet-600' },
  login: { label: 'Sign-in', icon: LogIn, tone: 'bg-emerald-50 text-emerald-600' },
  login_failed: { label: 'Failed sign-in', icon: ShieldAlert, tone: 'bg-amber-50 text-amber-700' },
  user_update: { label: 'User change', icon: UserCog, tone: 'bg-slate-100 text-slate-700' },
  email_changed: { label: 'E-mail change', icon: Mail, tone: 'bg-slate-100 text-slate-700' },
  password_changed: { label: 'Password change', icon: KeyRound, tone: 'bg-slate-100 text-slate-700' },
  sessions_ended: { label: 'Sessions ended', icon: LogOut, tone: 'bg-slate-100 text-slate-700' },
  two_factor_enabled: { label: 'Two-factor on', icon: ShieldCheck, tone: 'bg-emerald-50 text-emerald-600' },
  two_factor_disabled: { label: 'Two-factor off', icon: ShieldOff, tone: 'bg-amber-50 text-amber-700' },
  recovery_codes_regenerated: { label: 'New recovery codes', icon: KeyRound, tone: 'bg-slate-100 text-slate-700' },
  recovery_code_used: { label: 'Recovery code used', icon: KeyRound, tone: 'bg-amber-50 text-amber-700' },
  user_disabled: { label: 'User disabled', icon: UserX, tone: 'bg-red-50 text-red-600' },
  user_enabled: { label: 'User enabled', icon: UserCheck, tone: 'bg-emerald-50 text-emerald-600' },
  password_reset: { label: 'Password reset', icon: KeyRound, tone: 'bg-amber-50 text-amber-700' },
  two_factor_reset: { label: 'Two-factor reset', icon: ShieldOff, tone: 'bg-amber-50 text-amber-700' },
  user_deleted: { label: 'User deleted', icon: UserX, tone: 'bg-red-50 text-red-600' },
};

/** The event in words: who did what to which file. */
function describe(row: ActivityRow): ReactNode {
  const who = <span className="font-medium text-slate-900">{row.username ?? 'Someone'}</span>;
  const file = <span className="font-medium text-slate-900">{row.file_name ?? 'a file'}</span>;
  switch (row.type) {
    case 'upload':
      return <>{who} uploaded {file}</>;
    case 'download':
      return row.username ? <>{who} downloaded {file}</> : <>{file} was downloaded through its public link</>;
    case 'delete':
      return <>{who} deleted {file}</>;
    case 'admin_delete':
      return <>{who} deleted {file} as administrator</>;
    case 'share':
      return <>{who} changed the sharing of {file}</>;
    case 'login':
      return <>{who} signed in</>;
    case 'login_failed':
      return <>Failed sign-in as <span className="font-medium text-slate-900">{row.detail ?? row.username ?? 'an unknown user'}</span></>;
    case 'user_update':
      return <>{who} changed a user</>;
    case 'email_changed':
      return <>{who} changed their e-mail address</>;
    case 'password_changed':
      return <>{who} changed their password</>;
    case 'sessions_ended':
      return <>{who} signed out other sessions</>;
    case 'two_factor_enabled':
      return <>{who} turned on two-factor sign-in</>;
    case 'two_factor_disabled':
      return <>{who} turned off two-factor sign-in</>;
    case 'recovery_codes_regenerated':
      return <>{who} made new recovery codes</>;
    case 'recovery_code_used':
      return <>{who} signed in with a recovery code</>;
    case 'user_disabled':
      return <>{who} disabled a user</>;
    case 'user_enabled':
      return <>{who} enabled a user</>;
    case 'password_reset':
      return <>{who} reset a user&apos;s password</>;
    case 'two_factor_reset':
      return <>{who} reset a user&apos;s two-factor sign-in</>;
    case 'user_deleted':
      return <>{who} deleted a user</>;
  }
}

/** Extra context the log kept, except where the sentence already says it. */
function detailOf(row: ActivityRow): string | null {
  return row.type === 'login_failed' ? null : row.detail;
}

function ActivityItem({ row }: { row: ActivityRow }) {
  const kind = KINDS[row.type];
  const detail = detailOf(row);
  return (
    <li className="flex gap-3 px-5 py-3.5">
      <span className={clsx('flex size-9 shrink-0 items-center justify-center rounded-full', kind.tone)}>
        <kind.icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{kind.label}</span>
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-sm break-words text-slate-600">{describe(row)}</p>
          {detail && <p className="mt-0.5 text-sm break-words text-slate-500">{detail}</p>}
        </div>
        <time dateTime={row.date} title={new Date(row.date).toLocaleString()} className="mt-1 block shrink-0 text-xs text-slate-500 sm:mt-0 sm:text-right">
          <span className="font-medium text-slate-700 sm:block">{formatDateTime(row.date)}</span>
          <span aria-hidden="true" className="sm:hidden"> · </span>
          {formatDistanceToNow(new Date(row.date), { addSuffix: true })}
        </time>
      </div>
    </li>
  );
}

export function ActivityTab() {
  const activity = useActivityLog();
  const rows = activity.data?.pages.flatMap((p) => p.activity) ?? [];

  return (
    <Card>
      <CardHeader title="Recent Activity" description="Uploads, downloads, deletions, sharing, sign-ins and account changes, newest first" />
      <QueryState query={activity} loading="Loading activity..." failed="Failed to load activity">
        {() =>
          rows.length === 0 ? (
            <EmptyState icon={History} title="No activity yet" />
          ) : (
            <>
              <ol aria-label="Recent activity" className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <ActivityItem key={row.id} row={row} />
                ))}
              </ol>
              <div className="border-t border-slate-100 px-5 py-3 text-center">
                {activity.isFetchNextPageError && (
                  <p role="alert" className="mb-2 text-sm text-red-600">
                    {errorMessage(activity.error, 'Failed to load older activity')}
                  </p>
                )}
                {activity.hasNextPage ? (
                  <Button variant="secondary" size="sm" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
                    Load older activity
                  </Button>
                ) : (
                  <p className="text-sm text-slate-500">That is the beginning of the log.</p>
                )}
              </div>
            </>
          )
        }
      </QueryState>
    </Card>
  );
}
