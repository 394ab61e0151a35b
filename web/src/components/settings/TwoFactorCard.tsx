import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { recoveryCodesRequestSchema, twoFactorChangeSchema, type Account, type TwoFactorSetup as Setup } from '@vault/contract';
import { useBeginTwoFactorSetup, useDisableTwoFactor, useRegenerateRecoveryCodes } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorSetup } from './TwoFactorSetup';
import { localized } from '../../lib/validation';

function RegenerateForm({ onCodes, onCancel }: { onCodes(codes: string[]): void; onCancel(): void }) {
  const { t } = useTranslation('settings');
  const form = useForm({ resolver: localized(zodResolver(recoveryCodesRequestSchema)), defaultValues: { password: '' } });
  const regenerate = useRegenerateRecoveryCodes();
  const onSubmit = form.handleSubmit((values) => regenerate.mutate(values, { onSuccess: ({ recovery_codes }) => onCodes(recovery_codes) }));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">{t('twoFactor.regenerateIntro')}</p>
      {regenerate.isError && <Alert tone="error">{errorMessage(regenerate.error, t('twoFactor.regenerateFailed'))}</Alert>}
      <TextField label={t('passwordLabel')} type="password" autoComplete="current-password" error={form.formState.errors.password?.message} {...form.register('password')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={regenerate.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={regenerate.isPending}>
          {t('twoFactor.makeCodes')}
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('settings');
  const form = useForm({ resolver: localized(zodResolver(twoFactorChangeSchema)), defaultValues: { password: '', code: '' } });
  const disable = useDisableTwoFactor(onDone);
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => disable.mutate(values))} className="space-y-4">
      <p className="text-sm text-slate-600">{t('twoFactor.disableIntro')}</p>
      {disable.isError && <Alert tone="error">{errorMessage(disable.error, t('twoFactor.disableFailed'))}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('passwordLabel')} type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <TextField label={t('codeFromApp')} inputMode="numeric" autoComplete="one-time-code" error={errors.code?.message} {...form.register('code')} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={disable.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {t('twoFactor.turnOff')}
        </Button>
      </div>
    </form>
  );
}

type Step = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'regenerate' } | { kind: 'disable' };

/** Two-factor sign-in with an authenticator app (TOTP): set up, recovery codes, turn off. */
export function TwoFactorCard({ account, required }: { account: Account; required: boolean }) {
  const { t } = useTranslation('settings');
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
          {t('twoFactor.onText', { count: account.recovery_codes_left })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'regenerate' })}>
            {t('twoFactor.newCodes')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'disable' })}>
            {t('twoFactor.turnOff')}
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        {required && <Alert tone="error">{t('twoFactor.requiredForAdmins')}</Alert>}
        {begin.isError && <Alert tone="error">{errorMessage(begin.error, t('twoFactor.setupFailed'))}</Alert>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">{t('twoFactor.offText')}</p>
          <Button onClick={() => begin.mutate(undefined, { onSuccess: (setup) => setStep({ kind: 'setup', setup }) })} loading={begin.isPending}>
            {t('twoFactor.setUp')}
          </Button>
        </div>
      </div>
    );

  return (
    <Card id="two-factor">
      <CardHeader title={t('twoFactor.title')} actions={<Badge tone={on ? 'success' : 'neutral'}>{on ? t('twoFactor.on') : t('twoFactor.off')}</Badge>} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
