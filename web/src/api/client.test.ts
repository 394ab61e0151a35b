import { afterEach, describe, expect, it, vi } from 'vitest';
import { userSchema } from '@vault/contract';
import { ApiError, apiRequest, apiSend, errorMessage, setUnauthorizedHandler } from './client';
import { mockFetch } from '../test/fetch-mock';
import { futureToken, makeUser } from '../test/tokens';
import { saveSession } from '../session-state/storage';

afterEach(() => setUnauthorizedHandler(null));

describe('api client', () => {
  it('sends the stored token, and JSON only with a body', async () => {
    const token = futureToken();
    saveSession({ token, user: makeUser() });
    const { calls } = mockFetch({ 'GET /api/thing': { body: makeUser() }, 'POST /api/thing': { status: 204 } });

    await expect(apiRequest('/api/thing', userSchema)).resolves.toEqual(makeUser());
    await apiSend('/api/thing', { method: 'POST', body: { a: 1 } });

    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]?.body).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch({ 'GET /api/thing': { body: makeUser() } });
    await apiRequest('/api/thing', userSchema);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it("throws ApiError with the status and the server's message", async () => {
    mockFetch({ 'GET /api/thing': { status: 409, body: { error: 'Username is already taken' } } });
    const error = await apiRequest('/api/thing', userSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Username is already taken', fromServer: true });
    expect(errorMessage(error, 'Fallback')).toBe('Username is already taken');
  });

  it('keeps the particulars the server sends beside its sentence', async () => {
    mockFetch({ 'GET /api/thing': { status: 400, body: { error: 'Unknown users: a, b', unknown_users: ['a', 'b'] } } });
    const error = await apiRequest('/api/thing', userSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Unknown users: a, b', fromServer: true, details: { unknown_users: ['a', 'b'] } });

    mockFetch({ 'GET /api/thing': { status: 404, body: { error: 'Not found' } } });
    expect(await apiRequest('/api/thing', userSchema).catch((e: unknown) => e)).toMatchObject({ details: {} });
  });

  it('uses the fallback message when the server gives none or cannot be reached', async () => {
    mockFetch({ 'GET /api/thing': { status: 500, body: { oops: true } } });
    const serverError = await apiRequest('/api/thing', userSchema).catch((e: unknown) => e);
    expect(serverError).toMatchObject({ status: 500, fromServer: false });
    expect(errorMessage(serverError, 'Fallback')).toBe('Fallback');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const networkError = await apiRequest('/api/thing', userSchema).catch((e: unknown) => e);
    expect(networkError).toMatchObject({ status: 0, fromServer: false });
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('rejects responses that do not match the contract schema', async () => {
    mockFetch({ 'GET /api/thing': { body: { id: 'not a number' } } });
    await expect(apiRequest('/api/thing', userSchema)).rejects.toMatchObject({ message: 'Unexpected response from the server' });
  });

  it('clears the stored session on 401 and calls the handler', async () => {
    saveSession({ token: futureToken(), user: makeUser() });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/thing': { status: 401, body: { error: 'Invalid or expired token' } } });

    await expect(apiRequest('/api/thing', userSchema)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });

  it('keeps a newer session when a stale token gets a 401', async () => {
    const newer = futureToken().replace('signature', 'newer');
    saveSession({ token: newer, user: makeUser() });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/thing': { status: 401, body: { error: 'Invalid or expired token' } } });

    await expect(apiRequest('/api/thing', userSchema, { token: 'stale.token.value' })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe(newer);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not treat a 401 of an anonymous call (wrong password) as a lost session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Invalid username or password' } } });
    await expect(apiSend('/api/auth/login', { method: 'POST', body: {}, token: null })).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });
});
