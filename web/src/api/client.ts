import { errorResponseSchema, type ErrorDetails, type ErrorResponse } from '@vault/contract';
import { clearSession, readToken } from '../session-state/storage';
import { localizeSaid, type Said } from '../lib/server-messages';

/** A failed API call: the HTTP status (0 when the server could not be reached) and a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `{error}` sentence. */
    readonly fromServer: boolean,
    /** What the server sent beside its sentence, e.g. the unknown usernames of a share. */
    readonly details: ErrorDetails = {},
    /** The server's sentence's id and values, to say it in the interface language. */
    readonly said: Omit<Said, 'error'> = {},
  ) {
    super(message);
  }
}

/** The server's error sentence when there is one (in the interface language), else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? localizeSaid({ ...error.said, error: error.message }) : fallback;
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
  /** Extra headers, e.g. a share link's grant. */
  headers?: Record<string, string> | undefined;
}

/** The server's error body, when an answer is one. */
export function errorBodyOf(body: unknown): ErrorResponse | null {
  const parsed = errorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

async function readErrorBody(response: Response): Promise<ErrorResponse | null> {
  return errorBodyOf(await response.json().catch(() => undefined));
}

/** The token a call sends: the stored one unless the caller overrides it (null: none). */
function tokenFor(override: string | null | undefined): string | null {
  return override === undefined ? readToken() : override;
}

/**
 * The ApiError for a failed response. A 401 ends the session that made the
 * call; a newer sign-in (e.g. in another tab) survives.
 */
export function failedResponse(status: number, body: ErrorResponse | null, token: string | null): ApiError {
  if (status === 401 && token && readToken() === token) {
    clearSession();
    unauthorizedHandler?.();
  }
  if (!body) return new ApiError(status, `Request failed (${status})`, false);
  const { error, code, params, ...details } = body;
  return new ApiError(status, error, true, details, { code, params });
}

/** The failure of a call that got no answer at all. */
export const unreachable = () => new ApiError(0, 'The server could not be reached', false);

async function send(path: string, options: RequestOptions, accept = 'application/json'): Promise<Response> {
  const token = tokenFor(options.token);
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
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
    throw unreachable();
  }

  if (response.ok) return response;
  throw failedResponse(response.status, await readErrorBody(response), token);
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

/** A binary response (previews), read whole: only for files small enough to show in the page. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}
