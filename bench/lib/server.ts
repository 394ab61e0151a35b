import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}

/** Resident memory of a process from /proc, in bytes: now, and the high-water mark. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Lowers a process's resident-memory high-water mark (VmHWM) to its current size. */
export function resetPeakMemory(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * CPU time (user + system) a process has used so far, in seconds: all its
 * threads, or with `mainThread` only the one that runs JavaScript.
 */
export function cpuSecondsOf(pid: number, mainThread = false): number {
  const { user, sys } = statCpu(fs.readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8'));
  return user + sys;
}

/** The CPU seconds a `/proc/.../stat` line counts, user and kernel apart. */
export function statCpu(stat: string): { user: number; sys: number } {
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks of 1/100 s on Linux.
  return { user: Number(fields[11]) / 100, sys: Number(fields[12]) / 100 };
}

/** Each thread of a process: its id, its name (`comm`) and the CPU seconds it has used so far, user and kernel apart. */
export function threadsCpuOf(pid: number): { tid: string; name: string; user: number; sys: number }[] {
  const threads = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch (error) {
      // A thread that ended since the directory was read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    threads.push({ tid, name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ...statCpu(stat) });
  }
  return threads;
}

/** The thread V8's CPU profiler (`--cpu-prof`) runs on: it keeps working while the server idles. */
const PROFILER_THREAD = 'v8:ProfEvntProc';

/** CPU seconds a process's threads have used so far, but for the profiler's. */
function workCpuSecondsOf(pid: number): number {
  return threadsCpuOf(pid)
    .filter((thread) => thread.name !== PROFILER_THREAD)
    .reduce((seconds, { user, sys }) => seconds + user + sys, 0);
}

/**
 * Waits until a process has used no CPU for `quietMs` (at most `maxMs`), so
 * that what it does after its responses (texts read, duplicates deleted)
 * counts in the CPU of the work that caused it. Returns how long it kept
 * working, in seconds. A CPU profiler's own thread is not counted: a
 * profiled server never idles otherwise, and every wait ran to `maxMs`.
 */
export async function cpuSettled(pid: number, quietMs = 300, maxMs = 60_000): Promise<number> {
  const start = Date.now();
  let last = workCpuSecondsOf(pid);
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = workCpuSecondsOf(pid);
    if (now === last) break;
    last = now;
  }
  return Math.max(0, Date.now() - start - quietMs) / 1000;
}

export interface ServerOptions {
  /** Write a V8 CPU profile of the server's main thread into this directory when it stops. */
  cpuProfileDir?: string;
  /** Time every SQLite statement (lib/sql-timing.mjs) and write the timings here when it stops. */
  sqlStatsFile?: string;
  /** Another build of the server (its dist directory) than this checkout's. */
  dist?: string;
  /** Options for node itself, before the script (`--trace-gc`, `--perf-basic-prof`). */
  nodeArgs?: string[];
  /** Sees what the server prints once it listens (what `--trace-gc` prints, for one). */
  onOutput?: (text: string) => void;
}

/** The production build of the server on a throw-away data directory. */
export async function startServer(extraEnv: Record<string, string>, opts: ServerOptions = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-'));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_ACCOUNTS: 'false',
    LOG_LEVEL: 'warn',
    MAX_FILE_MB: '1100',
    STORAGE_QUOTA_MB: '20480',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    RATE_LIMIT_WS_MAX: '1000000',
    REGISTRATION_LIMIT_PER_HOUR: '1000000',
    AUTH_FAILURE_LIMIT: '100000',
    WS_MAX_PENDING_PER_ADDRESS: '100000',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    WS_MAX_SOCKETS_PER_USER: '1000',
    // As the image and `npm start` run the server (see the Dockerfile).
    MALLOC_MMAP_THRESHOLD_: '4194304',
    MALLOC_ARENA_MAX: '2',
    ...extraEnv,
  };
  const profile = opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [];
  const sqlTiming = opts.sqlStatsFile ? ['--import', pathToFileURL(path.join(root, 'bench/lib/sql-timing.mjs')).href] : [];
  const main = path.join(opts.dist ?? path.join(root, 'server/dist'), 'main.js');
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...profile, ...sqlTiming, main], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info', ...(opts.sqlStatsFile ? { VAULT_BENCH_SQL_STATS: opts.sqlStatsFile } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Read only up to the address: the access log that follows (a line per request) is drained unread, since
    // searching an ever-growing copy of it took 12% of a core beside a mixed load, on the server's two.
    let out = '';
    const untilListening = (d: Buffer) => {
      out += d.toString();
      const match = /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(out);
      if (!match) return;
      child.stdout!.off('data', untilListening);
      resolve(match[1]!);
    };
    child.stdout!.on('data', untilListening);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  if (opts.onOutput) child.stdout!.on('data', (d: Buffer) => opts.onOutput!(d.toString()));
  child.stdout!.resume();
  return {
    url,
    dataDir,
    env,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
