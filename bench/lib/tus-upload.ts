// The resumable path: a large file sent through /api/uploads in one PATCH by the
// same Node client as the multipart uploads and the discarding server they are
// compared with, against the machine limit measured on the same fresh file,
// with the server's peak memory during that upload; then by tus-js-client's
// Node build at its default chunk size (one PATCH too), for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_ID_HEADER, RESUMABLE_UPLOADS_PATH } from '@vault/contract';
import * as tus from 'tus-js-client';
import { deleteFile, streamRequest } from './http.js';
import { costed, machineLimit, makeBigFile, untilFreedPagesReturned, type Costed, type Limit } from './large-file.js';
import { MIB, spread } from './measure.js';
import type { ProfileWindows } from './profile.js';
import { startReferenceServer } from './reference.js';
import { mb, ratio, throughput, type Report } from './report.js';
import { memoryOf, resetPeakMemory, type BenchServer } from './server.js';

export interface TusRound {
  limit: Limit;
  /** The upload, from creation to the answer of its PATCH. */
  upload: Costed<{ fileId: number }>;
  /** The same by tus-js-client, from creation to the answer of the last PATCH. */
  library: Costed<{ patches: number; fileId: number }>;
  /** The server's resident-memory high-water mark during the upload, in bytes. */
  peakRss: number;
}

/** Sends `file` with tus-js-client's defaults (one PATCH for the whole file); resolves the PATCH count and the stored file. */
function tusUpload(url: string, token: string, file: string): Promise<{ patches: number; fileId: number }> {
  let patches = 0;
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(fs.createReadStream(file), {
      endpoint: `${url}${RESUMABLE_UPLOADS_PATH}`,
      uploadSize: fs.statSync(file).size,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: path.basename(file) },
      onBeforeRequest: (req) => void (req.getMethod() === 'PATCH' && (patches += 1)),
      onSuccess: ({ lastResponse }) => resolve({ patches, fileId: Number(lastResponse.getHeader(FILE_ID_HEADER)) }),
      onError: reject,
    });
    upload.start();
  });
}

/** Creates an upload of `file` and sends it whole in one PATCH; resolves the stored file. */
async function resumableUpload(url: string, token: string, file: string): Promise<{ fileId: number }> {
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${url}${RESUMABLE_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(fs.statSync(file).size), 'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}` },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`resumable upload not created: ${created.status} ${await created.text()}`);
  const sent = await streamRequest(new URL(location, url).toString(), 'PATCH', { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, file);
  const fileId = Number(sent.headers[FILE_ID_HEADER.toLowerCase()]);
  if (sent.status !== 204 || !fileId) throw new Error(`resumable upload failed: ${sent.status} ${sent.text}`);
  return { fileId };
}

/** `rounds` rounds on fresh files of `size` bytes, each printed as it ends. */
export async function tusRounds(server: BenchServer, token: string, windows: ProfileWindows, size: number, rounds: number): Promise<TusRound[]> {
  const reference = await startReferenceServer();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-tus-'));
  const big = path.join(work, 'big.zip');
  const results: TusRound[] = [];
  try {
    for (let i = 1; i <= rounds; i++) {
      makeBigFile(big, size);
      const limit = await machineLimit(server, token, big, reference);
      resetPeakMemory(server.pid);
      // From the same state of memory as the limit's write stage (see untilFreedPagesReturned).
      await untilFreedPagesReturned();
      const upload = await windows.mark('resumable upload', () => costed(server.pid, () => resumableUpload(server.url, token, big)));
      const peakRss = memoryOf(server.pid).peak;
      await deleteFile(server.url, token, upload.value.fileId);
      await untilFreedPagesReturned();
      const library = await costed(server.pid, () => tusUpload(server.url, token, big));
      await deleteFile(server.url, token, library.value.fileId);
      results.push({ limit, upload, library, peakRss });
      console.log(
        `  round ${i}: limit ${limit.limit.toFixed(2)} s (${limit.slowest}; node hash ${limit.nodeHash.toFixed(2)} s, write+fsync ${limit.write.toFixed(2)} s, HTTP ${limit.http.toFixed(2)} s); ` +
          `one PATCH ${upload.s.toFixed(2)} s (${(upload.s / limit.limit).toFixed(2)}x, ${(size / MIB / upload.s).toFixed(0)} MiB/s), server CPU ${upload.cpu.toFixed(2)} s, peak RSS ${(peakRss / MIB).toFixed(0)} MB; ` +
          `tus-js-client ${library.s.toFixed(2)} s in ${library.value.patches} PATCH (${(library.s / limit.limit).toFixed(2)}x), server CPU ${library.cpu.toFixed(2)} s`,
      );
    }
  } finally {
    reference.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return results;
}

/** The resumable rounds' rows, against the machine limit of the same rounds. */
export function tusRows(report: Report, rounds: TusRound[], size: number): void {
  const of = (pick: (r: TusRound) => number) => spread(rounds.map(pick));
  const gib = size / (1024 * MIB);
  report.row(
    `Resumable upload (${size / MIB} MiB, one PATCH)`,
    throughput(size, of((r) => r.upload.s)),
    `the multipart uploads' Node client; machine limit of the same rounds ${throughput(size, of((r) => r.limit.limit))}`,
  );
  const tus = of((r) => r.upload.s / r.limit.limit);
  report.row('Resumable upload time / limit time', ratio(tus), `${(1 / tus.median).toFixed(2)} of the limit's speed; server CPU per GiB ${of((r) => r.upload.cpu / gib).median.toFixed(2)} s`, '<= 1.25 (>= 0.8 of the limit)', tus.median <= 1.25);
  const patches = [...new Set(rounds.map((r) => r.library.value.patches))].join(', ');
  const library = of((r) => r.library.s / r.limit.limit);
  report.row(
    'Resumable upload by tus-js-client in Node',
    `${throughput(size, of((r) => r.library.s))}, ${(1 / library.median).toFixed(2)} of the limit's speed`,
    `its Node build (browsers run its browser build), default chunk size: ${patches} PATCH per file; server CPU per GiB ${of((r) => r.library.cpu / gib).median.toFixed(2)} s`,
  );
  const peak = Math.max(...rounds.map((r) => r.peakRss));
  report.row('Server peak RSS (resumable upload)', mb(peak), 'VmHWM, reset before each upload; worst round', '< 200 MB', peak < 200 * MIB);
}
