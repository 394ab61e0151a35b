// The mixed load on a fresh server: users registered and seeded here, the load
// run by a separate process (lib/mixed/load.ts), the server's CPU and memory read
// from /proc around the measured phases.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { AuthResponse } from '@vault/contract';
import { register } from '../http.js';
import type { TimeWindow } from '../profile.js';
import { seedFiles } from '../seed.js';
import { cpuSecondsOf, memoryOf, resetPeakMemory, root, type BenchServer } from '../server.js';
import type { LoadConfig, LoadMessage, LoadResult } from './load.js';

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
