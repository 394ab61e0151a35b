import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  DEFAULT_EXTENSIONS,
  appConfigSchema,
  authResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type SecondFactorRequest,
} from '@vault/contract';
import { useReturnTarget } from '../lib/return-to';
import { useSession } from '../session-state/context';
import { apiRequest, apiSend } from './client';
import { queryKeys } from './keys';
import { i18n } from '../i18n';

/** The password step: a session, or a challenge when the account has two-factor sign-in. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/api/auth/login', loginResponseSchema, { method: 'POST', body, token: null });
}

/** The second step: the challenge with a code or a recovery code. */
export function completeTwoFactor(body: SecondFactorRequest): Promise<AuthResponse> {
  return apiRequest('/api/auth/login/2fa', authResponseSchema, { method: 'POST', body, token: null });
}

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return apiRequest('/api/auth/register', authResponseSchema, { method: 'POST', body, token: null });
}

export function fetchMe(options: { token?: string; signal?: AbortSignal } = {}) {
  return apiRequest('/api/auth/me', meResponseSchema, options);
}

/** A fresh token for the same session, while `token` is still valid. */
export function refreshToken(token: string): Promise<AuthResponse> {
  return apiRequest('/api/auth/refresh', authResponseSchema, { method: 'POST', token });
}

export function logout(token: string): Promise<void> {
  return apiSend('/api/auth/logout', { method: 'POST', token });
}

function fetchAppConfig() {
  return apiRequest('/api/config', appConfigSchema, { token: null });
}

/** The server's public settings (demo accounts, upload limits, registration); fixed while it runs. */
export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.appConfig, queryFn: fetchAppConfig, staleTime: Infinity });
}

/** The extensions this installation accepts; the default list until the server has said. */
export function useAllowedTypes(): readonly string[] {
  return useAppConfig().data?.allowed_types ?? DEFAULT_EXTENSIONS;
}

/**
 * A sign-in by login, second factor or registration: its toast, then the
 * session starts and the page the address's `next` names opens (else the
 * dashboard), or Settings when an admin's reset demands a new password. A
 * two-factor challenge only passes through: the login page asks for the code.
 */
function useSignInWith<Body, Result extends LoginResponse>(request: (body: Body) => Promise<Result>, welcome: 'auth:loggedIn' | 'auth:registered') {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const target = useReturnTarget();
  return useMutation({
    mutationFn: request,
    onSuccess: (result) => {
      if (!('token' in result)) return;
      toast.success(i18n.t(welcome));
      signIn(result);
      void navigate(result.must_change_password ? '/settings' : (target ?? '/dashboard'), { replace: true });
    },
  });
}

export function useLogin() {
  return useSignInWith(login, 'auth:loggedIn');
}

export function useCompleteTwoFactor() {
  return useSignInWith(completeTwoFactor, 'auth:loggedIn');
}

export function useRegister() {
  return useSignInWith(register, 'auth:registered');
}
