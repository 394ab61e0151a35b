import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { LIMITS, twoFactorChangeSchema, type TwoFactorSetup as Setup } from '@vault/contract';
import { useEnableTwoFactor } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button, buttonClasses } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { localized } from '../../lib/validation';
import { useCopyLink } from '../../lib/use-copy-link';

/** The key in blocks of 4, easier to read out and type; the blocks are spaced by margins, not spaces, so selecting and copying the key copies it whole. */
function SetupKey({ secret }: { secret: string }) {
  const { t } = useTranslation('settings');
  const { copied, copy } = useCopyLink(t('setup.keyCopied'), t('setup.keyCopyFailed'));
  const blocks = secret.match(/.{1,4}/g) ?? [];
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <code
        data-testid="totp-secret"
        className="w-full min-w-0 rounded-lg sm:flex-1 bg-slate-50 px-3 py-2 font-mono text-sm leading-7 text-slate-900 select-all"
      >
        {blocks.map((block, index) => (
          <span key={index} className="mr-[1ch] inline-block last:mr-0">
            {block}
          </span>
        ))}
      </code>
      <Button variant="secondary" size="sm" className="shrink-0" onClick={() => void copy(secret)}>
        {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
        {copied ? t('setup.copied') : t('setup.copyKey')}
      </Button>
    </div>
  );
}

/** Add the account to an authenticator (scan, open on this phone, or type the key), then confirm with the code it shows. */
export function TwoFactorSetup({ setup, onCancel, onEnabled }: { setup: Setup; onCancel(): void; onEnabled(codes: string[]): void }) {
  const { t } = useTranslation('settings');
  const form = useForm({ resolver: localized(zodResolver(twoFactorChangeSchema)), defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  const enable = useEnableTwoFactor();
  const onSubmit = form.handleSubmit((values) => enable.mutate(values, { onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes) }));
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <img src={setup.qr_code} alt={t('setup.qr')} width={176} height={176} className="mx-auto size-44 rounded-lg border border-slate-200 bg-white p-2" />
      <form noValidate onSubmit={onSubmit} className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-600 marker:text-slate-500">
          <li className="space-y-2">
            <p>{t('setup.scan')}</p>
            {/* A phone cannot scan its own screen: there the app opens from the otpauth link instead. */}
            <div className="hidden pointer-coarse:block">
              <a href={setup.otpauth_uri} className={buttonClasses('secondary', 'sm')}>
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('setup.openInApp')}
              </a>
            </div>
          </li>
          <li className="space-y-2">
            <p>{t('setup.type')}</p>
            <SetupKey secret={setup.secret} />
          </li>
          <li>{t('setup.confirm', { digits: LIMITS.totpDigits })}</li>
        </ol>
        {enable.isError && <Alert tone="error">{errorMessage(enable.error, t('setup.failed'))}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('codeFromApp')} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" error={errors.code?.message} {...form.register('code')} />
          <TextField label={t('passwordLabel')} type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        </div>
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
