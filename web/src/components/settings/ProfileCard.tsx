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

/** Username (fixed) and e-mail address (changeable, unique). */
export function ProfileCard({ user }: { user: User }) {
  const form = useForm({ resolver: zodResolver(emailChangeSchema), defaultValues: { email: user.email } });
  const save = useChangeEmail();
  useEffect(() => form.reset({ email: user.email }), [user.email, form]);
  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Card>
      <CardHeader title="Profile" description="Your username identifies you to others and cannot be changed." />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {save.isError && <Alert tone="error">{errorMessage(save.error, 'Could not save the e-mail address')}</Alert>}
          <TextField label="Username" value={user.username} readOnly disabled />
          <TextField label="E-mail" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              Save e-mail
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
