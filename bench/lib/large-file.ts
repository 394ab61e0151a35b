// The large-file rounds: on a fresh file each round, the stages of the machine
// limit, then Vault's upload, re-upload (dedup) and download of the same bytes.
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { curlDownload, curlUpload, declaredUpload, deleteFile, download, uploadMultipart, uploadOnePass, type UploadAnswer } from './http.js';
import { MIB, diskBytes, filesUnder, spread, timed } from './measure.js';
import type { ProfileWindows } from './profile.js';
import { catFile, nodeSha256, opensslSha256, startReferenceServer, writeDirect, writeFlushing, writeFsync } from './reference.js';
import { ms, ratio, throughput, type Report } from './report.js';
import { cpuSecondsOf, cpuSettled, type BenchServer } from './server.js';

export interface Round {
  /** Seconds of each stage of the limit, each timed alone. */
  nodeHash: number;
  openssl: number;
  /** The write stage: the fastest of `dd` (write, then fsync), a progressively flushing writer and `dd` around the page cache. */
  write: number;
  dd: number;
  flushing: number;
  direct: number;
  /** The HTTP stage (see Limit): the Node client's upload into the discarding server, curl's, the faster. */
  sink: number;
  curlSink: number;
  http: number;
  /** The slowest of the Node hash, the write and the HTTP upload, and its name. */
  limit: number;
  slowest: string;
  /** The reference server's one-pass upload (one-pass.ts): the limit's stages run together by a Node server that does nothing else. */
  onePass: number;
  /** Seconds of Vault's upload, re-upload and download, the Node server's download and cat. */
  upload: number;
  dedup: number;
  /** The re-upload with the content's SHA-256 declared (declaredUpload): the client's hash and the creation's answer. */
  declared: number;
  download: number;
  nodeDownload: number;
  cat: number;
  /** Milliseconds from the last byte sent to the response. */
  tails: { sink: number; upload: number; dedup: number };
  /** CPU seconds per GiB, all threads (uploadMain: Vault's main thread only). */
  cpu: { sink: number; onePass: number; upload: number; uploadMain: number; dedup: number; download: number; nodeDownload: number };
  /** Bytes the re-upload left in the store. */
  added: number;
  /** A 1 MiB range from the middle, in ms. */
  rangeMs: number;
}

