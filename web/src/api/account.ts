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
  type TwoFactorChange,
} from '@vault/contract';
import { useSession } from '../session-state/context';
import { apiRequest, apiSend } from './client';
import { queryKeys } from './keys';
import { i18n } from '../i18n';

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
      toast.success(i18n.t('settings:toast.emailSaved'));
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
      toast.success(i18n.t('settings:toast.passwordChanged'));
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
      toast.success(i18n.t('settings:toast.sessionEnded'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: () => toast.error(i18n.t('settings:toast.sessionEndFailed')),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/account/sessions/end-others', sessionsEndedSchema, { method: 'POST' }),
    onSuccess: async ({ ended }) => {
      toast.success(i18n.t('settings:toast.othersEnded', { count: ended }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
    onError: () => toast.error(i18n.t('settings:toast.othersEndFailed')),
  });
}

export function useBeginTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiRequest('/api/account/2fa/setup', twoFactorSetupSchema, { method: 'POST' }) });
}

/** Turning two-factor sign-in on, or new recovery codes: the answer holds codes shown only once. */
function useRecoveryCodesMutation<Body>(path: string, successMessage: 'settings:toast.twoFactorOn' | 'settings:toast.newCodes') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest(path, recoveryCodesSchema, { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(i18n.t(successMessage));
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

export function useEnableTwoFactor() {
  return useRecoveryCodesMutation<TwoFactorChange>('/api/account/2fa/enable', 'settings:toast.twoFactorOn');
}

export function useRegenerateRecoveryCodes() {
  return useRecoveryCodesMutation<{ password: string }>('/api/account/2fa/recovery-codes', 'settings:toast.newCodes');
}

export function useDisableTwoFactor(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorChange) => apiSend('/api/account/2fa/disable', { method: 'POST', body }),
    onSuccess: async () => {
      toast.success(i18n.t('settings:toast.twoFactorOff'));
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}
