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

/** The nearest-rank percentile of values sorted in ascending order; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** Smallest, median and largest of some measurements (in any order). */
export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? NaN, median: percentile(sorted, 50), max: sorted[sorted.length - 1] ?? NaN };
}

export const MIB = 1024 * 1024;

/** Every file under a directory, with its size. */
export function filesUnder(dir: string): { file: string; size: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [{ file: full, size: fs.statSync(full).size }];
  });
}

/** Bytes under a directory (what the disk store holds). */
export function diskBytes(dir: string): number {
  return filesUnder(dir).reduce((sum, f) => sum + f.size, 0);
}
