import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorEnableSchema, type TwoFactorSetup as Setup } from '@vault/contract';
import { useEnableTwoFactor } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { localized } from '../../lib/validation';

/** Scan (or type) the secret, then confirm with the code the authenticator shows. */
export function TwoFactorSetup({ setup, onCancel, onEnabled }: { setup: Setup; onCancel(): void; onEnabled(codes: string[]): void }) {
  const { t } = useTranslation('settings');
  const form = useForm({ resolver: localized(zodResolver(twoFactorEnableSchema)), defaultValues: { code: '' } });
  const enable = useEnableTwoFactor();
  const onSubmit = form.handleSubmit((values) => enable.mutate(values, { onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes) }));
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <img src={setup.qr_code} alt={t('setup.qr')} width={176} height={176} className="mx-auto size-44 rounded-lg border border-slate-200 bg-white p-2" />
      <form noValidate onSubmit={onSubmit} className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
          <li>{t('setup.scan')}</li>
          <li>{t('setup.type')}</li>
        </ol>
        <code data-testid="totp-secret" className="block rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">
          {setup.secret}
        </code>
        {enable.isError && <Alert tone="error">{errorMessage(enable.error, t('setup.failed'))}</Alert>}
        <TextField
          label={t('codeFromApp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={enable.isPending}>
            {t('setup.turnOn')}
          </Button>
        </div>
      </form>
    </div>
  );
}
