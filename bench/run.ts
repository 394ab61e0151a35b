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
import { largeFileRounds, type Round } from './lib/large-file.js';
import { tusRounds, type TusRound } from './lib/tus-upload.js';
import { MIB, percentile, spread, timed } from './lib/measure.js';
import { runMixed, type MixedResult } from './lib/mixed/scenario.js';
import { MIX } from './lib/mixed/mix.js';
import { ProfileWindows, formatProfile, summarizeProfile, type CpuProfile } from './lib/profile.js';
import { Report, mb, ms, ratio, throughput } from './lib/report.js';
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

function largeFileRows(rounds: Round[]) {
  const of = (pick: (r: Round) => number) => spread(rounds.map(pick));
  const tails = (pick: (r: Round) => number) => {
    const s = of(pick);
    return `median ${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  };
  const perGiB = (pick: (r: Round) => number) => `${of(pick).median.toFixed(2)} s`;
  const slowest = new Map<string, number>();
  for (const r of rounds) slowest.set(r.slowest, (slowest.get(r.slowest) ?? 0) + 1);

  report.row('Machine: SHA-256, Node crypto, 1 MiB reads', throughput(BIG, of((r) => r.nodeHash)), 'the hash stage of the limit: the server hashes with Node');
  report.row('Machine: SHA-256, `openssl dgst -sha256`', throughput(BIG, of((r) => r.openssl)), 'for comparison: what the CPU does outside Node');
  report.row(
    'Machine: write + fsync into the data directory',
    throughput(BIG, of((r) => r.write)),
    `the fastest of \`dd bs=1M conv=fsync\` (write, then one fsync: ${throughput(BIG, of((r) => r.dd))}), 8 MiB writes flushed every 32 MiB (${throughput(BIG, of((r) => r.flushing))}) and \`dd bs=4M oflag=direct conv=fsync\` (around the page cache: ${throughput(BIG, of((r) => r.direct))})`,
  );
  report.row(
    'Machine: multipart upload into a discarding Node server',
    throughput(BIG, of((r) => r.http)),
    `loopback; the faster of curl (${throughput(BIG, of((r) => r.curlSink))}) and the bench's Node client, which sends Vault's uploads (${throughput(BIG, of((r) => r.sink))})`,
  );
  report.row(
    'Machine limit: the slowest stage',
    throughput(BIG, of((r) => r.limit)),
    `slowest: ${[...slowest].map(([k, v]) => `${k} ${v}/${rounds.length}`).join(', ')}`,
  );
  const onePass = of((r) => r.onePass / r.limit);
  report.row(
    'One-pass Node server: the stages together',
    throughput(BIG, of((r) => r.onePass)),
    `the reference server stores the upload and does nothing else: the multipart part found with Buffer.indexOf, SHA-256 on a thread, direct writes, fdatasync (bench/lib/one-pass.ts); time / limit time ${ratio(onePass)}; CPU per GiB ${perGiB((r) => r.cpu.onePass)}`,
  );
  report.row(`Upload (${BIG / MIB} MiB)`, throughput(BIG, of((r) => r.upload)));
  const upload = of((r) => r.upload / r.limit);
  report.row(
    'Upload time / limit time',
    ratio(upload),
    `${(1 / upload.median).toFixed(2)} of the limit's speed; with openssl as the hash stage: median ${of((r) => r.upload / Math.max(r.openssl, r.write, r.http)).median.toFixed(2)}; upload time / one-pass server time ${ratio(of((r) => r.upload / r.onePass))}`,
    '<= 1.25 (>= 0.8 of the limit)',
    upload.median <= 1.25,
  );
  report.row(
    'Upload CPU per GiB',
    `${perGiB((r) => r.cpu.upload)} (main thread ${perGiB((r) => r.cpu.uploadMain)})`,
    `discarding server ${perGiB((r) => r.cpu.sink)}; dedup re-upload ${perGiB((r) => r.cpu.dedup)}; medians, all threads, with the work after the response`,
  );
  report.row('Upload tail: last byte sent to response', tails((r) => r.tails.upload), `what follows the body (final fsync, commit); discarding server ${tails((r) => r.tails.sink)}`);
  const dedup = of((r) => r.dedup / r.upload);
  const added = Math.max(...rounds.map((r) => r.added));
  const declared = of((r) => r.declared / r.upload);
  report.row('Dedup re-upload, bytes sent', throughput(BIG, of((r) => r.dedup)));
  report.row('Dedup time / first upload time, bytes sent', ratio(dedup), `multipart, as curl or any client sends it; tail ${tails((r) => r.tails.dedup)}`, '<= 1', dedup.median <= 1);
  report.row(
    'Dedup time / first upload time, SHA-256 declared',
    ratio(declared),
    `the client hashes the file, then creates a resumable upload naming the hash, as the web app does for a file it hashed while the file waited in its queue; content the user owns completes at creation (${throughput(BIG, of((r) => r.declared))} in all, the hash included)`,
    '<= 1',
    declared.median <= 1,
  );
  report.row('Storage added by a re-upload', `${(added / 1024).toFixed(1)} KiB`, 'disk objects once the server is idle after the response (the copy is deleted then), worst round', '< 1 MiB', added < MIB);
  const downloads = of((r) => r.nodeDownload / r.download);
  report.row('Download', throughput(BIG, of((r) => r.download)), `Node createReadStream server ${throughput(BIG, of((r) => r.nodeDownload))}, cat ${throughput(BIG, of((r) => r.cat))}`);
  report.row(
    'Download throughput / Node streaming server',
    ratio(downloads),
    `CPU per GiB ${perGiB((r) => r.cpu.download)}, Node server ${perGiB((r) => r.cpu.nodeDownload)}`,
    '>= 0.8',
    downloads.median >= 0.8,
  );
  report.row('Range request (1 MiB from the middle)', `median ${ms(of((r) => r.rangeMs).median)}`);
}

