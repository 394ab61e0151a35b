import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@vault/contract';
import { useAppConfig, useRegister } from '../api/auth';
import { errorMessage } from '../api/client';
import { AuthLayout } from '../components/auth/AuthLayout';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { authPath, useReturnTarget } from '../lib/return-to';
import { useDocumentTitle } from '../lib/use-document-title';
import { localized } from '../lib/validation';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('registerDocumentTitle'));
  const form = useForm({
    resolver: localized(zodResolver(registerFormSchema)),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useRegister();
  const target = useReturnTarget();
  // Closed only when the server says so; it refuses registrations itself either way.
  const closed = useAppConfig().data?.registration_open === false;

  // confirmPassword is checked here only; the server never sees it.
  const onSubmit = form.handleSubmit(({ username, email, password }) => mutation.mutate({ username, email, password }));

  return (
    <AuthLayout
      title={t('createYourAccount')}
      subtitle={t('storeOrganiseAndShareYour')}
      footer={
        <>
          {t('haveAccount')}{' '}
          <Link to={authPath('/login', target)} className="font-medium text-accent-700 hover:text-accent-800 hover:underline">
            {t('signIn')}
          </Link>
        </>
      }
    >
      {closed ? (
        <Alert tone="error">{t('registrationClosed')}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {mutation.isError && <Alert tone="error">{errorMessage(mutation.error, t('registrationFailed'))}</Alert>}
          <TextField label={t('username')} autoComplete="username" error={errors.username?.message} {...form.register('username')} />
          <TextField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <TextField
            label={t('password')}
            type="password"
            autoComplete="new-password"
            hint={t('atLeast6Characters')}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label={t('confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
            {t('createAccount')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
