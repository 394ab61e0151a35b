import { randomBytes } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { register, uploadMultipart } from '../lib/http.js';
import { spread, timed } from '../lib/measure.js';

export type AddRow = (measure: string, result: string, reference?: string, target?: string, ok?: boolean | null) => void;

const CONTENT_BYTES = 64 * 1024;
/** Lets the server finish what it does after answering, so that no trial inherits another's work. */
const SETTLE_MS = 25;
/** Within noise: a difference this small cannot tell one user what another holds. */
const NOISE_MS = 0.2;

const content = () => Buffer.from(randomBytes(CONTENT_BYTES / 2).toString('hex'));

let uploads = 0;

/** Each upload under a name of its own: the other user keeps every file, and a taken name is refused. */
async function uploadAs(url: string, token: string, body: Buffer): Promise<number> {
  const res = await uploadMultipart(url, token, { name: `timing-${++uploads}.txt`, file: body });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return res.files[0]!.id;
}

async function deleteAs(url: string, token: string, id: number): Promise<void> {
  const res = await fetch(`${url}/api/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 204) throw new Error(`delete failed: ${res.status}`);
}

const median = (ms: number[]) => spread(ms).median;
const mean = (ms: number[]) => ms.reduce((sum, m) => sum + m, 0) / ms.length;

/**
 * Whether a response tells a user that somebody else holds the same content:
 * the latency of deleting, and of uploading, content that another user also
 * holds against content nobody else holds. Both kinds of trial send the same
 * requests (the other user uploads something first either way, the same
 * content or not) and each trial runs one of each, in alternating order, so
 * load and drift hit both alike.
 */
export async function dedupTiming(url: string, trials: number, row: AddRow): Promise<void> {
  const owner = await register(url, 'timing-owner');
  const other = await register(url, 'timing-other');
  const ms = { delete: { shared: [] as number[], unshared: [] as number[] }, upload: { shared: [] as number[], unshared: [] as number[] } };
  const measure = async <T>(into: number[], op: () => Promise<T>): Promise<T> => {
    await pause(SETTLE_MS);
    const t = await timed(op);
    into.push(t.s * 1000);
    await pause(SETTLE_MS);
    return t.value;
  };
  for (let i = 0; i < trials; i++) {
    for (const kind of i % 2 ? (['shared', 'unshared'] as const) : (['unshared', 'shared'] as const)) {
      const mine = content();
      await uploadAs(url, other.token, kind === 'shared' ? mine : content());
      const id = await uploadAs(url, owner.token, mine);
      await measure(ms.delete[kind], () => deleteAs(url, owner.token, id));

      const next = content();
      await uploadAs(url, other.token, kind === 'shared' ? next : content());
      const uploaded = await measure(ms.upload[kind], () => uploadAs(url, owner.token, next));
      await deleteAs(url, owner.token, uploaded);
    }
  }
  const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(2)}`;
  for (const op of ['delete', 'upload'] as const) {
    const { shared, unshared } = ms[op];
    // Each trial measured both kinds back to back: the median of its differences. Where the latency has two
    // modes (an fsync of 2 or of 5 ms), the difference of the two medians moves with how the trials fell
    // between the modes, by more than the shift it is meant to show.
    const diff = median(shared.map((s, i) => s - unshared[i]!));
    const meanDiff = mean(shared) - mean(unshared);
    row(
      `${op === 'delete' ? 'Delete' : 'Upload'} latency: shared vs unshared content`,
      `Δ ${signed(diff)} ms (p50 ${median(shared).toFixed(2)} vs ${median(unshared).toFixed(2)} ms)`,
      `median of the ${trials} trials' differences; the means' difference ${signed(meanDiff)} ms; ${CONTENT_BYTES / 1024} KiB`,
      `Δ within ±${NOISE_MS} ms`,
      Math.abs(diff) < NOISE_MS,
    );
  }
}
