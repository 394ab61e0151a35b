// The mixed load on a fresh server: users registered and seeded here, the load
// run by a separate process (lib/mixed/load.ts), the server's CPU and memory read
// from /proc around the measured phases.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { AuthResponse } from '@vault/contract';
import { register } from '../http.js';
import { MIB } from '../measure.js';
import type { TimeWindow } from '../profile.js';
import { mb, ms, type Report } from '../report.js';
import { seedFiles } from '../seed.js';
import { cpuSecondsOf, memoryOf, resetPeakMemory, root, type BenchServer } from '../server.js';
import type { LoadConfig, LoadMessage, LoadResult } from './load.js';
import { MIX } from './mix.js';

export interface MixedOptions {
  clients: number;
  socketsPerUser: number;
  /** Seeded files per user, so that listings and searches have rows to go through. */
  seededFiles: number;
  seconds: LoadConfig['seconds'];
  /** The server's PostgreSQL database, for seeding; unset: its SQLite database. */
  pgUrl: string | undefined;
  /** Runs between seeding and the load (PostgreSQL: refresh planner statistics). */
  afterSeed?: () => Promise<void>;
  /** Called as each measured phase starts and ends. */
  onPhaseEdge?: () => void;
}

export interface MixedResult {
  load: LoadResult;
  /** Server CPU time over wall time per measured phase (1 = one core). */
  serverCpu: { mixed: number; readOnly: number };
  /** Resident memory before the users register, after they did, after seeding, when the measured load starts. */
  rss: { start: number; registered: number; seeded: number; loadStart: number };
  /** Its high-water mark during the measured phases. */
  peakRss: number;
  /** The measured phases on the monotonic clock, for the CPU profile. */
  windows: { mixed: TimeWindow[]; readOnly: TimeWindow[] };
}

/** Registers two at a time: each registration hashes a password (argon2id, 19 MiB), one per core. */
async function registerUsers(url: string, count: number): Promise<AuthResponse[]> {
  const users: AuthResponse[] = [];
  for (let i = 0; i < count; i += 2) {
    const batch = Array.from({ length: Math.min(2, count - i) }, (_, j) => register(url, `mix${String(i + j).padStart(3, '0')}`));
    users.push(...(await Promise.all(batch)));
  }
  return users;
}

export async function runMixed(server: BenchServer, opts: MixedOptions): Promise<MixedResult> {
  const rss = { start: memoryOf(server.pid).rss, registered: 0, seeded: 0, loadStart: 0 };
  const users = await registerUsers(server.url, opts.clients);
  rss.registered = memoryOf(server.pid).rss;
  await seedFiles({ url: opts.pgUrl, dataDir: server.dataDir, userIds: users.map((u) => u.user.id), count: opts.seededFiles });
  await opts.afterSeed?.();
  rss.seeded = memoryOf(server.pid).rss;

  const config: LoadConfig = {
    url: server.url,
    users: users.map((u) => ({ id: u.user.id, username: u.user.username, token: u.token })),
    socketsPerUser: opts.socketsPerUser,
    ownFiles: 10,
    publicFileBytes: 256 * 1024,
    seconds: opts.seconds,
  };
  const child = fork(path.join(root, 'bench/lib/mixed/load.ts'), [], { execArgv: ['--import', 'tsx'], cwd: root, stdio: 'inherit' });
  const cpuAt: Record<string, number> = {};
  const windows: MixedResult['windows'] = { mixed: [], readOnly: [] };
  const load = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (message: LoadMessage) => {
      if (message.type === 'result') return resolve(message.result);
      opts.onPhaseEdge?.();
      if (message.phase === 'mixed' && message.edge === 'start') {
        rss.loadStart = memoryOf(server.pid).rss;
        resetPeakMemory(server.pid);
      }
      cpuAt[`${message.phase}-${message.edge}`] = cpuSecondsOf(server.pid);
      if (message.edge === 'start') windows[message.phase].push({ start: message.at, end: Infinity });
      else windows[message.phase].at(-1)!.end = message.at;
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send(config);
  });
  const cpu = (phase: 'mixed' | 'readOnly') => (cpuAt[`${phase}-end`]! - cpuAt[`${phase}-start`]!) / load[phase].seconds;
  return {
    load,
    serverCpu: { mixed: cpu('mixed'), readOnly: cpu('readOnly') },
    rss,
    peakRss: memoryOf(server.pid).peak,
    windows,
  };
}

