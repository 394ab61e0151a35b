import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { FILE_ID_HEADER, RESUMABLE_UPLOADS_PATH, type AuthResponse, type FileListResponse, type UploadResponse } from '@vault/contract';
import { sha256OfFile } from './reference.js';

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

/** What a streamed request was answered: status, headers, body text, and its tail (see UploadAnswer). */
export interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  tailMs: number;
}

/**
 * A request whose body is `head`, the file (read from disk 1 MiB at a time, or
 * bytes) and `tail`, as fast as Node sends one: the client of both the
 * multipart and the resumable uploads, and of the discarding server they are
 * compared with.
 */
export function streamRequest(url: string, method: string, headers: Record<string, string>, file: string | Buffer, envelope: { head?: Buffer; tail?: Buffer } = {}): Promise<StreamedAnswer> {
  const head = envelope.head ?? Buffer.alloc(0);
  const tail = envelope.tail ?? Buffer.alloc(0);
  const size = typeof file === 'string' ? fs.statSync(file).size : file.length;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, 'content-length': String(head.length + size + tail.length) } });
    let sent = 0n;
    req.on('finish', () => (sent = process.hrtime.bigint()));
    req.on('error', reject);
    req.on('response', (res) => {
      const tailMs = Number(process.hrtime.bigint() - sent) / 1e6;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, tailMs }));
    });
    req.write(head);
    if (typeof file === 'string') sendFile(req, file).then(() => req.end(tail), reject);
    else req.end(Buffer.concat([file, tail]));
  });
}

const SEND_SIZE = 1024 * 1024;
const SENDS_IN_FLIGHT = 4;

/**
 * Writes a file into a request through a few buffers, each reused once the
 * socket has taken its bytes: a fresh buffer for every read (as a read
 * stream's) made this client slower than curl into the same server.
 */
async function sendFile(req: http.ClientRequest, file: string): Promise<void> {
  const fd = fs.openSync(file, 'r');
  try {
    const buffers = Array.from({ length: SENDS_IN_FLIGHT }, () => Buffer.allocUnsafeSlow(SEND_SIZE));
    // A failed write is reported by the request's 'error' event; a request
    // closed early (the server answered before the end) may never call back.
    const closed = new Promise((_, reject) => req.once('close', () => reject(new Error('The request closed before its body was sent'))));
    closed.catch(() => undefined);
    const written: Promise<unknown>[] = [];
    for (let i = 0; ; i++) {
      const slot = i % SENDS_IN_FLIGHT;
      if (written[slot]) await Promise.race([written[slot], closed]);
      const buffer = buffers[slot]!;
      const n = fs.readSync(fd, buffer, 0, SEND_SIZE, null);
      if (n === 0) break;
      written[slot] = new Promise((resolve) => req.write(buffer.subarray(0, n), resolve));
    }
    await Promise.race([Promise.all(written), closed]);
  } finally {
    fs.closeSync(fd);
  }
}

/** A multipart upload as a browser sends it, the file streamed from disk. */
export async function uploadMultipart(url: string, token: string, part: Part): Promise<UploadAnswer> {
  const { head, tail, contentType } = multipartEnvelope(part.name);
  const answer = await streamRequest(`${url}/api/files/upload`, 'POST', { authorization: `Bearer ${token}`, 'content-type': contentType }, part.file, { head, tail });
  return { status: answer.status, tailMs: answer.tailMs, ...(JSON.parse(answer.text) as UploadResponse) };
}

/**
 * A re-upload as the web app sends content the user may already store: the
 * client hashes the file (Node's SHA-256, as fast as a client gets here), then
 * creates a resumable upload naming that hash; content the user owns
 * completes at creation, and no byte is sent. Resolves the stored file.
 */
export async function declaredUpload(url: string, token: string, name: string, file: string): Promise<{ fileId: number }> {
  const sha256 = sha256OfFile(file);
  const metadata = [`filename ${Buffer.from(name).toString('base64')}`, `sha256 ${Buffer.from(sha256).toString('base64')}`].join(',');
  const created = await fetch(`${url}${RESUMABLE_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(fs.statSync(file).size), 'upload-metadata': metadata },
  });
  const fileId = Number(created.headers.get(FILE_ID_HEADER));
  if (created.status !== 201 || !fileId) throw new Error(`declared upload did not complete at creation: ${created.status} ${await created.text()}`);
  return { fileId };
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

/** What the reference server's one-pass upload stored (see one-pass.ts). */
export interface OnePassAnswer {
  status: number;
  size: number;
  sha256: string;
}

/** A multipart upload of `file` to the reference server's one-pass `url`, by the client of Vault's uploads. */
export async function uploadOnePass(url: string, file: string): Promise<OnePassAnswer> {
  const { head, tail, contentType } = multipartEnvelope(path.basename(file));
  const answer = await streamRequest(url, 'POST', { 'content-type': contentType }, file, { head, tail });
  return { status: answer.status, ...(JSON.parse(answer.text) as { size: number; sha256: string }) };
}

/**
 * Reads a whole response with curl into /dev/null; returns the byte count.
 * The client of the large downloads: the bench's own Node client, reading in
 * the bench process, was their slowest stage.
 */
export function curlDownload(url: string, token: string): Promise<number> {
  return curl(['-w', '%{size_download}', '-H', `authorization: Bearer ${token}`, url]).then(Number);
}

/**
 * A multipart upload of `file` (its one part named "files") by curl, the
 * answer discarded. Sent into the discarding server beside the bench's Node
 * client, the faster of the two is the HTTP stage of the machine limit, so
 * neither client's own slowness can make the limit look slow.
 */
export function curlUpload(url: string, file: string): Promise<void> {
  return curl(['-F', `files=@${file};filename=${path.basename(file)}`, url]).then(() => undefined);
}

/** Runs curl quietly, failing on an HTTP error, its body to /dev/null; resolves what `-w` printed. */
function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => execFile('curl', ['-sS', '--fail', '-o', '/dev/null', ...args], (err, stdout) => (err ? reject(err) : resolve(stdout))));
}

export async function deleteFile(url: string, token: string, id: number): Promise<void> {
  const res = await fetch(`${url}/api/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 204) throw new Error(`delete failed: ${res.status} ${await res.text()}`);
}

/** Shares the file with one user by name, as its owner. */
export async function shareWith(url: string, token: string, fileId: number, username: string): Promise<void> {
  const res = await fetch(`${url}/api/files/${fileId}/share`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_public: false, shared_users: [username] }),
  });
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
}

export async function listFiles(url: string, token: string, query: string): Promise<FileListResponse> {
  const res = await fetch(`${url}/api/files?${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`list failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as FileListResponse;
}
