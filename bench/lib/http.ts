import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AuthResponse, FileListResponse, UploadResponse } from '@vault/contract';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export async function register(url: string, username: string): Promise<AuthResponse> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@bench.local`, password: 'bench-password' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as AuthResponse;
}

interface Part {
  name: string;
  /** A path streamed from disk, or bytes. */
  file: string | Buffer;
}

export type UploadAnswer = UploadResponse & {
  status: number;
  /**
   * From the last byte handed to the socket to the response, in ms: what the
   * server does after receiving (the final fsync, the commit), plus the little
   * still in the socket buffers.
   */
  tailMs: number;
};

/**
 * What goes around one file in a multipart/form-data body as a browser sends
 * it: the fields, then the file part's headers (head), and the closing
 * boundary (tail).
 */
export function multipartEnvelope(fileName: string, fields: Record<string, string> = {}): { head: Buffer; tail: Buffer; contentType: string } {
  const boundary = `----vaultbench${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    head: Buffer.from(parts.join('') + fileHead),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart upload as a browser sends it, the file streamed from disk. */
export function uploadMultipart(url: string, token: string, part: Part): Promise<UploadAnswer> {
  const { head, tail, contentType } = multipartEnvelope(part.name);
  const size = typeof part.file === 'string' ? fs.statSync(part.file).size : part.file.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/files/upload`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': String(head.length + size + tail.length),
      },
    });
    let sent = 0n;
    req.on('finish', () => (sent = process.hrtime.bigint()));
    req.on('error', reject);
    req.on('response', (res) => {
      const tailMs = Number(process.hrtime.bigint() - sent) / 1e6;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, tailMs, ...(JSON.parse(text) as UploadResponse) }));
    });
    req.write(head);
    if (typeof part.file === 'string') {
      const stream = fs.createReadStream(part.file, { highWaterMark: 1024 * 1024 });
      stream.pipe(req, { end: false });
      stream.on('end', () => req.end(tail));
      stream.on('error', reject);
    } else {
      req.end(Buffer.concat([part.file, tail]));
    }
  });
}

/** Reads a response to its end without keeping it; returns the byte count. */
export function download(url: string, token: string, range?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function deleteFile(url: string, token: string, id: number): Promise<void> {
  const res = await fetch(`${url}/api/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 204) throw new Error(`delete failed: ${res.status} ${await res.text()}`);
}

export async function listFiles(url: string, token: string, query: string): Promise<FileListResponse> {
  const res = await fetch(`${url}/api/files?${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`list failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as FileListResponse;
}
