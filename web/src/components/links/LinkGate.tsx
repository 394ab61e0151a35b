import { useState, type FormEvent, type ReactNode } from 'react';
import { CircleSlash, Clock, KeyRound, Link2Off, LockKeyhole } from 'lucide-react';
import { LINK_REFUSAL_TEXT, type LinkRefusal } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { refusalOf, useUnlock, type LinkKind } from '../../api/links';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { LoadingState } from '../ui/LoadingState';
import { TextField } from '../ui/TextField';

const ENDED: Record<Exclude<LinkRefusal, 'password_required' | 'wrong_password'>, { icon: typeof Clock; title: string }> = {
  not_found: { icon: Link2Off, title: 'Link not found' },
  expired: { icon: Clock, title: 'Link expired' },
  exhausted: { icon: CircleSlash, title: 'Download limit reached' },
  revoked: { icon: Link2Off, title: 'Link revoked' },
};

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

function PasswordForm({ kind, token, onGrant }: { kind: LinkKind; token: string; onGrant(grant: string): void }) {
  const [password, setPassword] = useState('');
  const unlock = useUnlock(kind, token, onGrant);
  const wrong = refusalOf(unlock.error) === 'wrong_password';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) unlock.mutate(password);
  };
  return (
    <GateCard icon={LockKeyhole} title="Password required">
      <p>{LINK_REFUSAL_TEXT.password_required} Enter it to continue.</p>
      <form onSubmit={submit} className="mt-5 space-y-3 text-left">
        {unlock.error && !wrong && <Alert tone="error">{errorMessage(unlock.error, 'The password could not be checked')}</Alert>}
        <TextField
          label="Password"
          type="password"
          autoComplete="off"
          autoFocus
          value={password}
          error={wrong ? LINK_REFUSAL_TEXT.wrong_password : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" loading={unlock.isPending} disabled={!password}>
          <KeyRound aria-hidden="true" className="size-4" />
          Unlock
        </Button>
      </form>
    </GateCard>
  );
}

export interface LinkGateProps<T> {
  kind: LinkKind;
  token: string;
  query: { data?: T | undefined; error: unknown; isPending: boolean };
  onGrant(grant: string): void;
  children(data: T): ReactNode;
}

/**
 * What every link page shows first: loading, the password form, or why the
 * link opens nothing (expired, limit reached, revoked, unknown), and only
 * then the link's own content.
 */
export function LinkGate<T>({ kind, token, query, onGrant, children }: LinkGateProps<T>) {
  if (query.isPending) return <LoadingState label="Opening link..." />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  const refusal = refusalOf(query.error);
  if (refusal === 'password_required') return <PasswordForm kind={kind} token={token} onGrant={onGrant} />;
  if (refusal && refusal !== 'wrong_password') {
    const { icon, title } = ENDED[refusal];
    return (
      <GateCard icon={icon} title={title}>
        {LINK_REFUSAL_TEXT[refusal]}
      </GateCard>
    );
  }
  return (
    <GateCard icon={Link2Off} title="Something went wrong">
      {errorMessage(query.error, 'The link could not be opened. Try again later.')}
    </GateCard>
  );
}
