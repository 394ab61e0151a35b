// npx tsx bench/scenarios/zip-memory.ts [--gib=1]: the server's memory while it
// streams a zip of a folder holding `gib` GiB, and how fast. Files are stored
// zips of random bytes (STORE entries), so the time is the streaming itself.
// Copies of one 100 MiB content fill the folder: the archive still reads and
// writes every byte of each entry.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { register, uploadMultipart } from '../lib/http.js';
import { memoryOf, resetPeakMemory, startServer } from '../lib/server.js';

const MIB = 1024 * 1024;
const gib = Number(process.argv.find((a) => a.startsWith('--gib='))?.slice(6) ?? 1);
const FILE_BYTES = 100 * MIB;
const copies = Math.ceil((gib * 1024 * MIB) / FILE_BYTES);

/** A zip's local header, then random bytes: accepted as a .zip, incompressible. */
function zipLike(size: number): Buffer {
  const content = randomBytes(size);
  content.writeUInt32LE(0x04034b50, 0);
  return content;
}

const server = await startServer({ MAX_FILE_MB: '200' });
try {
  const { token } = await register(server.url, `zipbench_${Date.now()}`);
  const json = async (method: string, path: string, body: unknown) => {
    const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as Record<string, { id: number }>;
  };
  const folder = (await json('POST', '/api/folders', { name: 'Big folder' })).folder!;
  const content = zipLike(FILE_BYTES);
  for (let i = 0; i < copies; i++) {
    const answer = await uploadMultipart(server.url, token, { name: `part-${i}.zip`, file: content });
    await json('PUT', `/api/files/${answer.files[0]!.id}`, { folder_id: folder.id });
  }
  const before = memoryOf(server.pid);
  resetPeakMemory(server.pid);
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    http.get(`${server.url}/api/folders/${folder.id}/download`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(server.pid);
  console.log(
    JSON.stringify({
      folder_bytes: copies * FILE_BYTES,
      archive_bytes: bytes,
      seconds: Number(seconds.toFixed(2)),
      mib_per_s: Number((bytes / MIB / seconds).toFixed(1)),
      server_rss_before_mib: Number((before.rss / MIB).toFixed(1)),
      server_rss_peak_during_mib: Number((after.peak / MIB).toFixed(1)),
      growth_mib: Number(((after.peak - before.rss) / MIB).toFixed(1)),
    }),
  );
} finally {
  await server.stop();
}