/** A ZIP-signed file of random bytes, fsynced (so its write-back does not disturb what follows). */
export function makeBigFile(file: string, size: number) {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(MIB);
  try {
    for (let written = 0; written < size; written += MIB) {
      randomFillSync(chunk);
      if (written === 0) chunk.writeUInt32LE(0x04034b50, 0);
      fs.writeSync(fd, chunk, 0, Math.min(MIB, size - written));
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A result, the seconds it took and the CPU seconds a process used meanwhile: all its threads, and its main thread. */
export interface Costed<T> {
  value: T;
  s: number;
  cpu: number;
  mainCpu: number;
}

/** Times `fn`, and the CPU seconds process `pid` used meanwhile. */
export async function costed<T>(pid: number, fn: () => Promise<T>, opts: { settle?: boolean } = {}): Promise<Costed<T>> {
  const [all, main] = [cpuSecondsOf(pid), cpuSecondsOf(pid, true)];
  const result = await timed(fn);
  // The time is the request's; the CPU also counts the work it left for after the response.
  if (opts.settle) await cpuSettled(pid);
  return { ...result, cpu: cpuSecondsOf(pid) - all, mainCpu: cpuSecondsOf(pid, true) - main };
}

export type ReferenceServer = Awaited<ReturnType<typeof startReferenceServer>>;

/**
 * Waits until the memory the stages before freed is back with the host. A
 * virtual machine may hand its free pages back (Linux's free page reporting,
 * a few seconds after they are freed), and then each page written into the
 * page cache is faulted in from the host again. Writing 1 GiB cost 0.25 to
 * 0.33 s of kernel time right after another GiB was freed, and 1.1 to 1.8 s
 * five seconds later (same machine, alternating). The limit's write stage
 * ran right after `dd` freed its copy, and Vault's upload seconds later: the
 * stage wrote into recycled pages and the upload could not. So both timed
 * fresh writes start after this wait, from the same state.
 */
export const untilFreedPagesReturned = () => new Promise((resolve) => setTimeout(resolve, 5000));

/** The stages of the machine limit, each timed alone on `big`, and the slowest of them. */
export interface Limit {
  nodeHash: number;
  /** The file's SHA-256, from the hash stage. */
  sha256: string;
  openssl: number;
  write: number;
  dd: number;
  flushing: number;
  direct: number;
  /** The multipart upload into the discarding server by the bench's Node client (its tail and the server's CPU are reported). */
  sink: Costed<UploadAnswer>;
  /** The same upload by curl. */
  curlSink: number;
  /** The HTTP stage: the faster of the two clients. */
  http: number;
  limit: number;
  slowest: string;
}

export async function machineLimit(server: BenchServer, token: string, big: string, reference: ReferenceServer): Promise<Limit> {
  const { s: nodeHash, hex: sha256 } = nodeSha256(big);
  const openssl = opensslSha256(big);
  const dd = writeFsync(big, server.dataDir);
  await untilFreedPagesReturned();
  const flushing = await writeFlushing(big, server.dataDir);
  const direct = writeDirect(big, server.dataDir);
  const write = Math.min(dd, flushing, direct);
  const sink = await costed(reference.pid, () => uploadMultipart(reference.url, token, { name: 'big.zip', file: big }));
  const curlSink = (await timed(() => curlUpload(`${reference.url}/`, big))).s;
  const http = Math.min(sink.s, curlSink);
  const stages = { 'Node SHA-256': nodeHash, 'write + fsync': write, 'HTTP upload': http };
  const [slowest, limit] = Object.entries(stages).sort((a, b) => b[1] - a[1])[0]!;
  return { nodeHash, sha256, openssl, write, dd, flushing, direct, sink, curlSink, http, limit, slowest };
}

async function round(server: BenchServer, token: string, windows: ProfileWindows, big: string, size: number, reference: ReferenceServer): Promise<Round> {
  const objects = path.join(server.dataDir, 'objects');
  makeBigFile(big, size);
  const { nodeHash, sha256, openssl, write, dd, flushing, direct, sink, curlSink, http, limit, slowest } = await machineLimit(server, token, big, reference);
  await untilFreedPagesReturned();
  // From the same state as Vault's upload: the wait before each.
  const onePassFile = path.join(server.dataDir, 'bench-one-pass');
  const onePass = await costed(reference.pid, () => uploadOnePass(reference.onePassUrl(onePassFile), big));
  fs.rmSync(onePassFile, { force: true });
  if (onePass.value.status !== 201 || onePass.value.size !== size || onePass.value.sha256 !== sha256) throw new Error(`one-pass upload stored something else: ${JSON.stringify(onePass.value)}`);
  await untilFreedPagesReturned();
  const earlier = new Set(filesUnder(objects).map((f) => f.file));
  const up = await windows.mark('upload', () => costed(server.pid, () => uploadMultipart(server.url, token, { name: 'big.zip', file: big }), { settle: true }));
  if (up.value.status !== 201) throw new Error(`upload failed: ${JSON.stringify(up.value)}`);
  const before = diskBytes(objects);
  // Settled: the copy's object is deleted after the response.
  const again = await windows.mark('dedup', () => costed(server.pid, () => uploadMultipart(server.url, token, { name: 'big copy.zip', file: big }), { settle: true }));
  if (again.value.status !== 201) throw new Error(`re-upload failed: ${JSON.stringify(again.value)}`);
  const added = diskBytes(objects) - before;
  const declared = await windows.mark('declared', () => costed(server.pid, () => declaredUpload(server.url, token, 'big declared.zip', big)));

  const id = up.value.files[0]!.id;
  const url = `${server.url}/api/files/${id}/download`;
  // This round's object: earlier rounds' (of the same size) may still wait for their deletion.
  const stored = filesUnder(objects).find((f) => f.size === size && !earlier.has(f.file))!.file;
  // Both servers and cat read the object from the page cache: a large object
  // is written around it, and the first to read it would pay for the others.
  catFile(stored);
  const dl = await windows.mark('download', () => costed(server.pid, () => curlDownload(url, token)));
  if (dl.value !== size) throw new Error(`download returned ${dl.value} bytes`);
  const nodeDl = await costed(reference.pid, () => curlDownload(reference.downloadUrl(stored), token));
  const cat = catFile(stored);
  const mid = Math.floor(size / 2);
  const range = await timed(() => download(url, token, `bytes=${mid}-${mid + MIB - 1}`));
  await deleteFile(server.url, token, id);
  await deleteFile(server.url, token, again.value.files[0]!.id);
  await deleteFile(server.url, token, declared.value.fileId);

  const gib = size / (1024 * MIB);
  return {
    nodeHash,
    openssl,
    write,
    dd,
    flushing,
    direct,
    sink: sink.s,
    curlSink,
    http,
    limit,
    slowest,
    onePass: onePass.s,
    upload: up.s,
    dedup: again.s,
    declared: declared.s,
    download: dl.s,
    nodeDownload: nodeDl.s,
    cat,
    tails: { sink: sink.value.tailMs, upload: up.value.tailMs, dedup: again.value.tailMs },
    cpu: {
      sink: sink.cpu / gib,
      onePass: onePass.cpu / gib,
      upload: up.cpu / gib,
      uploadMain: up.mainCpu / gib,
      dedup: again.cpu / gib,
      download: dl.cpu / gib,
      nodeDownload: nodeDl.cpu / gib,
    },
    added,
    rangeMs: range.s * 1000,
  };
}

/** `rounds` rounds on fresh files of `size` bytes, each printed as it ends. */
export async function largeFileRounds(server: BenchServer, token: string, windows: ProfileWindows, size: number, rounds: number): Promise<Round[]> {
  const reference = await startReferenceServer();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-files-'));
  const results: Round[] = [];
  try {
    for (let i = 1; i <= rounds; i++) {
      const r = await round(server, token, windows, path.join(work, 'big.zip'), size, reference);
      results.push(r);
      console.log(
        `  round ${i}: node hash ${r.nodeHash.toFixed(2)} s, openssl ${r.openssl.toFixed(2)} s, write+fsync ${r.write.toFixed(2)} s (dd ${r.dd.toFixed(2)}, flushing ${r.flushing.toFixed(2)}, direct ${r.direct.toFixed(2)}), sink ${r.sink.toFixed(2)} s (curl ${r.curlSink.toFixed(2)} s) -> limit ${r.limit.toFixed(2)} s (${r.slowest}); ` +
          `one-pass server ${r.onePass.toFixed(2)} s; upload ${r.upload.toFixed(2)} s (${(r.upload / r.limit).toFixed(2)}x, tail ${r.tails.upload.toFixed(0)} ms), dedup ${r.dedup.toFixed(2)} s (tail ${r.tails.dedup.toFixed(0)} ms), declared ${r.declared.toFixed(2)} s; ` +
          `download ${r.download.toFixed(2)} s, node ${r.nodeDownload.toFixed(2)} s, cat ${r.cat.toFixed(2)} s`,
      );
    }
  } finally {
    reference.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return results;
}

/** The large-file rounds' rows: the machine limit's stages, then Vault's upload, re-uploads and downloads against them. */
export function largeFileRows(report: Report, rounds: Round[], size: number): void {
  const of = (pick: (r: Round) => number) => spread(rounds.map(pick));
  const tails = (pick: (r: Round) => number) => {
    const s = of(pick);
    return `median ${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  };
  const perGiB = (pick: (r: Round) => number) => `${of(pick).median.toFixed(2)} s`;
  const slowest = new Map<string, number>();
  for (const r of rounds) slowest.set(r.slowest, (slowest.get(r.slowest) ?? 0) + 1);

  report.row('Machine: SHA-256, Node crypto, 1 MiB reads', throughput(size, of((r) => r.nodeHash)), 'the hash stage of the limit: the server hashes with Node');
  report.row('Machine: SHA-256, `openssl dgst -sha256`', throughput(size, of((r) => r.openssl)), 'for comparison: what the CPU does outside Node');
  report.row(
    'Machine: write + fsync into the data directory',
    throughput(size, of((r) => r.write)),
    `the fastest of \`dd bs=1M conv=fsync\` (write, then one fsync: ${throughput(size, of((r) => r.dd))}), 8 MiB writes flushed every 32 MiB (${throughput(size, of((r) => r.flushing))}) and \`dd bs=4M oflag=direct conv=fsync\` (around the page cache: ${throughput(size, of((r) => r.direct))})`,
  );
  report.row(
    'Machine: multipart upload into a discarding Node server',
    throughput(size, of((r) => r.http)),
    `loopback; the faster of curl (${throughput(size, of((r) => r.curlSink))}) and the bench's Node client, which sends Vault's uploads (${throughput(size, of((r) => r.sink))})`,
  );
  report.row(
    'Machine limit: the slowest stage',
    throughput(size, of((r) => r.limit)),
    `slowest: ${[...slowest].map(([k, v]) => `${k} ${v}/${rounds.length}`).join(', ')}`,
  );
  const onePass = of((r) => r.onePass / r.limit);
  report.row(
    'One-pass Node server: the stages together',
    throughput(size, of((r) => r.onePass)),
    `the reference server stores the upload and does nothing else: the multipart part found with Buffer.indexOf, SHA-256 on a thread, direct writes, fdatasync (bench/lib/one-pass.ts); time / limit time ${ratio(onePass)}; CPU per GiB ${perGiB((r) => r.cpu.onePass)}`,
  );
  report.row(`Upload (${size / MIB} MiB)`, throughput(size, of((r) => r.upload)));
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
  report.row('Dedup re-upload, bytes sent', throughput(size, of((r) => r.dedup)));
  report.row('Dedup time / first upload time, bytes sent', ratio(dedup), `multipart, as curl or any client sends it; tail ${tails((r) => r.tails.dedup)}`, '<= 1', dedup.median <= 1);
  report.row(
    'Dedup time / first upload time, SHA-256 declared',
    ratio(declared),
    `the client hashes the file, then creates a resumable upload naming the hash, as the web app does for a file it hashed while the file waited in its queue; content the user owns completes at creation (${throughput(size, of((r) => r.declared))} in all, the hash included)`,
    '<= 1',
    declared.median <= 1,
  );
  report.row('Storage added by a re-upload', `${(added / 1024).toFixed(1)} KiB`, 'disk objects once the server is idle after the response (the copy is deleted then), worst round', '< 1 MiB', added < MIB);
  const downloads = of((r) => r.nodeDownload / r.download);
  report.row('Download', throughput(size, of((r) => r.download)), `Node createReadStream server ${throughput(size, of((r) => r.nodeDownload))}, cat ${throughput(size, of((r) => r.cat))}`);
  report.row(
    'Download throughput / Node streaming server',
    ratio(downloads),
    `CPU per GiB ${perGiB((r) => r.cpu.download)}, Node server ${perGiB((r) => r.cpu.nodeDownload)}`,
    '>= 0.8',
    downloads.median >= 0.8,
  );
  report.row('Range request (1 MiB from the middle)', `median ${ms(of((r) => r.rangeMs).median)}`);
}
