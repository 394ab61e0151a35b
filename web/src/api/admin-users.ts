import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminUserCreatedSchema, adminUserResponseSchema, temporaryPasswordSchema, type AdminUserCreate } from '@vault/contract';
import { apiRequest, apiSend } from './client';
import { invalidate } from './invalidation';
import { i18n } from '../i18n';

/** An admin action on a user answered with the user's new row; the admin tables refresh. */
type Done = 'settings:toast.userDisabled' | 'settings:toast.userEnabled' | 'settings:toast.twoFactorReset';

function useUserAction(action: 'disable' | 'enable' | 'reset-2fa', done: Done) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/users/${id}/${action}`, adminUserResponseSchema, { method: 'POST' }),
    onSuccess: async ({ user }) => {
      toast.success(i18n.t(done, { username: user.username }));
      await invalidate(queryClient, 'userUpdated');
    },
  });
}

export function useDisableUser() {
  return useUserAction('disable', 'settings:toast.userDisabled');
}

export function useEnableUser() {
  return useUserAction('enable', 'settings:toast.userEnabled');
}

export function useResetTwoFactor() {
  return useUserAction('reset-2fa', 'settings:toast.twoFactorReset');
}

/** A new account and its temporary password, shown once by the caller. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: AdminUserCreate) => apiRequest('/api/admin/users', adminUserCreatedSchema, { method: 'POST', body: account }),
    onSuccess: () => invalidate(queryClient, 'userUpdated'),
  });
}

/** A temporary password, shown once by the caller. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/users/${id}/reset-password`, temporaryPasswordSchema, { method: 'POST' }),
    onSuccess: () => invalidate(queryClient, 'userUpdated'),
  });
}

export function useDeleteUser(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, username }: { id: number; username: string }) =>
      apiSend(`/api/admin/users/${id}`, { method: 'DELETE', body: { confirm_username: username } }),
    onSuccess: async (_result, { username }) => {
      toast.success(i18n.t('settings:toast.userDeleted', { username }));
      onDeleted();
      await invalidate(queryClient, 'adminFileDeleted');
    },
  });
}
