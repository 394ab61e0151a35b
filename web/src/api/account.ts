import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  accountSchema,
  accountStorageSchema,
  recoveryCodesSchema,
  sessionsEndedSchema,
  sessionsResponseSchema,
  twoFactorSetupSchema,
  meResponseSchema,
  type EmailChange,
  type PasswordChange,
} from '@vault/contract';
import { useSession } from '../session/context';
import { apiRequest, apiSend } from './client';
import { queryKeys } from './keys';

function fetchAccount() {
  return apiRequest('/api/account', accountSchema);
}

function fetchSessions() {
  return apiRequest('/api/account/sessions', sessionsResponseSchema);
}

function fetchAccountStorage() {
  return apiRequest('/api/account/storage', accountStorageSchema);
}

/** The signed-in user's account and the state of their sign-in security. */
export function useAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.account, queryFn: fetchAccount, enabled });
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.accountSessions, queryFn: fetchSessions });
}

export function useAccountStorage() {
  return useQuery({ queryKey: queryKeys.accountStorage, queryFn: fetchAccountStorage });
}

/** A new e-mail address; the session's stored user takes it too. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: EmailChange) => apiRequest('/api/account/email', meResponseSchema, { method: 'PUT', body }),
    onSuccess: async ({ user }) => {
      toast.success('E-mail address saved');
      if (session.token) session.signIn({ token: session.token, user });
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

/** Other sessions end on the server; this one stays. */
export function useChangePassword(onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => apiSend('/api/account/password', { method: 'PUT', body }),
    onSuccess: async () => {
      toast.success('Password changed. Your other sessions were signed out.');
      onChanged();
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success('Session signed out');
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: () => toast.error('Could not sign out that session'),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/account/sessions/end-others', sessionsEndedSchema, { method: 'POST' }),
    onSuccess: async ({ ended }) => {
      toast.success(ended === 1 ? 'Signed out 1 other session' : `Signed out ${ended} other sessions`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: () => toast.error('Could not sign out the other sessions'),
  });
}

export function useBeginTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiRequest('/api/account/2fa/setup', twoFactorSetupSchema, { method: 'POST' }) });
}

/** Turning two-factor sign-in on, or new recovery codes: the answer holds codes shown only once. */
function useRecoveryCodesMutation<Body>(path: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest(path, recoveryCodesSchema, { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(successMessage);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

export function useEnableTwoFactor() {
  return useRecoveryCodesMutation<{ code: string }>('/api/account/2fa/enable', 'Two-factor sign-in is on');
}

export function useRegenerateRecoveryCodes() {
  return useRecoveryCodesMutation<{ password: string }>('/api/account/2fa/recovery-codes', 'New recovery codes made; the old ones no longer work');
}

export function useDisableTwoFactor(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiSend('/api/account/2fa/disable', { method: 'POST', body }),
    onSuccess: async () => {
      toast.success('Two-factor sign-in is off');
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}
