import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUser } from '../../api/admin-users';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { TemporaryPasswordNote } from './TemporaryPasswordNote';

const EMPTY = { username: '', email: '', isAdmin: false };

/** Makes an account (registration may be closed), then shows its temporary password once. */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(EMPTY);
  const create = useCreateUser();
  const close = (next: boolean) => {
    if (!next) {
      setDraft(EMPTY);
      create.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ username: draft.username.trim(), email: draft.email.trim(), is_admin: draft.isAdmin });
  };
  const created = create.data;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('users.new')}
      description={t('users.newHelp')}
      footer={
        created ? (
          <Button onClick={() => close(false)}>{t('users.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="create-user" loading={create.isPending} disabled={!draft.username.trim() || !draft.email.trim()}>
              {t('users.create')}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <TemporaryPasswordNote username={created.user.username} password={created.temporary_password} />
      ) : (
        <form id="create-user" aria-label={t('users.new')} onSubmit={submit} className="space-y-4 pb-1">
          {create.error && <Alert tone="error">{errorMessage(create.error, t('users.createFailed'))}</Alert>}
          <TextField label={t('users.username')} required autoComplete="off" value={draft.username} onChange={(e) => setDraft({ ...draft, username: e.target.value })} />
          <TextField label={t('users.email')} type="email" required autoComplete="off" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
          <Checkbox label={t('users.isAdmin')} description={t('users.isAdminHelp')} checked={draft.isAdmin} onChange={(e) => setDraft({ ...draft, isAdmin: e.target.checked })} />
        </form>
      )}
    </Dialog>
  );
}
