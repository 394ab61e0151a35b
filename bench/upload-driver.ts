// npx tsx bench/upload-driver.ts [--dist=DIR] [--size=MiB] [--rounds=N] [--node-args="..."] [--pid-file=FILE]
// One server; in each round a multipart upload of a file of random bytes, then
// its re-upload (dedup), with the CPU seconds per GiB of every thread of the
// server (by thread name: libuv's pool and V8's helpers are all "node"), user
// and kernel apart, and the full and young collections when --trace-gc is
// among the node options. For iterating on the upload path without the whole
// bench; --dist runs another build, --pid-file writes the server's pid and
// waits 3 s (time to attach perf or strace).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteFile, register, uploadMultipart } from './lib/http.js';
import { makeBigFile } from './lib/large-file.js';
import { MIB } from './lib/measure.js';
import { memoryOf, startServer, statCpu } from './lib/server.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizeMiB = Number(option('size') ?? 1024);
const rounds = Number(option('rounds') ?? 2);
const pidFile = option('pid-file');
const dist = option('dist');

/** CPU seconds so far of each thread of `pid`, summed by thread name, user and kernel apart. */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    for (const [kind, seconds] of Object.entries(statCpu(stat))) {
      const key = `${name} ${kind}`;
      out.set(key, (out.get(key) ?? 0) + seconds);
    }
  }
  return out;
}

const gcs = { full: 0, young: 0 };
const server = await startServer(
  {},
  {
    ...(dist ? { dist } : {}),
    nodeArgs: (option('node-args') ?? '').split(' ').filter(Boolean),
    onOutput: (text) => {
      gcs.full += text.split('Mark-Compact').length - 1;
      gcs.young += text.split('Scavenge').length - 1;
    },
  },
);
console.log(`server pid ${server.pid}`);
if (pidFile) {
  fs.writeFileSync(pidFile, String(server.pid));
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
const big = path.join(os.tmpdir(), `vault-driver-${sizeMiB}`);
if (!fs.existsSync(big) || fs.statSync(big).size !== sizeMiB * MIB) makeBigFile(big, sizeMiB * MIB);
const { token } = await register(server.url, `driver${Date.now()}`);
const gib = sizeMiB / 1024;

async function measure(label: string, name: string): Promise<number> {
  const before = threadCpu(server.pid);
  const gcBefore = { ...gcs };
  const started = performance.now();
  const answer = await uploadMultipart(server.url, token, { name, file: big });
  const s = (performance.now() - started) / 1000;
  if (answer.status !== 201) throw new Error(JSON.stringify(answer));
  const used = [...threadCpu(server.pid)].map(([k, v]) => [k, (v - (before.get(k) ?? 0)) / gib] as const).filter(([, v]) => v > 0);
  const total = used.reduce((sum, [, v]) => sum + v, 0);
  const peak = memoryOf(server.pid).peak / MIB;
  const collections = `full GCs ${gcs.full - gcBefore.full}, young ${gcs.young - gcBefore.young}`;
  console.log(
    `${label}: ${s.toFixed(2)} s, CPU per GiB ${total.toFixed(2)} s (${used.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}), ${collections}, peak RSS ${peak.toFixed(0)} MB`,
  );
  return answer.files[0]!.id;
}

try {
  for (let i = 0; i < rounds; i++) {
    const first = await measure('upload', 'big.zip');
    const again = await measure('dedup ', 'big copy.zip');
    await deleteFile(server.url, token, first);
    await deleteFile(server.url, token, again);
  }
} finally {
  await server.stop();
}
