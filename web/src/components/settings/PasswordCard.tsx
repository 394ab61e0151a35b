import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordChangeSchema, requiredString, VALIDATION_MESSAGES } from '@vault/contract';
import { useChangePassword } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { localized } from '../../lib/validation';

const formSchema = passwordChangeSchema
  .extend({ confirm_password: requiredString(VALIDATION_MESSAGES.confirmPassword) })
  .refine((v) => v.new_password === v.confirm_password, { message: VALIDATION_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] });
type PasswordForm = z.input<typeof formSchema>;
const EMPTY: PasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/** The current password, and the new one twice; every other session ends when it is saved. */
export function PasswordCard({ required }: { required: boolean }) {
  const { t } = useTranslation('settings');
  const form = useForm<PasswordForm>({ resolver: localized(zodResolver(formSchema)), defaultValues: EMPTY });
  const { errors } = form.formState;
  const save = useChangePassword(() => form.reset(EMPTY));
  const onSubmit = form.handleSubmit(({ current_password, new_password }) => save.mutate({ current_password, new_password }));
  return (
    <Card id="password">
      <CardHeader title={t('password.title')} description={t('password.description')} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {required && (
            <Alert tone="error">{t('password.required')}</Alert>
          )}
          {save.isError && <Alert tone="error">{errorMessage(save.error, t('password.failed'))}</Alert>}
          <TextField
            label={required ? t('password.temporary') : t('password.current')}
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('password.new')} type="password" autoComplete="new-password" error={errors.new_password?.message} {...form.register('new_password')} />
            <TextField
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              error={errors.confirm_password?.message}
              {...form.register('confirm_password')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending}>
              {t('password.change')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
