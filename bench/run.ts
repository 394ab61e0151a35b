// npm run bench [-- --pg] [-- --quick] [-- --only=upload,tus,small,list,fanout,mixed]
//                [-- --profile] [-- --sql-profile]:
// measures the production server and prints one table, also written to
// bench/results/latest-<db>.json and .md (a quick, partial or instrumented run
// adds its qualifiers to the name). --profile records a CPU profile of the server,
// --sql-profile (SQLite) times its statements during the mixed load; both write
// where the time went to bench/results/profile-<db>[-quick].md.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listFiles, register, uploadMultipart } from './lib/http.js';
import { largeFileRounds, largeFileRows } from './lib/large-file.js';
import { tusRounds, tusRows } from './lib/tus-upload.js';
import { MIB, percentile, timed } from './lib/measure.js';
import { mixedRows, runMixed, type MixedResult } from './lib/mixed/scenario.js';
import { ProfileWindows, formatProfile, summarizeProfile, type CpuProfile } from './lib/profile.js';
import { Report, mb, ms } from './lib/report.js';
import { formatSqlSegment, type SqlSegment } from './lib/sql-stats.js';
import { costPer, meterCpu } from './lib/cpu-meter.js';
import { cpuSettled, memoryOf, root, startServer, type BenchServer } from './lib/server.js';
import { websocketFanOut } from './lib/websocket.js';
import { dedupTiming } from './scenarios/dedup-timing.js';
import { listing } from './scenarios/listing.js';

const SECTIONS = ['upload', 'tus', 'small', 'timing', 'list', 'fanout', 'mixed'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => !a.startsWith('--only=')));
const usePg = flags.has('--pg');
const quick = flags.has('--quick');
const profiling = flags.has('--profile');
/** SQLite runs on the event loop, so its statements are timed there; PostgreSQL's run elsewhere. */
const sqlProfiling = flags.has('--sql-profile') && !usePg;
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const unknown = only?.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown?.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
const sections = new Set<Section>((only as Section[] | undefined) ?? SECTIONS);

const BIG = (quick ? 64 : 1024) * MIB;
/** The disk is noisy: each round measures the limit and Vault again on fresh content. */
const ROUNDS = quick ? 2 : 5;
const TUS_ROUNDS = quick ? 1 : 3;
const SMALL_FILES = quick ? 400 : 2000;
const LISTED = quick ? 20_000 : 100_000;
const SOCKETS = quick ? 100 : 500;
const MIXED = {
  clients: 100,
  socketsPerUser: 2,
  seededFiles: quick ? 100 : 500,
  seconds: quick ? { warmup: 1, mixed: 8, readOnly: 5 } : { warmup: 3, mixed: 30, readOnly: 15 },
};

const db = usePg ? 'postgres' : 'sqlite';
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const report = new Report();
const details: string[] = [];
const profiles: string[] = [];

