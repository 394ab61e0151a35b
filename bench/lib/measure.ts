import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; s: number }> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { value, s: seconds(start) };
}

export function timedSync(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return seconds(start);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const MIB = 1024 * 1024;

/** What this machine can do with the same file, measured in the same run. */
export function machineLimits(file: string, dataDir: string) {
  const copy = path.join(dataDir, 'bench-copy');
  const sha256sum = timedSync(() => execFileSync('sha256sum', [file]));
  const copyFsync = timedSync(() => execFileSync('dd', [`if=${file}`, `of=${copy}`, 'bs=1M', 'conv=fsync', 'status=none']));
  fs.rmSync(copy);
  const cat = timedSync(() => execFileSync('sh', ['-c', `cat '${file}' > /dev/null`]));
  return { sha256sum, copyFsync, cat };
}

/** Bytes under a directory (what the disk store holds). */
export function diskBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? diskBytes(full) : fs.statSync(full).size;
  }
  return total;
}
