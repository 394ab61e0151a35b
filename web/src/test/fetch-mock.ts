import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  /** The query string, e.g. '?page=2' ('' when none). */
  search: string;
  headers: Headers;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** A binary body (downloads), sent as is with contentType. */
  binary?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}

export type MockReply = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

/**
 * Replaces fetch with a table of 'METHOD /path' -> reply. Unlisted calls answer
 * 404 and are recorded, so a test can assert the app made no unexpected call.
 */
export function mockFetch(routes: Record<string, MockReply>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: MockRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply = typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { error: 'Not found' } });
    const status = reply.status ?? 200;
    if (reply.binary !== undefined) {
      return new Response(reply.binary, { status, headers: { 'Content-Type': reply.contentType ?? 'application/octet-stream' } });
    }
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
