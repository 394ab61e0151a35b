import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleSlash, Clock, KeyRound, Link2Off, LockKeyhole } from 'lucide-react';
import { errorMessage } from '../../api/client';
import type { LinkGrant } from '@vault/contract';
import { endedRefusal, type EndedRefusal } from '../../api/links';
import { refusalOf, useUnlock, type LinkKind } from '../../api/link-grants';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { LoadingState } from '../ui/LoadingState';
import { TextField } from '../ui/TextField';

/** How each way a link ends is pictured. */
export const ENDED_ICON: Record<EndedRefusal, typeof Clock> = {
  not_found: Link2Off,
  expired: Clock,
  exhausted: CircleSlash,
  revoked: Link2Off,
};

/**
 * Which texts tell a visitor that a link has ended: a file request is closed
 * by its owner rather than revoked, and fills up rather than running out of downloads.
 */
export function endedText(kind: LinkKind, refusal: EndedRefusal) {
  if (kind === 'r' && refusal === 'revoked') return 'closed';
  if (kind === 'r' && refusal === 'exhausted') return 'full';
  return refusal;
}

/** The card a link page shows instead of its content: centred, one message. */
export function GateCard({ icon: Icon, title, children }: { icon: typeof Clock; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-md px-6 py-10 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </Card>
  );
}

function PasswordForm({ kind, token, onGrant }: { kind: LinkKind; token: string; onGrant(grant: LinkGrant): void }) {
  const { t } = useTranslation('links');
  const [password, setPassword] = useState('');
  const unlock = useUnlock(kind, token, onGrant);
  const wrong = refusalOf(unlock.error) === 'wrong_password';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) unlock.mutate(password);
  };
  return (
    <GateCard icon={LockKeyhole} title={t('gate.passwordTitle')}>
      <p>{t('gate.passwordHelp')}</p>
      <form onSubmit={submit} className="mt-5 space-y-3 text-left">
        {unlock.error && !wrong && <Alert tone="error">{errorMessage(unlock.error, t('gate.checkFailed'))}</Alert>}
        <TextField
          label={t('gate.password')}
          type="password"
          autoComplete="off"
          autoFocus
          value={password}
          error={wrong ? t('refusal.wrong_password') : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" loading={unlock.isPending} disabled={!password}>
          <KeyRound aria-hidden="true" className="size-4" />
          {t('gate.unlock')}
        </Button>
      </form>
    </GateCard>
  );
}

export interface LinkGateProps<T> {
  kind: LinkKind;
  token: string;
  query: { data?: T | undefined; error: unknown; isPending: boolean };
  onGrant(grant: LinkGrant): void;
  children(data: T): ReactNode;
}

/**
 * What every link page shows first: loading, the password form, or why the
 * link opens nothing (expired, limit reached, revoked, unknown), and only
 * then the link's own content. A page whose link ended while it was open
 * keeps its content and shows why itself (see FileRequestPage).
 */
export function LinkGate<T>({ kind, token, query, onGrant, children }: LinkGateProps<T>) {
  const { t } = useTranslation('links');
  if (query.isPending) return <LoadingState label={t('gate.loading')} />;
  // Also when the page was open: a changed password ends the grant it was opened with.
  if (refusalOf(query.error) === 'password_required') return <PasswordForm kind={kind} token={token} onGrant={onGrant} />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  const ended = endedRefusal(query.error);
  if (ended) {
    const text = endedText(kind, ended);
    return (
      <GateCard icon={ENDED_ICON[ended]} title={t(`refusal.${text}.title`)}>
        {t(`refusal.${text}`)}
      </GateCard>
    );
  }
  return (
    <GateCard icon={Link2Off} title={t('gate.failedTitle')}>
      {errorMessage(query.error, t('gate.failed'))}
    </GateCard>
  );
}
