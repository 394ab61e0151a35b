import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ByteRange } from './object-store.js';
import { BufferPool, DEPTH, fdSource } from './fd-source.js';

const READ = 4096;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-fd-source-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fileOf(content: Buffer): number {
  const file = path.join(dir, randomBytes(6).toString('hex'));
  fs.writeFileSync(file, content);
  return fs.openSync(file, 'r');
}

/** A file of `size` zero bytes that takes no room on disk. */
function sparseFileOf(size: number): number {
  const file = path.join(dir, randomBytes(6).toString('hex'));
  fs.writeFileSync(file, '');
  fs.truncateSync(file, size);
  return fs.openSync(file, 'r');
}

const turns = (n: number) => new Promise<void>((resolve) => (n === 0 ? resolve() : setImmediate(() => void turns(n - 1).then(resolve))));

/**
 * A destination that, like a socket, is done with a chunk only when it calls
 * back, which it does some turns later. It copies each chunk when it takes it
 * and checks, when it calls back, that the chunk was not changed meanwhile:
 * a buffer reused too early shows in one check or the other.
 */
class SlowSocket extends Writable {
  readonly received: Buffer[] = [];
  readonly backings = new Set<ArrayBufferLike>();
  changed = 0;

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error) => void) {
    const copy = Buffer.from(chunk);
    this.received.push(copy);
    this.backings.add(chunk.buffer);
    void turns(Math.floor(Math.random() * 6)).then(() => {
      if (!chunk.equals(copy)) this.changed++;
      done();
    });
  }
}

describe('fdSource', () => {
  const sizes = [0, 1, READ - 1, READ, READ + 1, 3 * READ + 5, 40 * READ + 17];
  it.each(sizes)(`sends all %i bytes exactly through at most ${DEPTH} reused buffers`, async (size) => {
    const content = randomBytes(size);
    const pool = new BufferPool(READ, 16);
    const socket = new SlowSocket();
    await fdSource(fileOf(content), { start: 0, end: size - 1 }, pool).pipeTo(socket);
    expect(Buffer.concat(socket.received).equals(content)).toBe(true);
    expect(socket.changed).toBe(0);
    expect(socket.backings.size).toBeLessThanOrEqual(DEPTH);
    expect(pool.lent).toBe(0);
  });

  const ranges: ByteRange[] = [
    { start: 0, end: 0 },
    { start: READ - 1, end: READ },
    { start: 5, end: 3 * READ + 2 },
    { start: 2 * READ, end: 10 * READ - 1 },
    { start: 10 * READ - 1, end: 10 * READ - 1 },
  ];
  it.each(ranges)('sends the range %o exactly', async (range) => {
    const content = randomBytes(10 * READ);
    const socket = new SlowSocket();
    await fdSource(fileOf(content), range, new BufferPool(READ, 16)).pipeTo(socket);
    expect(Buffer.concat(socket.received).equals(content.subarray(range.start, range.end + 1))).toBe(true);
    expect(socket.changed).toBe(0);
  });

  it('keeps many sends apart while they share one pool', async () => {
    const pool = new BufferPool(READ, 4);
    const contents = Array.from({ length: 12 }, (_, i) => randomBytes(20 * READ + i));
    const sockets = contents.map(() => new SlowSocket());
    await Promise.all(contents.map((content, i) => fdSource(fileOf(content), { start: 0, end: content.length - 1 }, pool).pipeTo(sockets[i]!)));
    contents.forEach((content, i) => expect(Buffer.concat(sockets[i]!.received).equals(content)).toBe(true));
    expect(sockets.reduce((n, s) => n + s.changed, 0)).toBe(0);
    expect(pool.lent).toBe(0);
  });

  it(`reads no further than ${DEPTH} chunks ahead of a socket that takes nothing`, async () => {
    const pool = new BufferPool(READ, 16);
    const held: ((err?: Error) => void)[] = [];
    const stuck = new Writable({ write: (_chunk, _encoding, done) => void held.push(done) });
    const fd = fileOf(randomBytes(40 * READ));
    const sent = fdSource(fd, { start: 0, end: 40 * READ - 1 }, pool).pipeTo(stuck);
    // Reads run on the thread pool: wait for DEPTH chunks, then give it time to read more, if it would.
    await vi.waitFor(() => expect(stuck.writableLength).toBe(DEPTH * READ));
    await turns(50);
    // One chunk in the socket's hands, the others queued behind it: nothing more was read.
    expect(held).toHaveLength(1);
    expect(stuck.writableLength).toBe(DEPTH * READ);
    expect(pool.lent).toBe(DEPTH);
    stuck.destroy();
    await expect(sent).rejects.toThrow(/premature close/i);
    await vi.waitFor(() => expect(() => fs.fstatSync(fd)).toThrow(/EBADF/));
  });

  it('stops, closes the file and gets its buffers back when the client goes away', async () => {
    const pool = new BufferPool(READ, 16);
    // A client that reads a little, stops reading (the socket's buffers fill), then hangs up.
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.pause();
        setTimeout(() => socket.destroy(), 50);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    // More than the two sockets' kernel buffers can ever hold, so the send cannot finish before the
    // hang-up: a loopback socket's receive buffer may grow to 32 MiB (tcp_rmem), room for all of
    // the 16 MiB this sent before, which let it end before the hang-up once in CI.
    const size = 1024 ** 3;
    const fd = sparseFileOf(size);
    await expect(fdSource(fd, { start: 0, end: size - 1 }, pool).pipeTo(client)).rejects.toThrow();
    expect(client.destroyed).toBe(true);
    await vi.waitFor(() => {
      expect(() => fs.fstatSync(fd)).toThrow(/EBADF/);
      expect(pool.lent).toBe(0);
    });
    server.close();
  });

  it('reads a small range into a small buffer, a large one 1 MiB at a time', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const small = new SlowSocket();
    await fdSource(fileOf(content), { start: 10, end: 4105 }).pipeTo(small);
    expect([...small.backings].map((b) => b.byteLength)).toEqual([256 * 1024]);
    const large = new SlowSocket();
    await fdSource(fileOf(content), { start: 0, end: content.length - 1 }).pipeTo(large);
    expect(large.received.map((chunk) => chunk.length)).toEqual([1024 * 1024, 1024 * 1024, 1024 * 1024]);
    expect(Buffer.concat(large.received).equals(content)).toBe(true);
  });

  it('cuts the response short when the object ends early', async () => {
    const socket = new SlowSocket();
    const sent = fdSource(fileOf(randomBytes(10)), { start: 0, end: 99 }, new BufferPool(READ, 16)).pipeTo(socket);
    await expect(sent).rejects.toThrow(/ended at byte 10/);
    expect(socket.destroyed).toBe(true);
  });
});
