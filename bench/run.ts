// npm run bench [-- --pg] [-- --quick]: measures the production server and prints one table,
// also written to bench/results/latest.json and latest.md.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { download, listFiles, register, uploadMultipart } from './lib/http.js';
import { MIB, diskBytes, machineLimits, percentile, timed } from './lib/measure.js';
import { seedFiles } from './lib/seed.js';
import { memoryOf, root, startServer } from './lib/server.js';
import { websocketFanOut } from './lib/websocket.js';
import { dedupTiming } from './scenarios/dedup-timing.js';

const args = new Set(process.argv.slice(2));
const usePg = args.has('--pg');
const quick = args.has('--quick');
const BIG = (quick ? 64 : 1024) * MIB;
const SMALL_FILES = quick ? 400 : 2000;
const LISTED = quick ? 20_000 : 100_000;
const SOCKETS = quick ? 100 : 500;

interface Row {
  measure: string;
  result: string;
  reference: string;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const row = (measure: string, result: string, reference = '', target = '', ok: boolean | null = null) => {
  rows.push({ measure, result, reference, target, ok });
  console.log(`  ${measure}: ${result}${reference ? ` (${reference})` : ''}`);
};
const mbps = (bytes: number, s: number) => `${(bytes / MIB / s).toFixed(0)} MB/s`;

/** A ZIP-signed file of random bytes: an accepted type whose content cannot deduplicate by chance. */
function makeBigFile(file: string, size: number) {
  const fd = fs.openSync(file, 'w');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  fs.writeSync(fd, header);
  for (let written = header.length; written < size; written += MIB) fs.writeSync(fd, randomBytes(Math.min(MIB, size - written)));
  fs.closeSync(fd);
}

async function main() {
  console.log('building...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const schema = `bench_${Date.now()}`;
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const server = await startServer(usePg ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {});
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-files-'));
  const started = new Date();
  try {
    const { token } = await register(server.url, 'bench');
    await listFiles(server.url, token, '');
    const baseline = memoryOf(server.pid).rss;

    console.log(`\nlarge file (${BIG / MIB} MiB)`);
    const big = path.join(work, 'big.zip');
    makeBigFile(big, BIG);
    const limit = machineLimits(big, server.dataDir);
    const up = await timed(() => uploadMultipart(server.url, token, { name: 'big.zip', file: big }));
    if (up.value.status !== 201) throw new Error(`upload failed: ${JSON.stringify(up.value)}`);
    const limitTime = limit.sha256sum + limit.copyFsync;
    row('Upload', mbps(BIG, up.s), `machine: sha256sum ${mbps(BIG, limit.sha256sum)}, copy+fsync ${mbps(BIG, limit.copyFsync)}; limit ${mbps(BIG, limitTime)}`);
    const ratio = limitTime / up.s;
    row('Upload vs machine limit (limit_time / upload_time)', `${(ratio * 100).toFixed(0)}%`, '', '>= 50% (aim 80%)', ratio >= 0.5);

    const objects = path.join(server.dataDir, 'objects');
    const before = diskBytes(objects);
    const again = await timed(() => uploadMultipart(server.url, token, { name: 'big copy.zip', file: big }));
    // The duplicate's own copy is deleted just after the response.
    let added = diskBytes(objects) - before;
    for (let waited = 0; added >= MIB && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      added = diskBytes(objects) - before;
    }
    row('Dedup re-upload', mbps(BIG, again.s));
    row('Storage added by the re-upload', `${(added / 1024).toFixed(1)} KiB`, usePg ? 'disk objects' : 'disk objects', '< 1 MiB', added < MIB);

    const fileId = up.value.files[0]!.id;
    const dl = await timed(() => download(`${server.url}/api/files/${fileId}/download`, token));
    row('Download', mbps(dl.value, dl.s), `machine: cat ${mbps(BIG, limit.cat)}`);
    const mid = Math.floor(BIG / 2);
    const range = await timed(() => download(`${server.url}/api/files/${fileId}/download`, token, `bytes=${mid}-${mid + MIB - 1}`));
    row('Range request (1 MiB from the middle)', `${(range.s * 1000).toFixed(1)} ms`);
    const mem = memoryOf(server.pid);
    row('Server RSS baseline', `${(baseline / MIB).toFixed(0)} MB`);
    row('Server peak RSS', `${(mem.peak / MIB).toFixed(0)} MB`, '', '< 200 MB', mem.peak < 200 * MIB);

    console.log(`\n${SMALL_FILES} uploads of 4 KiB, 8 clients`);
    const latencies: number[] = [];
    let next = 0;
    const client = async () => {
      while (next < SMALL_FILES) {
        const i = next++;
        const body = Buffer.from(randomBytes(2048).toString('hex'));
        const t = await timed(() => uploadMultipart(server.url, token, { name: `small-${i}.txt`, file: body }));
        if (t.value.status !== 201) throw new Error(`small upload failed: ${t.value.status}`);
        latencies.push(t.s * 1000);
      }
    };
    const burst = await timed(() => Promise.all(Array.from({ length: 8 }, client)));
    latencies.sort((a, b) => a - b);
    const rate = SMALL_FILES / burst.s;
    row('4 KiB uploads', `${rate.toFixed(0)} files/s`, `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`, '>= 300 files/s', rate >= 300);

    console.log('\ndedup timing: shared vs unshared content, 200 trials each');
    await dedupTiming(server.url, 200, row);

    console.log(`\nlisting ${LISTED.toLocaleString()} files`);
    const lister = await register(server.url, 'lister');
    await seedFiles({ url: usePg ? pgUrl : undefined, schema: usePg ? schema : undefined, dataDir: server.dataDir, userId: lister.user.id, count: LISTED });
    // PostgreSQL plans from statistics that autovacuum refreshes within a minute of a
    // bulk load; the run does not wait for it.
    if (usePg) await analyze(pgUrl, schema);
    const queries: [string, string][] = [
      ['default page', ''],
      ['name search', 'search=budget'],
      ['tag filter', 'tags=invoice'],
      ['size sort', 'sort_by=file_size&sort_order=desc'],
      ['page 500', 'page=500'],
    ];
    for (const [label, query] of queries) {
      for (let i = 0; i < 5; i++) await listFiles(server.url, lister.token, query);
      const times: number[] = [];
      for (let i = 0; i < 100; i++) times.push((await timed(() => listFiles(server.url, lister.token, query))).s * 1000);
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      row(`List: ${label}`, `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`, '', 'p99 < 50 ms', p99 < 50);
    }

    console.log(`\nwebsocket fan-out to ${SOCKETS} clients`);
    const fan = await websocketFanOut(server.url, token, SOCKETS, () => uploadMultipart(server.url, token, { name: 'fanout.txt', file: Buffer.from('fan-out\n') }));
    row(`WebSocket fan-out (${SOCKETS} clients)`, `${fan.toFixed(1)} ms`, 'upload response to the event at the last client');
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    if (usePg) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
  writeResults(started);
}

async function analyze(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`ANALYZE ${schema}.files, ${schema}.file_tags, ${schema}.blobs`);
  await client.end();
}

function writeResults(started: Date) {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${usePg ? 'PostgreSQL' : 'SQLite'} + disk${quick ? ', quick run' : ''}`;
  const header = '| Measure | Result | Reference | Target |\n|---|---|---|---|';
  const lines = rows.map((r) => `| ${r.measure} | ${r.result} | ${r.reference} | ${r.target}${r.ok === null ? '' : r.ok ? ' ✓' : ' ✗'} |`);
  const md = `Run ${started.toISOString()} on ${machine}.\n\n${header}\n${lines.join('\n')}\n`;
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.md'), md);
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ started, machine, rows }, null, 2) + '\n');
  console.log(`\n${md}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