/** The mixed load's rows; returns its per-operation table, for the results' details. */
export function mixedRows(report: Report, result: MixedResult, clients: number): string {
  const { load, serverCpu } = result;
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const rate = (phase: 'mixed' | 'readOnly') => load[phase].requests / load[phase].seconds;
  const who = `${clients} clients, ${load.events.sockets} websockets`;
  // Requests per CPU-second of the server: what its code costs, even when other processes take CPU from it.
  const cpus = (phase: 'mixed' | 'readOnly') =>
    `server CPU ${pct(serverCpu[phase])} of a core (${(rate(phase) / serverCpu[phase]).toFixed(0)} requests per CPU-second); ` +
    `load generator CPU ${pct(load[phase].clientCpu)}, its loop delay p99 ${ms(load[phase].clientLoopDelayP99)}`;
  report.row('Mixed load: requests/s', `${rate('mixed').toFixed(0)}/s`, `${who}; ${cpus('mixed')}`, '>= 1,000/s', rate('mixed') >= 1000);
  report.row('Mixed load: read-only requests/s', `${rate('readOnly').toFixed(0)}/s`, `listing, search, download, stats only; ${cpus('readOnly')}`);
  const list = load.mixed.ops.list;
  const search = load.mixed.ops.search;
  report.row(
    'Mixed load: listing latency',
    `p50 ${ms(list?.p50 ?? NaN)}, p99 ${ms(list?.p99 ?? NaN)}`,
    `search p50 ${ms(search?.p50 ?? NaN)}, p99 ${ms(search?.p99 ?? NaN)}`,
    'p99 < 100 ms',
    (list?.p99 ?? Infinity) < 100,
  );
  const { rss } = result;
  report.row(
    'Mixed load: server peak RSS',
    mb(result.peakRss),
    `VmHWM during the load; RSS ${mb(rss.start)} at start, ${mb(rss.registered)} after ${clients} registrations, ${mb(rss.seeded)} after seeding, ${mb(rss.loadStart)} after the setup uploads`,
    '< 250 MB',
    result.peakRss < 250 * MIB,
  );
  const errors = load.mixed.errors + load.readOnly.errors;
  const requests = load.mixed.requests + load.readOnly.requests;
  report.row('Mixed load: errors', `${errors} of ${requests.toLocaleString()} requests`, load.errorSamples.slice(0, 3).join('; '), '0', errors === 0);
  const ev = load.events;
  report.row(
    'Mixed load: websocket events',
    `${ev.received.toLocaleString()} of ${ev.expected.toLocaleString()} received`,
    `lost ${ev.lost}, unexpected ${ev.unexpected}, sockets dropped ${ev.closedEarly}; ${(load.mixed.events / load.mixed.seconds).toFixed(0)} events/s in the mix, ` +
      `delay p50 ${ms(load.mixed.eventDelay.p50)}, p99 ${ms(load.mixed.eventDelay.p99)}` +
      (ev.lateSetupEvents ? `; ${ev.lateSetupEvents} setup events arrived after the sockets opened` : ''),
    'none lost',
    ev.lost === 0 && ev.unexpected === 0 && ev.closedEarly === 0,
  );

  const opRows = (['mixed', 'readOnly'] as const).flatMap((phase) =>
    Object.entries(load[phase].ops).map(
      ([op, s]) => `| ${phase === 'mixed' ? 'mixed' : 'read-only'} | ${op} | ${s.count} | ${s.errors} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`,
    ),
  );
  const mix = MIX.map((e) => `${e.op} ${e.weight}%`).join(', ');
  return [
    `Mixed load, per operation (mix: ${mix}; read-only phase: the same without the writes). Setup took ${load.setupSeconds.toFixed(1)} s.`,
    '',
    '| Phase | Operation | Requests | Errors | p50 | p99 | max |',
    '|---|---|---|---|---|---|---|',
    ...opRows,
  ].join('\n');
}
