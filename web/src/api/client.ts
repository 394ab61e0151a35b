import { errorResponseSchema } from '@vault/contract';
import { clearSession, readToken } from '../session/storage';

/** A failed API call: the HTTP status (0 when the server could not be reached) and a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `{error}` sentence. */
    readonly fromServer: boolean,
  ) {
    super(message);
  }
}

/** The server's error sentence when there is one, else the caller's fallback (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

let unauthorizedHandler: (() => void) | null = null;

/** Called after a 401 has cleared the stored session; the session provider sends the app to /login. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the stored token; null sends no Authorization header. */
  token?: string | null;
  signal?: AbortSignal;
}

async function readErrorBody(response: Response): Promise<string | null> {
  try {
    const parsed = errorResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.error : null;
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const token = options.token === undefined ? readToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'The server could not be reached', false);
  }

  if (response.ok) return response;

  const serverMessage = await readErrorBody(response);
  // Only the session that made the call is dropped: a newer sign-in (e.g. in another tab) survives.
  if (response.status === 401 && token && readToken() === token) {
    clearSession();
    unauthorizedHandler?.();
  }
  throw new ApiError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage !== null);
}

/** What apiRequest needs of a contract (zod) schema. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A JSON call whose response is checked against a contract schema. */
export async function apiRequest<T>(path: string, schema: ResponseSchema<T>, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from the server', false);
  return parsed.data;
}

/** A call whose response body is not needed (204 and the like). */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