function tusRows(rounds: TusRound[]) {
  const of = (pick: (r: TusRound) => number) => spread(rounds.map(pick));
  const gib = BIG / (1024 * MIB);
  report.row(
    `Resumable upload (${BIG / MIB} MiB, one PATCH)`,
    throughput(BIG, of((r) => r.upload.s)),
    `the multipart uploads' Node client; machine limit of the same rounds ${throughput(BIG, of((r) => r.limit.limit))}`,
  );
  const tus = of((r) => r.upload.s / r.limit.limit);
  report.row('Resumable upload time / limit time', ratio(tus), `${(1 / tus.median).toFixed(2)} of the limit's speed; server CPU per GiB ${of((r) => r.upload.cpu / gib).median.toFixed(2)} s`, '<= 1.25 (>= 0.8 of the limit)', tus.median <= 1.25);
  const patches = [...new Set(rounds.map((r) => r.library.value.patches))].join(', ');
  const library = of((r) => r.library.s / r.limit.limit);
  report.row(
    'Resumable upload by tus-js-client in Node',
    `${throughput(BIG, of((r) => r.library.s))}, ${(1 / library.median).toFixed(2)} of the limit's speed`,
    `its Node build (browsers run its browser build), default chunk size: ${patches} PATCH per file; server CPU per GiB ${of((r) => r.library.cpu / gib).median.toFixed(2)} s`,
  );
  const peak = Math.max(...rounds.map((r) => r.peakRss));
  report.row('Server peak RSS (resumable upload)', mb(peak), 'VmHWM, reset before each upload; worst round', '< 200 MB', peak < 200 * MIB);
}

async function smallFiles(server: BenchServer, token: string, pgDatabase: string | undefined) {
  console.log(`\n${SMALL_FILES} uploads of 4 KiB, 8 clients`);
  const meter = await meterCpu(server.pid, pgDatabase);
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
  const after = await cpuSettled(server.pid);
  latencies.sort((a, b) => a - b);
  const rate = SMALL_FILES / burst.s;
  // Once the server is idle again: the texts read after the responses are part of an upload's cost.
  const cpu = costPer(await meter.stop(), SMALL_FILES, 'file');
  cpu.push(`work after the responses ${after.toFixed(1)} s past the last`);
  report.row('4 KiB uploads, one user', `${rate.toFixed(0)} files/s`, `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}; ${cpu.join(', ')}`, '>= 300 files/s', rate >= 300);
}

function mixedRows(result: MixedResult) {
  const { load, serverCpu } = result;
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const rate = (phase: 'mixed' | 'readOnly') => load[phase].requests / load[phase].seconds;
  const who = `${MIXED.clients} clients, ${load.events.sockets} websockets`;
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
    `VmHWM during the load; RSS ${mb(rss.start)} at start, ${mb(rss.registered)} after ${MIXED.clients} registrations, ${mb(rss.seeded)} after seeding, ${mb(rss.loadStart)} after the setup uploads`,
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
  details.push(
    [
      `Mixed load, per operation (mix: ${mix}; read-only phase: the same without the writes). Setup took ${load.setupSeconds.toFixed(1)} s.`,
      '',
      '| Phase | Operation | Requests | Errors | p50 | p99 | max |',
      '|---|---|---|---|---|---|---|',
      ...opRows,
    ].join('\n'),
  );
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
    mixedRows(mixed);
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
        largeFileRows(await largeFileRounds(server, token, windows, BIG, ROUNDS));
        report.row('Server RSS baseline', mb(baseline));
        report.row('Server peak RSS (large files)', mb(memoryOf(server.pid).peak), 'VmHWM', '< 200 MB', memoryOf(server.pid).peak < 200 * MIB);
      }
      if (sections.has('tus')) {
        console.log(`\nresumable upload (${BIG / MIB} MiB, tus-js-client), ${TUS_ROUNDS} rounds of fresh content`);
        tusRows(await tusRounds(server, token, windows, BIG, TUS_ROUNDS));
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
