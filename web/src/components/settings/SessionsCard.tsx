import { useTranslation } from 'react-i18next';
import { Laptop, LogOut } from 'lucide-react';
import type { SessionInfo } from '@vault/contract';
import { useEndOtherSessions, useEndSession, useSessions } from '../../api/account';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { FactLine } from '../ui/FactLine';
import { QueryState } from '../ui/QueryState';
import { ShowAllButton, useFirstRows } from '../ui/ShowAll';

function SessionRow({ session, onEnd, ending }: { session: SessionInfo; onEnd(): void; ending: boolean }) {
  const { t } = useTranslation('settings');
  const name = session.browser ?? t('sessions.unknownBrowser');
  return (
    // On a phone "Sign out" goes under the facts, which then keep the row's width.
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 px-5 py-3.5 sm:grid-cols-[auto_minmax(0,1fr)_auto]" data-testid="session-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Laptop aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {name}
          {session.current && <Badge tone="success">{t('sessions.thisDevice')}</Badge>}
        </p>
        <p className="text-sm text-slate-500">
          <FactLine
            facts={[
              session.address ?? t('sessions.unknownAddress'),
              t('sessions.signedIn', { date: formatDateTime(session.created_at) }),
              t('sessions.lastSeen', { date: formatDateTime(session.last_seen_at) }),
            ]}
          />
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="col-start-2 justify-self-start sm:col-start-3"
          onClick={onEnd}
          loading={ending}
          aria-label={t('sessions.signOutLabel', { name, created: formatDateTime(session.created_at) })}
        >
          <LogOut aria-hidden="true" className="size-3.5" />
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Sessions listed before "Show all": scripts that sign in often leave many, and the page must stay readable. */
const SHOWN_SESSIONS = 5;

/** This device's session first, then the others as the server ordered them (the most recently used first). */
function thisDeviceFirst(list: readonly SessionInfo[]): SessionInfo[] {
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

function SessionList({ sessions }: { sessions: SessionInfo[] }) {
  const { t } = useTranslation('settings');
  const endOne = useEndSession();
  const { shown, more, all, toggle } = useFirstRows(sessions, SHOWN_SESSIONS);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {shown.map((session) => (
          <SessionRow key={session.id} session={session} ending={endOne.isPending && endOne.variables === session.id} onEnd={() => endOne.mutate(session.id)} />
        ))}
      </ul>
      {more && <ShowAllButton all={all} toggle={toggle} showAll={t('sessions.showAll', { count: sessions.length })} showFewer={t('sessions.showFewer')} />}
    </>
  );
}

/** Every open session of the user, with sign-out per session and for all the others at once. */
export function SessionsCard() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader
        title={t('sessions.title')}
        description={t('sessions.description')}
        actions={
          <Button variant="secondary" size="sm" onClick={() => endOthers.mutate()} loading={endOthers.isPending} disabled={others === 0}>
            {t('sessions.endOthers')}
          </Button>
        }
      />
      <QueryState query={sessions} loading={t('sessions.loading')} failed={t('sessions.failed')}>
        {({ sessions: list }) => <SessionList sessions={thisDeviceFirst(list)} />}
      </QueryState>
    </Card>
  );
}
