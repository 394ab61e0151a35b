// npx tsx bench/upload-driver.ts [--dist=DIR] [--size=MiB] [--rounds=N] [--node-args="..."] [--pid-file=FILE]
// One server; in each round a multipart upload of a file of new random bytes
// (content the user deleted earlier would be compared with its original in
// Trash), then its re-upload (dedup), with the CPU seconds per GiB of every
// thread of the server (by thread name: libuv's pool and V8's helpers are all
// "node"), user and kernel apart, this client's own CPU and the machine's idle
// share, and the full and young collections (count and pause) when --trace-gc
// is among the node options. For iterating on the upload path without the whole
// bench; --dist runs another build, --pid-file writes the server's pid and
// waits 3 s (time to attach perf or strace).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteFile, register, uploadMultipart } from './lib/http.js';
import { makeBigFile } from './lib/large-file.js';
import { MIB } from './lib/measure.js';
import { memoryOf, startServer, threadsCpuOf } from './lib/server.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizeMiB = Number(option('size') ?? 1024);
const rounds = Number(option('rounds') ?? 2);
const pidFile = option('pid-file');
const dist = option('dist');

/** CPU seconds so far of each thread of `pid`, summed by thread name, user and kernel apart. */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const { tid, name, user, sys } of threadsCpuOf(pid)) {
    for (const [kind, seconds] of Object.entries({ user, sys })) {
      const key = `${tid === String(pid) ? 'main' : name} ${kind}`;
      out.set(key, (out.get(key) ?? 0) + seconds);
    }
  }
  return out;
}

/** Idle and all CPU time of the whole machine so far, in clock ticks. */
function machineTicks(): { idle: number; all: number } {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: ticks[3]! + ticks[4]!, all: ticks.reduce((a, b) => a + b, 0) };
}

/** Collections seen in --trace-gc's lines: how many, and their pauses in ms. */
const gcs = { full: 0, young: 0, fullMs: 0, youngMs: 0 };
const pausesOf = (text: string, kind: string) => [...text.matchAll(new RegExp(`${kind}[^,]*, ([\\d.]+) /`, 'g'))].map((m) => Number(m[1]));
const server = await startServer(
  {},
  {
    ...(dist ? { dist } : {}),
    nodeArgs: (option('node-args') ?? '').split(' ').filter(Boolean),
    onOutput: (text) => {
      const [full, young] = [pausesOf(text, 'Mark-Compact'), pausesOf(text, 'Scavenge')];
      gcs.full += full.length;
      gcs.young += young.length;
      gcs.fullMs += full.reduce((a, b) => a + b, 0);
      gcs.youngMs += young.reduce((a, b) => a + b, 0);
    },
  },
);
console.log(`server pid ${server.pid}`);
if (pidFile) {
  fs.writeFileSync(pidFile, String(server.pid));
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
const big = path.join(os.tmpdir(), `vault-driver-${sizeMiB}`);
const { token } = await register(server.url, `driver${Date.now()}`);
const gib = sizeMiB / 1024;

async function measure(label: string, name: string): Promise<number> {
  const before = threadCpu(server.pid);
  const gcBefore = { ...gcs };
  const [machineBefore, clientBefore] = [machineTicks(), process.cpuUsage()];
  const started = performance.now();
  const answer = await uploadMultipart(server.url, token, { name, file: big });
  const s = (performance.now() - started) / 1000;
  if (answer.status !== 201) throw new Error(JSON.stringify(answer));
  const used = [...threadCpu(server.pid)].map(([k, v]) => [k, (v - (before.get(k) ?? 0)) / gib] as const).filter(([, v]) => v > 0);
  const total = used.reduce((sum, [, v]) => sum + v, 0);
  const machine = machineTicks();
  const idle = (machine.idle - machineBefore.idle) / (machine.all - machineBefore.all);
  const client = process.cpuUsage(clientBefore);
  const peak = memoryOf(server.pid).peak / MIB;
  const collections = `full GCs ${gcs.full - gcBefore.full} (${(gcs.fullMs - gcBefore.fullMs).toFixed(0)} ms), young ${gcs.young - gcBefore.young} (${(gcs.youngMs - gcBefore.youngMs).toFixed(0)} ms)`;
  console.log(
    `${label}: ${s.toFixed(2)} s, CPU per GiB ${total.toFixed(2)} s (${used.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}), ${collections}, peak RSS ${peak.toFixed(0)} MB; ` +
      `client CPU per GiB ${((client.user + client.system) / 1e6 / gib).toFixed(2)} s, machine idle ${(idle * 100).toFixed(0)}%`,
  );
  return answer.files[0]!.id;
}

try {
  for (let i = 0; i < rounds; i++) {
    makeBigFile(big, sizeMiB * MIB);
    const first = await measure('upload', 'big.zip');
    const again = await measure('dedup ', 'big copy.zip');
    await deleteFile(server.url, token, first);
    await deleteFile(server.url, token, again);
  }
} finally {
  await server.stop();
}
