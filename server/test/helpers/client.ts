import { randomBytes } from 'node:crypto';
import type { AuthResponse } from '@vault/contract';

export interface Response<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | undefined;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export interface Client {
  url: string;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<Response<T>>; // any: tests assert on arbitrary JSON
  get<T = any>(path: string, opts?: RequestOptions): Promise<Response<T>>; // any: as above
  post<T = any>(path: string, opts?: RequestOptions): Promise<Response<T>>; // any: as above
  put<T = any>(path: string, opts?: RequestOptions): Promise<Response<T>>; // any: as above
  delete<T = any>(path: string, opts?: RequestOptions): Promise<Response<T>>; // any: as above
  /** Registers a fresh user (unique name unless given) and returns its token and user. */
  register(name?: string, password?: string): Promise<AuthResponse & { password: string }>;
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/**
 * A plain HTTP client over fetch: what a browser or curl would send, nothing
 * mocked. `defaultHeaders` go with every request (e.g. the X-Forwarded-For of a
 * client behind a proxy); `check` sees every answer (the OpenAPI check).
 */
export function createClient(url: string, defaultHeaders: Record<string, string> = {}, check?: (method: string, path: string, res: Response) => Promise<void>): Client {
  async function request(method: string, path: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { ...defaultHeaders, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(url + path, { method, headers, body: body ?? null });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    const response = { status: res.status, headers: res.headers, body: parsed, text } as Response<any>; // any: typed by the caller
    await check?.(method, path, response);
    return response;
  }
  const client: Client = {
    url,
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, o) => request('POST', p, o),
    put: (p, o) => request('PUT', p, o),
    delete: (p, o) => request('DELETE', p, o),
    async register(name = uniqueName(), password = 'password123') {
      const res = await request('POST', '/api/auth/register', {
        json: { username: name, email: `${name}@example.com`, password },
      });
      if (res.status !== 201) throw new Error(`register ${name} failed: ${res.status} ${res.text}`);
      return { ...(res.body as AuthResponse), password };
    },
  };
  return client;
}
