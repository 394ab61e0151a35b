import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  DEFAULT_EXTENSIONS,
  appConfigSchema,
  authResponseSchema,
  meResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@vault/contract';
import { useSession } from '../session/context';
import { apiRequest, apiSend } from './client';
import { queryKeys } from './keys';
import { i18n } from '../i18n';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiRequest('/api/auth/login', authResponseSchema, { method: 'POST', body, token: null });
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

/** A sign-in by login or registration: its toast, then the session starts and the dashboard opens. */
function useSignInWith<Body>(request: (body: Body) => Promise<AuthResponse>, welcome: 'auth:loggedIn' | 'auth:registered') {
  const navigate = useNavigate();
  const { signIn } = useSession();
  return useMutation({
    mutationFn: request,
    onSuccess: (auth) => {
      toast.success(i18n.t(welcome));
      signIn(auth);
      void navigate('/dashboard', { replace: true });
    },
  });
}

export function useLogin() {
  return useSignInWith(login, 'auth:loggedIn');
}

export function useRegister() {
  return useSignInWith(register, 'auth:registered');
}
