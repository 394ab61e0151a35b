import { MIB, type Spread } from './measure.js';

export interface Row {
  measure: string;
  result: string;
  reference: string;
  target: string;
  /** Whether the target is met; null when there is none. Printed, never asserted. */
  ok: boolean | null;
}

/** The result table, printed as it fills and written as Markdown at the end. */
export class Report {
  readonly rows: Row[] = [];

  row(measure: string, result: string, reference = '', target = '', ok: boolean | null = null): void {
    this.rows.push({ measure, result, reference, target, ok });
    console.log(`  ${measure}: ${result}${reference ? ` (${reference})` : ''}${target ? ` [target ${target}${ok === null ? '' : ok ? ' ✓' : ' ✗'}]` : ''}`);
  }

  markdown(): string {
    const lines = this.rows.map((r) => `| ${r.measure} | ${r.result} | ${r.reference} | ${r.target}${r.ok === null ? '' : r.ok ? ' ✓' : ' ✗'} |`);
    return ['| Measure | Result | Reference | Target |', '|---|---|---|---|', ...lines].join('\n');
  }
}

const mbps = (bytes: number, s: number) => `${(bytes / MIB / s).toFixed(0)} MB/s`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / MIB).toFixed(0)} MB`;

/** Throughput of `bytes` over several timings: the median, and the range. */
export function throughput(bytes: number, seconds: Spread): string {
  return `${mbps(bytes, seconds.median)} (${(bytes / MIB / seconds.max).toFixed(0)}–${(bytes / MIB / seconds.min).toFixed(0)})`;
}

/** A ratio over several rounds: min and median. */
export function ratio(values: Spread, digits = 2): string {
  return `min ${values.min.toFixed(digits)}, median ${values.median.toFixed(digits)}`;
}
