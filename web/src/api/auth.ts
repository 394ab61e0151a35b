import {
  appConfigSchema,
  authResponseSchema,
  meResponseSchema,
  userStatsSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@vault/contract';
import { apiRequest, apiSend } from './client';

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

export function fetchUserStats() {
  return apiRequest('/api/auth/stats', userStatsSchema);
}

export function fetchAppConfig() {
  return apiRequest('/api/config', appConfigSchema, { token: null });
}
