import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LIMITS, recoveryCodeSchema, totpCodeSchema } from '@vault/contract';
import { useCompleteTwoFactor } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { localized } from '../../lib/validation';

const codeForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({ code: recoveryCodeSchema });

/** The login card's second step: a code from the authenticator, or one recovery code. */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart(): void }) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const form = useForm<{ code: string }>({ resolver: localized(zodResolver(recovery ? recoveryForm : codeForm)), defaultValues: { code: '' } });
  const complete = useCompleteTwoFactor();
  const onSubmit = form.handleSubmit(({ code }) => complete.mutate(recovery ? { challenge, recovery_code: code } : { challenge, code }));
  const toggle = () => {
    setRecovery(!recovery);
    form.reset({ code: '' });
    complete.reset();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {complete.isError && <Alert tone="error">{errorMessage(complete.error, t('loginFailed'))}</Alert>}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        hint={recovery ? t('twoFactor.recoveryHint') : t('twoFactor.codeHint', { digits: LIMITS.totpDigits })}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" className="w-full" loading={complete.isPending}>
        {t('twoFactor.verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={toggle} className="font-medium text-accent-700 hover:text-accent-800 hover:underline">
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" onClick={onRestart} className="font-medium text-slate-600 hover:text-slate-800 hover:underline">
          {t('twoFactor.startOver')}
        </button>
      </div>
    </form>
  );
}
