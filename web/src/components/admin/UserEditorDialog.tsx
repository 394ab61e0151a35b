import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LIMITS, adminUserUpdateSchema, type AdminUserRow, type AdminUserUpdate } from '@vault/contract';
import { useUpdateAdminUser } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { formatFileSize } from '../../lib/format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { UserAccountActions } from './UserAccountActions';
import { localized } from '../../lib/validation';

const editorSchema = z.object({
  storage_quota_mb: adminUserUpdateSchema.shape.storage_quota_mb.unwrap(),
  /** Undefined while the box is disabled (the admin's own row): unchanged. */
  is_admin: z.boolean().optional(),
});
type EditorValues = z.infer<typeof editorSchema>;

export interface UserEditorDialogProps {
  user: AdminUserRow | null;
  /** The signed-in admin, who may not remove their own admin flag. */
  currentUserId: number;
  onClose(): void;
}

/** Quota (whole MB) and admin flag of one user; sends only what changed besides the quota. */
export function UserEditorDialog({ user, currentUserId, onClose }: UserEditorDialogProps) {
  const { t } = useTranslation('admin');
  const adminHintId = useId();
  const form = useForm<EditorValues>({ resolver: localized(zodResolver(editorSchema)) });
  const { errors } = form.formState;
  const self = user?.id === currentUserId;

  // The row is refetched whenever anything about the user changes (a file deleted, another admin's
  // save): a refetch of the same user keeps what the admin has typed; another user starts afresh.
  const shownId = useRef<number | null>(null);
  useEffect(() => {
    if (user) form.reset({ storage_quota_mb: user.storage_quota_mb, is_admin: user.is_admin }, { keepDirtyValues: shownId.current === user.id });
    shownId.current = user?.id ?? null;
  }, [user, form]);

  const save = useUpdateAdminUser(onClose);

  const close = (open: boolean) => {
    if (open || save.isPending) return;
    save.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!user) return;
    const body: AdminUserUpdate = { storage_quota_mb: values.storage_quota_mb };
    if (values.is_admin !== undefined && values.is_admin !== user.is_admin) body.is_admin = values.is_admin;
    save.mutate({ id: user.id, body });
  });

  return (
    <Dialog
      open={user !== null}
      onOpenChange={close}
      title={user ? t('editor.title', { username: user.username }) : t('editor.titleNoUser')}
      description={user ? t('editor.description', { size: formatFileSize(user.used_storage_bytes), count: user.file_count }) : undefined}
      hideClose={save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="user-editor" loading={save.isPending}>
            {t('saveChanges')}
          </Button>
        </>
      }
    >
      <form id="user-editor" noValidate onSubmit={onSubmit} className="space-y-5">
        {save.isError && <Alert tone="error">{errorMessage(save.error, t('editor.failed'))}</Alert>}
        <TextField
          label={t('storageQuotaMb')}
          type="number"
          inputMode="numeric"
          min={LIMITS.quotaMinMb}
          step={1}
          error={errors.storage_quota_mb?.message}
          hint={t('uploadsBeyondThisAreRefused')}
          {...form.register('storage_quota_mb', { valueAsNumber: true })}
        />
        <div className="flex items-start gap-3">
          <input
            id={`${adminHintId}-admin`}
            type="checkbox"
            disabled={self}
            aria-describedby={adminHintId}
            className="mt-0.5 size-4 rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60"
            {...form.register('is_admin')}
          />
          <div>
            <label htmlFor={`${adminHintId}-admin`} className="text-sm font-medium text-slate-800">
              {t('administrator')}
            </label>
            <p id={adminHintId} className="text-sm text-slate-500">
              {self
                ? t('editor.ownAdmin')
                : t('editor.adminHint')}
            </p>
          </div>
        </div>
      </form>
      {user && !self && <UserAccountActions user={user} onDeleted={onClose} />}
    </Dialog>
  );
}
