import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminUserResponseSchema, temporaryPasswordSchema } from '@vault/contract';
import { apiRequest, apiSend } from './client';
import { invalidate } from './invalidation';

/** An admin action on a user answered with the user's new row; the admin tables refresh. */
function useUserAction(action: 'disable' | 'enable' | 'reset-2fa', done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/users/${id}/${action}`, adminUserResponseSchema, { method: 'POST' }),
    onSuccess: async ({ user }) => {
      toast.success(`${user.username}: ${done}`);
      await invalidate(queryClient, 'userUpdated');
    },
  });
}

export function useDisableUser() {
  return useUserAction('disable', 'disabled and signed out everywhere');
}

export function useEnableUser() {
  return useUserAction('enable', 'enabled');
}

export function useResetTwoFactor() {
  return useUserAction('reset-2fa', 'two-factor sign-in reset');
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
      toast.success(`${username} and all their files were deleted`);
      onDeleted();
      await invalidate(queryClient, 'adminFileDeleted');
    },
  });
}
