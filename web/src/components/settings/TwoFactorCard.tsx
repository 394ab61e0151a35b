import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { recoveryCodesRequestSchema, twoFactorDisableSchema, type Account, type TwoFactorSetup as Setup } from '@vault/contract';
import { useBeginTwoFactorSetup, useDisableTwoFactor, useRegenerateRecoveryCodes } from '../../api/account';
import { errorMessage } from '../../api/client';
import { plural } from '../../lib/format';
import { Alert } from '../ui/Alert';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorSetup } from './TwoFactorSetup';

function RegenerateForm({ onCodes, onCancel }: { onCodes(codes: string[]): void; onCancel(): void }) {
  const form = useForm({ resolver: zodResolver(recoveryCodesRequestSchema), defaultValues: { password: '' } });
  const regenerate = useRegenerateRecoveryCodes();
  const onSubmit = form.handleSubmit((values) => regenerate.mutate(values, { onSuccess: ({ recovery_codes }) => onCodes(recovery_codes) }));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">New codes replace all the old ones, used or not.</p>
      {regenerate.isError && <Alert tone="error">{errorMessage(regenerate.error, 'Could not make new codes')}</Alert>}
      <TextField label="Password" type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register('password')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={regenerate.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={regenerate.isPending}>
          Make new codes
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ onDone }: { onDone(): void }) {
  const form = useForm({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '', code: '' } });
  const disable = useDisableTwoFactor(onDone);
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => disable.mutate(values))} className="space-y-4">
      <p className="text-sm text-slate-600">Confirm with your password and a current code from your authenticator.</p>
      {disable.isError && <Alert tone="error">{errorMessage(disable.error, 'Could not turn off two-factor sign-in')}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" error={errors.code?.message} {...form.register('code')} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={disable.isPending}>
          Turn off
        </Button>
      </div>
    </form>
  );
}

type Step = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'regenerate' } | { kind: 'disable' };

/** Two-factor sign-in with an authenticator app (TOTP): set up, recovery codes, turn off. */
export function TwoFactorCard({ account, required }: { account: Account; required: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const begin = useBeginTwoFactorSetup();
  const idle = () => setStep({ kind: 'idle' });
  const on = account.two_factor_enabled;

  let body;
  if (step.kind === 'setup') body = <TwoFactorSetup setup={step.setup} onCancel={idle} onEnabled={(codes) => setStep({ kind: 'codes', codes })} />;
  else if (step.kind === 'codes') body = <RecoveryCodesPanel codes={step.codes} onDone={idle} />;
  else if (step.kind === 'regenerate') body = <RegenerateForm onCodes={(codes) => setStep({ kind: 'codes', codes })} onCancel={idle} />;
  else if (step.kind === 'disable') body = <DisableForm onDone={idle} />;
  else if (on)
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <ShieldCheck aria-hidden="true" className="size-5 text-emerald-600" />
          Signing in asks for a code from your authenticator. {plural(account.recovery_codes_left, 'recovery code')} left.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'regenerate' })}>
            New recovery codes
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'disable' })}>
            Turn off
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        {required && <Alert tone="error">Administrators must turn on two-factor sign-in before the Admin Panel opens.</Alert>}
        {begin.isError && <Alert tone="error">{errorMessage(begin.error, 'Could not start the setup')}</Alert>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">Protect your account with a code from an authenticator app as well as your password.</p>
          <Button onClick={() => begin.mutate(undefined, { onSuccess: (setup) => setStep({ kind: 'setup', setup }) })} loading={begin.isPending}>
            Set up two-factor sign-in
          </Button>
        </div>
      </div>
    );

  return (
    <Card id="two-factor">
      <CardHeader title="Two-factor sign-in" actions={<Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