/** Runs one statement on the PostgreSQL server at `url`. */
async function pgRun(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for each PostgreSQL server of the run: NOTIFY, which
 * carries the websocket events, reaches every listener of a database, whatever
 * its schema, so other Vault servers on the same database would add their events.
 */
async function createDatabase(): Promise<string> {
  const name = `vault_bench_${Date.now()}`;
  await pgRun(pgUrl, `CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  await pgRun(pgUrl, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}

/**
 * What autovacuum does about a minute after a bulk load, done at once (the run
 * does not wait): the statistics PostgreSQL plans from, and the visibility map
 * that lets an index-only scan skip the rows. A PostgreSQL with autovacuum
 * off (as on the machines this bench ran on) would otherwise never have it.
 */
const afterBulkLoad = (url: string) => pgRun(url, 'VACUUM ANALYZE files, file_tags, blobs, content_texts');

/**
 * A fresh server (PostgreSQL: in its own database) for `body`, profiled with --profile;
 * the profile is summarised over the windows `body` marked. With `sql`, returns the
 * statement timings, one segment per stretch between two SIGUSR2.
 */
async function withServer(
  name: string,
  body: (server: BenchServer, windows: ProfileWindows, pgDatabase: string | undefined) => Promise<void>,
  opts: { sql?: boolean } = {},
): Promise<SqlSegment[]> {
  const pgDatabase = usePg ? await createDatabase() : undefined;
  const scratch = profiling || opts.sql ? fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-profile-')) : undefined;
  const sqlStatsFile = opts.sql && scratch ? path.join(scratch, 'sql.json') : undefined;
  const server = await startServer(pgDatabase ? { DATABASE_URL: pgDatabase } : {}, {
    cpuProfileDir: profiling ? scratch : undefined,
    sqlStatsFile,
  });
  const windows = new ProfileWindows();
  try {
    await body(server, windows, pgDatabase);
  } finally {
    await server.stop();
    if (pgDatabase) await dropDatabase(pgDatabase);
  }
  const segments = sqlStatsFile ? (JSON.parse(fs.readFileSync(sqlStatsFile, 'utf8')) as SqlSegment[]) : [];
  if (!profiling || !scratch) return segments;
  const profileDir = scratch;
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${profileDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  // Beside the profile, for bench/profile.ts --window=LABEL.
  fs.writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(Object.fromEntries(windows.byLabel)));
  console.log(`\nCPU profile of the ${name} server: ${path.join(profileDir, file)} (npx tsx bench/profile.ts FILE --window=LABEL)`);
  for (const [label, marked] of windows.byLabel) {
    const text = formatProfile(`${label} (${db})`, summarizeProfile(profile, marked), 20);
    console.log(`\n${text}`);
    profiles.push(text);
  }
  return segments;
}

/** One burst of SMALL_FILES distinct 4 KiB uploads by one user from 8 clients, with its rate and its CPU per file. */
async function smallBurst(server: BenchServer, token: string, pgDatabase: string | undefined, burst: string) {
  const meter = await meterCpu(server.pid, pgDatabase);
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < SMALL_FILES) {
      const i = next++;
      const body = Buffer.from(randomBytes(2048).toString('hex'));
      const t = await timed(() => uploadMultipart(server.url, token, { name: `small-${burst}-${i}.txt`, file: body }));
      if (t.value.status !== 201) throw new Error(`small upload failed: ${t.value.status}`);
      latencies.push(t.s * 1000);
    }
  };
  const elapsed = await timed(() => Promise.all(Array.from({ length: 8 }, client)));
  const after = await cpuSettled(server.pid);
  latencies.sort((a, b) => a - b);
  // Once the server is idle again: the texts read after the responses are part of an upload's cost.
  const cpu = costPer(await meter.stop(), SMALL_FILES, 'file');
  cpu.push(`work after the responses ${after.toFixed(1)} s past the last`);
  return { rate: SMALL_FILES / elapsed.s, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu };
}

/**
 * A fresh installation's first burst, then the same user's next one on a
 * server as it runs from then on: its code optimised by V8 as it ran hot, and
 * (PostgreSQL) the statistics autovacuum takes within a minute of such a
 * burst, taken at once (without them PostgreSQL plans a young table as if
 * each user had one file).
 */
async function smallFiles(server: BenchServer, token: string, pgDatabase: string | undefined) {
  console.log(`\n${SMALL_FILES} uploads of 4 KiB, 8 clients, twice`);
  const first = await smallBurst(server, token, pgDatabase, 'first');
  if (pgDatabase) await afterBulkLoad(pgDatabase);
  const next = await smallBurst(server, token, pgDatabase, 'next');
  const said = (b: typeof first) => `${b.rate.toFixed(0)} files/s, p50 ${ms(b.p50)}, p99 ${ms(b.p99)}; ${b.cpu.join(', ')}`;
  report.row('4 KiB uploads, one user', `${next.rate.toFixed(0)} files/s`, `${said(next)}. A fresh installation's first burst: ${said(first)}`, '>= 300 files/s', next.rate >= 300);
}

async function mixedLoad() {
  let mixed: MixedResult | undefined;
  const run = async (server: BenchServer, windows: ProfileWindows, pgDatabase: string | undefined) => {
    console.log(`\nmixed load: ${MIXED.clients} clients, ${MIXED.clients * MIXED.socketsPerUser} websockets, ${MIXED.seconds.mixed} s mixed + ${MIXED.seconds.readOnly} s read-only`);
    mixed = await runMixed(server, {
      ...MIXED,
      pgUrl: pgDatabase,
      afterSeed: pgDatabase ? () => afterBulkLoad(pgDatabase) : undefined,
      // Closes a segment of the statement timings at each phase edge.
      onPhaseEdge: sqlProfiling ? () => process.kill(server.pid, 'SIGUSR2') : undefined,
    });
    windows.add('mixed load', mixed.windows.mixed);
    windows.add('read-only load', mixed.windows.readOnly);
    details.push(mixedRows(report, mixed, MIXED.clients));
  };
  const sql = await withServer('mixed-load', run, { sql: sqlProfiling });
  // Segments: before the load, the mixed phase, between, the read-only phase, after.
  if (!mixed || sql.length < 4) return;
  for (const [title, segment, seconds] of [
    ['SQLite statements, mixed load', sql[1]!, mixed.load.mixed.seconds],
    ['SQLite statements, read-only load', sql[3]!, mixed.load.readOnly.seconds],
  ] as const) {
    const text = formatSqlSegment(title, segment, seconds * 1000);
    console.log(`\n${text}`);
    profiles.push(text);
  }
}

async function main() {
  console.log('building...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const started = new Date();
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);

  if (['upload', 'tus', 'small', 'timing', 'list', 'fanout'].some((s) => sections.has(s as Section))) {
    await withServer('main', async (server, windows, pgDatabase) => {
      const { token } = await register(server.url, 'bench');
      await listFiles(server.url, token, '');
      const baseline = memoryOf(server.pid).rss;
      if (sections.has('upload')) {
        console.log(`\nlarge file (${BIG / MIB} MiB), ${ROUNDS} rounds of fresh content`);
        largeFileRows(report, await largeFileRounds(server, token, windows, BIG, ROUNDS), BIG);
        report.row('Server RSS baseline', mb(baseline));
        report.row('Server peak RSS (large files)', mb(memoryOf(server.pid).peak), 'VmHWM', '< 200 MB', memoryOf(server.pid).peak < 200 * MIB);
      }
      if (sections.has('tus')) {
        console.log(`\nresumable upload (${BIG / MIB} MiB, tus-js-client), ${TUS_ROUNDS} rounds of fresh content`);
        tusRows(report, await tusRounds(server, token, windows, BIG, TUS_ROUNDS), BIG);
      }
      if (sections.has('small')) await windows.mark('small uploads', () => smallFiles(server, token, pgDatabase));
      if (sections.has('timing')) {
        console.log('\ndedup timing: shared vs unshared content, 200 trials each');
        await dedupTiming(server.url, 200, (...cells) => report.row(...cells));
      }
      if (sections.has('list')) await listing(server, pgDatabase, LISTED, (...cells) => report.row(...cells), afterBulkLoad);
      if (sections.has('fanout')) {
        console.log(`\nwebsocket fan-out to ${SOCKETS} clients`);
        const fan = await websocketFanOut(server.url, token, SOCKETS, () => uploadMultipart(server.url, token, { name: 'fanout.txt', file: Buffer.from('fan-out\n') }));
        report.row(`WebSocket fan-out (${SOCKETS} sockets)`, ms(fan.spread), `first socket's event to the last's; upload request start to the last socket's event ${ms(fan.fromRequest)} (the upload's answer ${ms(fan.request)})`);
      }
    });
  }

  if (sections.has('mixed')) await mixedLoad();
  writeResults(started);
}

function writeResults(started: Date) {
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${usePg ? 'PostgreSQL' : 'SQLite'} + disk${quick ? ', quick run' : ''}`;
  const md = [`Run ${started.toISOString()} on ${machine}; load average at the end ${load}.`, '', report.markdown(), '', ...details.flatMap((d) => [d, ''])].join('\n');
  const dir = path.join(root, 'bench/results');
  // Only a complete run without instruments is the latest-<db> result; others say what they were.
  const qualifiers = [quick && 'quick', only && `only-${only.join('+')}`, (profiling || sqlProfiling) && 'profiled'].filter(Boolean);
  const name = ['latest', db, ...qualifiers].join('-');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.md`), md);
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ started, machine, loadAverage: os.loadavg(), rows: report.rows, details }, null, 2) + '\n');
  const timedSql = sqlProfiling ? ' SQLite statements were timed by bench/lib/sql-timing.mjs: in the CPU profiles, its self time is the time in SQLite.' : '';
  if (profiles.length) fs.writeFileSync(path.join(dir, `profile-${db}${quick ? '-quick' : ''}.md`), `Run ${started.toISOString()} on ${machine}; load average at the end ${load}.${timedSql}\n\n${profiles.join('\n')}`);
  console.log(`\n${md}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
