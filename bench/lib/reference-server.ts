// The reference server of the machine limit, run as its own process (as Vault is):
// POST / reads the request body and discards it; POST /one-pass?file=PATH stores
// a multipart upload's file the leanest way (one-pass.ts) and answers its size
// and SHA-256; GET /?file=PATH streams that file with fs.createReadStream.
// Listens on loopback and tells its parent the port.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { receiveOnePass } from './one-pass.js';

/** 1 MiB reads: the stronger reference (side by side, the default 64 KiB took more CPU per GiB, 0.70 s against 0.45 s, and was slower). */
const READ_CHUNK = 1024 * 1024;

const server = http.createServer((req, res) => {
  const file = new URL(req.url ?? '/', 'http://sink').searchParams.get('file');
  if (req.method === 'POST' && req.url?.startsWith('/one-pass') && file) {
    receiveOnePass(req, file).then(
      (stored) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(stored)),
      (err: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.message })),
    );
    return;
  }
  if (req.method === 'POST') {
    req.on('data', () => undefined);
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"results":[],"files":[]}'));
    return;
  }
  if (!file) return void res.writeHead(400).end();
  const size = fs.statSync(file).size;
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
  fs.createReadStream(file, { highWaterMark: READ_CHUNK }).pipe(res);
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
