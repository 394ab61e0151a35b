const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `now` until `at`, a part of a day counting as one; 0 once it is due. */
export function daysLeft(at: string | Date, now: Date = new Date()): number {
  const ms = new Date(at).getTime() - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}
