import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { AdminUserRow } from '@vault/contract';
import { useDeleteUser, useDisableUser, useEnableUser, useResetPassword, useResetTwoFactor } from '../../api/admin-users';
import { errorMessage } from '../../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { TemporaryPasswordNote } from './TemporaryPasswordNote';

function DeleteUserConfirm({ user, onCancel, onDeleted }: { user: AdminUserRow; onCancel(): void; onDeleted(): void }) {
  const { t } = useTranslation('settings');
  const [typed, setTyped] = useState('');
  const remove = useDeleteUser(onDeleted);
  return (
    <div className="space-y-3 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <p className="text-sm text-red-800">
        <Trans t={t} i18nKey="admin.deleteWarning" values={{ username: user.username }} components={{ strong: <strong /> }} />
      </p>
      {remove.isError && <Alert tone="error">{errorMessage(remove.error, t('admin.deleteFailed'))}</Alert>}
      <TextField label={t('admin.typeToConfirm', { username: user.username })} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={remove.isPending}>
          {t('cancel')}
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={typed !== user.username}
          loading={remove.isPending}
          onClick={() => remove.mutate({ id: user.id, username: typed })}
        >
          {t('admin.delete')}
        </Button>
      </div>
    </div>
  );
}

/** Disable or enable, reset the password or two-factor sign-in, delete: what an admin does to someone else's account. */
export function UserAccountActions({ user, onDeleted }: { user: AdminUserRow; onDeleted(): void }) {
  const { t } = useTranslation('settings');
  const disable = useDisableUser();
  const enable = useEnableUser();
  const resetTwoFactor = useResetTwoFactor();
  const resetPassword = useResetPassword();
  const [deleting, setDeleting] = useState(false);
  const failed = [disable, enable, resetTwoFactor, resetPassword].find((m) => m.isError);
  return (
    <section aria-labelledby="account-actions" className="mt-6 space-y-3 border-t border-slate-100 pt-5">
      <h3 id="account-actions" className="text-sm font-semibold text-slate-900">
        {t('admin.account')}
      </h3>
      {user.disabled && <Alert tone="error">{t('admin.disabledNote')}</Alert>}
      {failed && <Alert tone="error">{errorMessage(failed.error, t('admin.failed'))}</Alert>}
      {resetPassword.data && <TemporaryPasswordNote username={user.username} password={resetPassword.data.temporary_password} />}
      <div className="flex flex-wrap gap-2">
        {user.disabled ? (
          <Button variant="secondary" size="sm" loading={enable.isPending} onClick={() => enable.mutate(user.id)}>
            {t('admin.enable')}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" loading={disable.isPending} onClick={() => disable.mutate(user.id)}>
            {t('admin.disable')}
          </Button>
        )}
        <Button variant="secondary" size="sm" loading={resetPassword.isPending} onClick={() => resetPassword.mutate(user.id)}>
          {t('admin.resetPassword')}
        </Button>
        {user.two_factor_enabled && (
          <Button variant="secondary" size="sm" loading={resetTwoFactor.isPending} onClick={() => resetTwoFactor.mutate(user.id)}>
            {t('admin.resetTwoFactor')}
          </Button>
        )}
        <Button variant="danger" size="sm" onClick={() => setDeleting(true)} disabled={deleting}>
          {t('admin.delete')}
        </Button>
      </div>
      {deleting && <DeleteUserConfirm user={user} onCancel={() => setDeleting(false)} onDeleted={onDeleted} />}
    </section>
  );
}
