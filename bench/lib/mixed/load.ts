// The mixed-load generator, a process of its own (forked by run.ts) so that its
// CPU is measured apart from the orchestrator's: keep-alive undici connections,
// one per client, and the websockets; it reports by IPC.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'undici';
import WebSocket from 'ws';
import type { FileItem, UploadResponse } from '@vault/contract';
import { multipartEnvelope } from '../http.js';
import { percentile } from '../measure.js';
import {
  EventLedger,
  LIST_QUERIES,
  MIX,
  SEARCH_QUERIES,
  audienceOf,
  chooser,
  deliveryGaps,
  mergeAudiences,
  nextSharing,
  prng,
  type Audience,
  type Op,
  type Sharing,
} from './mix.js';

export interface LoadUser {
  id: number;
  username: string;
  token: string;
}

export interface LoadConfig {
  url: string;
  users: LoadUser[];
  socketsPerUser: number;
  /** Own small files each user uploads before the load. */
  ownFiles: number;
  /** Size of each user's public file, the target of other users' downloads. */
  publicFileBytes: number;
  seconds: { warmup: number; mixed: number; readOnly: number };
}

export interface OpStats {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseResult {
  seconds: number;
  requests: number;
  errors: number;
  ops: Partial<Record<Op, OpStats>>;
  /** Events the sockets received during the phase. */
  events: number;
  /** The load generator's CPU time over the phase's wall time (1 = one core). */
  clientCpu: number;
  /** The generator's event-loop delay, p99 in ms: it kept up when this stays small. */
  clientLoopDelayP99: number;
  /** From an event's `at` (when the server published it) to its arrival, in ms. */
  eventDelay: { p50: number; p99: number };
}

export interface LoadResult {
  setupSeconds: number;
  mixed: PhaseResult;
  readOnly: PhaseResult;
  events: {
    expected: number;
    received: number;
    lost: number;
    unexpected: number;
    sockets: number;
    closedEarly: number;
    /** Events of the setup's uploads that arrived once the sockets were open (not counted above). */
    lateSetupEvents: number;
  };
  /** The first few unexpected answers, to say what went wrong. */
  errorSamples: string[];
}

/** Messages to the parent: phase edges (on the monotonic clock, microseconds) and the result. */
export type LoadMessage = { type: 'phase'; phase: 'mixed' | 'readOnly'; edge: 'start' | 'end'; at: number } | { type: 'result'; result: LoadResult };

const SMALL_FILE_BYTES = 4096;
const DUPLICATE_SHARE = 0.25;
const RANGE_SHARE = 1 / 3;
/** Contents several uploads share, within a user and across users. */
const DUPLICATE_CONTENTS = Array.from({ length: 16 }, () => Buffer.from(randomBytes(SMALL_FILE_BYTES / 2).toString('hex')));
const MAX_ERROR_SAMPLES = 10;

interface OwnFile {
  id: number;
  size: number;
  sharing: Sharing;
}

interface Client {
  index: number;
  user: LoadUser;
  neighbour: number;
  own: OwnFile[];
  publicFile: { id: number; size: number };
  renames: number;
  /** Uploads so far: each takes a name of its own (a taken name is refused). */
  uploads: number;
}

class Recorder {
  private latencies = new Map<Op, number[]>();
  private failures = new Map<Op, number>();
  readonly eventDelays: number[] = [];
  requests = 0;
  errors = 0;

  record(op: Op, ms: number, ok: boolean) {
    this.requests += 1;
    const list = this.latencies.get(op) ?? [];
    list.push(ms);
    this.latencies.set(op, list);
    if (!ok) {
      this.errors += 1;
      this.failures.set(op, (this.failures.get(op) ?? 0) + 1);
    }
  }

