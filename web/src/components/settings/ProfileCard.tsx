import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeSchema, type User } from '@vault/contract';
import { useChangeEmail } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { localized } from '../../lib/validation';

/** Username (fixed) and e-mail address (changeable, unique). */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const form = useForm({ resolver: localized(zodResolver(emailChangeSchema)), defaultValues: { email: user.email } });
  const save = useChangeEmail();
  useEffect(() => form.reset({ email: user.email }), [user.email, form]);
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Card>
      <CardHeader title={t('profile.title')} description={t('profile.description')} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {save.isError && <Alert tone="error">{errorMessage(save.error, t('profile.failed'))}</Alert>}
          <TextField label={t('profile.username')} value={user.username} readOnly disabled />
          <TextField label={t('profile.email')} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              {t('profile.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
