// The machine limit of an upload: the stages of an ideal one-pass server, each
// timed alone on the same file with the fastest tool for it. Such a server runs
// them overlapped, so it is bounded by the slowest one, not by their sum.
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MIB, timedSync } from './measure.js';
import { root } from './server.js';

/** The SHA-256 (hex) of a file with Node's crypto, the only hash a Node server has, reading 1 MiB at a time. */
export function sha256OfFile(file: string): string {
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(MIB);
  const hash = createHash('sha256');
  try {
    for (let n; (n = fs.readSync(fd, buf, 0, MIB, null)) > 0; ) hash.update(n === MIB ? buf : buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Seconds of sha256OfFile, the hash stage of the limit, and the digest. */
export function nodeSha256(file: string): { s: number; hex: string } {
  let hex = '';
  const s = timedSync(() => (hex = sha256OfFile(file)));
  return { s, hex };
}

/** SHA-256 with the OpenSSL command line tool (SHA extensions when the CPU has them). */
export function opensslSha256(file: string): number {
  return timedSync(() => execFileSync('openssl', ['dgst', '-sha256', file]));
}

/**
 * Writes the file into `dir` (the data directory: same file system as the
 * objects) and fsyncs it, with `dd`: all of it into the page cache first,
 * then one fsync. That is two steps added up, not overlapped.
 */
export function writeFsync(file: string, dir: string): number {
  const copy = path.join(dir, 'bench-write-fsync');
  const s = timedSync(() => execFileSync('dd', [`if=${file}`, `of=${copy}`, 'bs=1M', 'conv=fsync', 'status=none']));
  fs.rmSync(copy);
  return s;
}

/**
 * The same copy around the page cache (`dd oflag=direct`, 4 MiB blocks): the
 * kernel copies nothing into the page cache, which on a virtual machine can
 * cost it more than the disk's own time.
 */
export function writeDirect(file: string, dir: string): number {
  const copy = path.join(dir, 'bench-write-direct');
  const s = timedSync(() => execFileSync('dd', [`if=${file}`, `of=${copy}`, 'bs=4M', 'oflag=direct', 'conv=fsync', 'status=none']));
  fs.rmSync(copy);
  return s;
}

const FLUSH_EVERY = 32 * MIB;

/**
 * The same copy as a server streaming to disk can do it: 8 MiB writes, an
 * fdatasync in the background each time 32 MiB more were written (so the disk
 * works while bytes are still coming), and the final fsync.
 */
export async function writeFlushing(file: string, dir: string): Promise<number> {
  const copy = path.join(dir, 'bench-write-flushing');
  const started = process.hrtime.bigint();
  const source = await fsp.open(file, 'r');
  const target = await fsp.open(copy, 'w');
  try {
    const buf = Buffer.allocUnsafe(8 * MIB);
    let flushing: Promise<void> | undefined;
    let unflushed = 0;
    for (let n; (n = (await source.read(buf, 0, buf.length, null)).bytesRead) > 0; ) {
      await target.write(buf, 0, n);
      unflushed += n;
      if (!flushing && unflushed >= FLUSH_EVERY) {
        unflushed = 0;
        flushing = target.datasync().then(() => (flushing = undefined));
      }
    }
    await flushing;
    await target.sync();
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  fs.rmSync(copy);
  return s;
}

/** Reads the file from the page cache to /dev/null. */
export function catFile(file: string): number {
  return timedSync(() => execFileSync('sh', ['-c', 'cat "$1" > /dev/null', 'cat', file]));
}

export interface ReferenceServer {
  url: string;
  pid: number;
  /** The URL at which the reference server streams `file`. */
  downloadUrl(file: string): string;
  /** The URL of a one-pass upload into the new file `file` (see one-pass.ts). */
  onePassUrl(file: string): string;
  stop(): void;
}

/** A minimal Node HTTP server in its own process: discards uploads or stores them the leanest way, streams files. */
export async function startReferenceServer(): Promise<ReferenceServer> {
  const child = fork(path.join(root, 'bench/lib/reference-server.ts'), [], { execArgv: ['--import', 'tsx'], cwd: root, stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    downloadUrl: (file) => `${url}/?file=${encodeURIComponent(file)}`,
    onePassUrl: (file) => `${url}/one-pass?file=${encodeURIComponent(file)}`,
    stop: () => child.disconnect(),
  };
}