  ops(): Partial<Record<Op, OpStats>> {
    const out: Partial<Record<Op, OpStats>> = {};
    for (const [op, list] of this.latencies) {
      list.sort((a, b) => a - b);
      out[op] = { count: list.length, errors: this.failures.get(op) ?? 0, p50: percentile(list, 50), p99: percentile(list, 99), max: list[list.length - 1]! };
    }
    return out;
  }
}

const micros = () => Number(process.hrtime.bigint() / 1000n);
const send = (message: LoadMessage) => process.send!(message);

async function run(config: LoadConfig): Promise<LoadResult> {
  const pool = new Pool(config.url, { connections: config.users.length + 8, pipelining: 1, keepAliveTimeout: 60_000 });
  const ledger = new EventLedger(config.users.length);
  const errorSamples: string[] = [];
  const noteError = (what: string) => {
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(what);
  };

  interface Answer {
    status: number;
    bytes: number;
    json?: unknown;
  }
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: { body?: Buffer | string; headers?: Record<string, string>; json?: boolean } = {}): Promise<Answer> => {
    const res = await pool.request({ method, path, body: opts.body, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
    if (opts.json && res.statusCode < 300) return { status: res.statusCode, bytes: 0, json: await res.body.json() };
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    return { status: res.statusCode, bytes };
  };

  const upload = async (client: Client, name: string, content: Buffer, isPublic = false): Promise<{ status: number; file?: FileItem }> => {
    const { head, tail, contentType } = multipartEnvelope(name, isPublic ? { is_public: 'true' } : {});
    const body = Buffer.concat([head, content, tail]);
    const answer = await call(client.user.token, 'POST', '/api/files/upload', { body, headers: { 'content-type': contentType }, json: true });
    return { status: answer.status, file: answer.status === 201 ? (answer.json as UploadResponse).files[0] : undefined };
  };

  // Setup: each user's public file and own small files.
  const setupStart = process.hrtime.bigint();
  const setupFiles = new Set<number>();
  const clients: Client[] = await Promise.all(
    config.users.map(async (user, index) => {
      const client: Client = { index, user, neighbour: (index + 1) % config.users.length, own: [], publicFile: { id: 0, size: 0 }, renames: 0, uploads: 0 };
      const pub = await upload(client, `public ${index}.txt`, Buffer.from(randomBytes(config.publicFileBytes / 2).toString('hex')), true);
      if (!pub.file) throw new Error(`setup upload failed for ${user.username}: ${pub.status}`);
      client.publicFile = { id: pub.file.id, size: pub.file.file_size };
      setupFiles.add(pub.file.id);
      for (let i = 0; i < config.ownFiles; i++) {
        const { status, file } = await upload(client, `own ${i}.txt`, Buffer.from(randomBytes(SMALL_FILE_BYTES / 2).toString('hex')));
        if (!file) throw new Error(`setup upload failed for ${user.username}: ${status}`);
        client.own.push({ id: file.id, size: file.file_size, sharing: 'private' });
        setupFiles.add(file.id);
      }
      return client;
    }),
  );

  // The sockets, each counting the events it receives.
  const wsUrl = config.url.replace(/^http/, 'ws');
  const received: number[] = [];
  const socketUser: number[] = [];
  let eventsReceived = 0;
  let closing = false;
  let closedEarly = 0;
  let lateSetupEvents = 0;
  let recorder: Recorder | undefined;
  const sockets = await Promise.all(
    clients.flatMap((client) =>
      Array.from({ length: config.socketsPerUser }, () => {
        const slot = received.push(0) - 1;
        socketUser.push(client.index);
        return new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${wsUrl}/ws?token=${encodeURIComponent(client.user.token)}`);
          socket.on('message', (data) => {
            const event = JSON.parse(data.toString()) as { type: string; file_id?: number; at?: string };
            if (event.type === 'ready') return resolve(socket);
            // On PostgreSQL, events travel through NOTIFY and may still be on their way.
            if (event.type === 'file_uploaded' && setupFiles.has(event.file_id!)) return void (lateSetupEvents += 1);
            received[slot]! += 1;
            eventsReceived += 1;
            recorder?.eventDelays.push(Date.now() - Date.parse(event.at!));
          });
          socket.once('error', reject);
          socket.once('close', (code) => {
            if (!closing) closedEarly += 1;
            reject(new Error(`socket closed with ${code}`));
          });
        });
      }),
    ),
  );
  const setupSeconds = Number(process.hrtime.bigint() - setupStart) / 1e9;

  /** ok: the answer was the one expected; audience: who must get the event it published; also: a second event's. */
  const ops: Record<Op, (client: Client, rand: () => number) => Promise<{ ok: boolean; status: number; audience?: Audience; also?: Audience }>> = {
    async list(client, rand) {
      const query = LIST_QUERIES[Math.floor(rand() * LIST_QUERIES.length)]!;
      const answer = await call(client.user.token, 'GET', `/api/files?${query}`);
      return { ok: answer.status === 200, status: answer.status };
    },
    async search(client, rand) {
      const answer = await call(client.user.token, 'GET', `/api/files?${SEARCH_QUERIES[Math.floor(rand() * SEARCH_QUERIES.length)]!}`);
      return { ok: answer.status === 200, status: answer.status };
    },
    async stats(client) {
      const answer = await call(client.user.token, 'GET', '/api/files/storage/stats');
      return { ok: answer.status === 200, status: answer.status };
    },
    async download(client, rand) {
      const own = rand() < 0.5 && client.own.length > 0 ? client.own[Math.floor(rand() * client.own.length)]! : undefined;
      const file = own ?? clients[Math.floor(rand() * clients.length)]!.publicFile;
      const ranged = rand() < RANGE_SHARE;
      const start = Math.floor(file.size / 2);
      const end = Math.min(file.size - 1, start + 1023);
      const answer = await call(client.user.token, 'GET', `/api/files/${file.id}/download`, ranged ? { headers: { range: `bytes=${start}-${end}` } } : {});
      const ok = ranged ? answer.status === 206 && answer.bytes === end - start + 1 : answer.status === 200 && answer.bytes === file.size;
      if (ranged) return { ok, status: answer.status };
      const audience = own ? audienceOf(client.index, client.neighbour, own.sharing) : { public: true, users: [] };
      return { ok, status: answer.status, audience };
    },
    async upload(client, rand) {
      const content =
        rand() < DUPLICATE_SHARE
          ? DUPLICATE_CONTENTS[Math.floor(rand() * DUPLICATE_CONTENTS.length)]!
          : Buffer.from(randomBytes(SMALL_FILE_BYTES / 2).toString('hex'));
      const { status, file } = await upload(client, `load ${client.uploads++}.txt`, content);
      if (!file) return { ok: false, status };
      client.own.push({ id: file.id, size: file.file_size, sharing: 'private' });
      return { ok: true, status, audience: audienceOf(client.index, client.neighbour, 'private') };
    },
    async share(client, rand) {
      const file = client.own[Math.floor(rand() * client.own.length)]!;
      const next = nextSharing(file.sharing);
      const body = JSON.stringify({ is_public: next === 'public', shared_users: next === 'shared' ? [clients[client.neighbour]!.user.username] : [] });
      const answer = await call(client.user.token, 'PUT', `/api/files/${file.id}/share`, { body, headers: { 'content-type': 'application/json' } });
      if (answer.status !== 200) return { ok: false, status: answer.status };
      const audience = mergeAudiences(audienceOf(client.index, client.neighbour, file.sharing), audienceOf(client.index, client.neighbour, next));
      file.sharing = next;
      return { ok: true, status: answer.status, audience };
    },
    async rename(client, rand) {
      const file = client.own[Math.floor(rand() * client.own.length)]!;
      const body = JSON.stringify({ original_name: `renamed ${client.renames++}.txt` });
      const answer = await call(client.user.token, 'PUT', `/api/files/${file.id}`, { body, headers: { 'content-type': 'application/json' } });
      return { ok: answer.status === 200, status: answer.status, audience: audienceOf(client.index, client.neighbour, file.sharing) };
    },
    async delete(client, rand) {
      const at = Math.floor(rand() * client.own.length);
      const file = client.own[at]!;
      const answer = await call(client.user.token, 'DELETE', `/api/files/${file.id}`);
      if (answer.status !== 204) return { ok: false, status: answer.status };
      client.own.splice(at, 1);
      // Deleted to Trash: the owner's sockets also hear that Trash changed.
      return { ok: true, status: answer.status, audience: audienceOf(client.index, client.neighbour, file.sharing), also: { public: false, users: [client.index] } };
    },
  };
  /** Operations on an own file need one; a delete keeps the last. */
  const needsOwn = (op: Op, client: Client) => (op === 'share' || op === 'rename' ? client.own.length === 0 : op === 'delete' && client.own.length < 2);

  const runPhase = async (name: string, entries: typeof MIX, seconds: number) => {
    const pick = chooser(entries);
    const until = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
    await Promise.all(
      clients.map(async (client) => {
        const rand = prng(client.user.id * 7919 + name.length);
        while (process.hrtime.bigint() < until) {
          let op = pick(rand());
          if (needsOwn(op, client)) op = 'upload';
          const start = process.hrtime.bigint();
          let ok = false;
          try {
            const outcome = await ops[op](client, rand);
            ok = outcome.ok;
            if (ok && outcome.audience) ledger.expect(outcome.audience);
            if (ok && outcome.also) ledger.expect(outcome.also);
            if (!ok) noteError(`${op}: status ${outcome.status}`);
          } catch (err) {
            noteError(`${op}: ${(err as Error).message}`);
          }
          recorder?.record(op, Number(process.hrtime.bigint() - start) / 1e6, ok);
        }
      }),
    );
  };

  const measured = async (phase: 'mixed' | 'readOnly', entries: typeof MIX, seconds: number): Promise<PhaseResult> => {
    const phaseRecorder = new Recorder();
    recorder = phaseRecorder;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const eventsBefore = eventsReceived;
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    loop.enable();
    send({ type: 'phase', phase, edge: 'start', at: micros() });
    await runPhase(phase, entries, seconds);
    send({ type: 'phase', phase, edge: 'end', at: micros() });
    recorder = undefined;
    loop.disable();
    const wall = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    const delays = phaseRecorder.eventDelays.sort((a, b) => a - b);
    return {
      seconds: wall,
      requests: phaseRecorder.requests,
      errors: phaseRecorder.errors,
      ops: phaseRecorder.ops(),
      events: eventsReceived - eventsBefore,
      clientCpu: (used.user + used.system) / 1e6 / wall,
      clientLoopDelayP99: loop.percentile(99) / 1e6,
      eventDelay: { p50: percentile(delays, 50), p99: percentile(delays, 99) },
    };
  };

  await runPhase('warmup', MIX, config.seconds.warmup);
  const mixed = await measured('mixed', MIX, config.seconds.mixed);
  const readOnly = await measured(
    'readOnly',
    MIX.filter((e) => e.readOnly),
    config.seconds.readOnly,
  );

  // Events are published before the response, but travel on their own sockets
  // (and, on PostgreSQL, through NOTIFY): wait until they stop arriving.
  const expected = socketUser.map((user) => ledger.expectedFor(user));
  const total = expected.reduce((a, b) => a + b, 0);
  for (let quiet = 0, last = -1; quiet < 20 && eventsReceived < total; ) {
    await new Promise((r) => setTimeout(r, 100));
    quiet = eventsReceived === last ? quiet + 1 : 0;
    last = eventsReceived;
  }
  const gaps = deliveryGaps(expected, received);
  closing = true;
  for (const socket of sockets) socket.terminate();
  await pool.close();
  return { setupSeconds, mixed, readOnly, events: { expected: total, received: eventsReceived, ...gaps, sockets: sockets.length, closedEarly, lateSetupEvents }, errorSamples };
}

process.once('message', (config: LoadConfig) => {
  run(config).then(
    (result) => {
      send({ type: 'result', result });
      process.disconnect();
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
