import { createHash } from 'node:crypto';
import http from 'node:http';
import { FILE_ID_HEADER, TUS_VERSION } from '@vault/contract';
import type { TestServer } from './server.js';

export interface TusResponse {
  status: number;
  headers: Headers;
  body: any; // any: tests read the JSON error they expect
}

/** Upload-Metadata as a tus client writes it. */
export function metadataHeader(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

export async function tusRequest(url: string, method: string, token: string, headers: Record<string, string> = {}, body?: Buffer): Promise<TusResponse> {
  const res = await fetch(url, {
    method,
    headers: { 'tus-resumable': TUS_VERSION, authorization: `Bearer ${token}`, ...headers },
    body: body ?? null,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** POST /api/uploads; resolves the upload's absolute URL when one was created. */
export async function createUpload(t: TestServer, token: string, length: number, fields: Record<string, string>) {
  const res = await tusRequest(`${t.url}/api/uploads`, 'POST', token, { 'upload-length': String(length), 'upload-metadata': metadataHeader(fields) });
  const location = res.headers.get('location');
  return { ...res, url: location ? new URL(location, t.url).toString() : '', fileId: Number(res.headers.get(FILE_ID_HEADER) ?? 0) || undefined };
}

export function patch(url: string, token: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
  return tusRequest(url, 'PATCH', token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers }, bytes);
}

export async function offsetOf(url: string, token: string): Promise<number> {
  const res = await tusRequest(url, 'HEAD', token);
  if (res.status !== 200) throw new Error(`HEAD ${url}: ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

/**
 * A PATCH whose body the test sends by hand: `send` some bytes, then `cut`
 * the connection (as a dropped network would) or `end` it.
 */
export function handPatch(url: string, token: string, offset: number, contentLength: number, headers: Record<string, string> = {}) {
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': TUS_VERSION,
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(contentLength),
      ...headers,
    },
  });
  const response = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  return {
    response,
    send: (bytes: Buffer) => new Promise<void>((resolve) => req.write(bytes, () => resolve())),
    cut: () => req.destroy(),
    end: (bytes?: Buffer) => req.end(bytes),
  };
}

export async function download(t: TestServer, token: string, id: number): Promise<Buffer> {
  const res = await fetch(`${t.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`download ${id}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** What a lossy proxy saw: requests by method, and how many answers it swallowed. */
export interface LossyProxy {
  url: string;
  requests: Record<string, number>;
  dropped: number;
  close(): Promise<void>;
}

/**
 * A proxy in front of `target` that loses the reply of the request completing
 * an upload (its answer names the stored file): the server did the work, the
 * client only sees its connection break. `drops` such replies are lost.
 */
export async function lossyProxy(target: string, drops = 1): Promise<LossyProxy> {
  const upstream = new URL(target);
  const state = { requests: {} as Record<string, number>, dropped: 0 };
  const server = http.createServer((req, res) => {
    state.requests[req.method!] = (state.requests[req.method!] ?? 0) + 1;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (answer.headers[FILE_ID_HEADER] !== undefined && req.method !== 'HEAD' && state.dropped < drops) {
        state.dropped += 1;
        answer.resume();
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get dropped() {
      return state.dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What an unfinished upload's object left in the store besides finished objects: nothing at all on disk (see storedKeys). */
export function leftoversOf(t: TestServer, key: string): { multipartUploads: string[]; tails: string[] } {
  const all = t.s3?.leftovers() ?? { multipartUploads: [], tails: [] };
  return { multipartUploads: all.multipartUploads.filter((k) => k === key), tails: all.tails.filter((k) => k.startsWith(`partials/${key}/`)) };
}

/** Upload-Checksum of `bytes`. */
export function checksumOf(algorithm: string, bytes: Buffer): string {
  return `${algorithm} ${createHash(algorithm).update(bytes).digest('base64')}`;
}
