import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { loginRequestSchema, type LoginMode } from '@vault/contract';
import { useAppConfig, useLogin } from '../api/auth';
import { errorMessage } from '../api/client';
import { AuthLayout } from '../components/auth/AuthLayout';
import { LoginModeToggle } from '../components/auth/LoginModeToggle';
import { TwoFactorStep } from '../components/auth/TwoFactorStep';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { authPath, useReturnTarget } from '../lib/return-to';
import { useDocumentTitle } from '../lib/use-document-title';
import { localized } from '../lib/validation';

const loginFormSchema = loginRequestSchema.pick({ username: true, password: true });
const EMPTY = { username: '', password: '' };

const COPY = {
  user: { title: 'copy.user.title', subtitle: 'copy.user.subtitle' },
  admin: { title: 'copy.admin.title', subtitle: 'copy.admin.subtitle' },
} as const satisfies Record<LoginMode, { title: string; subtitle: string }>;

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('documentTitle'));
  const [mode, setMode] = useState<LoginMode>('user');
  const config = useAppConfig();
  const demo = config.data?.demo ?? null;

  const form = useForm({ resolver: localized(zodResolver(loginFormSchema)), defaultValues: EMPTY });
  const { errors } = form.formState;

  const mutation = useLogin();
  const target = useReturnTarget();

  const switchMode = (next: LoginMode) => {
    if (next === mode) return;
    setMode(next);
    form.reset(EMPTY);
    mutation.reset();
  };

  const fillDemo = () => {
    if (!demo) return;
    form.reset(demo[mode]);
    mutation.reset();
  };

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(mode === 'admin' ? { ...values, mode: 'admin' } : values);
  });

  // The right password of an account with two-factor sign-in: the same card asks for the code.
  const challenge = mutation.data && 'challenge' in mutation.data ? mutation.data.challenge : null;
  if (challenge) {
    return (
      <AuthLayout title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')} footer={t('twoFactor.footer')}>
        <TwoFactorStep
          challenge={challenge}
          onRestart={() => {
            mutation.reset();
            form.reset(EMPTY);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      top={<LoginModeToggle mode={mode} onChange={switchMode} />}
      title={t(COPY[mode].title)}
      subtitle={t(COPY[mode].subtitle)}
      headings={Object.values(COPY).map((copy) => ({ title: t(copy.title), subtitle: t(copy.subtitle) }))}
      footer={
        config.data?.registration_open === false ? (
          t('accountsByAdmin')
        ) : (
          <>
            {t('noAccount')}{' '}
            <Link to={authPath('/register', target)} className="font-medium text-accent-700 hover:text-accent-800 hover:underline">
              {t('createOne')}
            </Link>
          </>
        )
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {mutation.isError && <Alert tone="error">{errorMessage(mutation.error, t('loginFailed'))}</Alert>}
        {mutation.data && 'token' in mutation.data && <Alert tone="success">{t('loginSuccessful')}</Alert>}
        <TextField label={t('username')} autoComplete="username" error={errors.username?.message} {...form.register('username')} />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
          {t('signIn')}
        </Button>
        {demo && (
          <Button variant="secondary" className="w-full" onClick={fillDemo} disabled={mutation.isPending}>
            <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
            {t('fillDemoCredentials')}
          </Button>
        )}
      </form>
    </AuthLayout>
  );
}
