/**
 * Calls made while a batch runs wait for it and go together into the next
 * one (at most `max` of them, in call order): a burst costs one round trip,
 * and a lone call is never held back by a timer. `run` settles each item of
 * its batch; if it throws, every item of the batch fails with its error.
 */
export function coalesce<I, R>(max: number, run: (items: I[]) => Promise<PromiseSettledResult<R>[]>): (item: I) => Promise<R> {
  const queue: { item: I; resolve(value: R): void; reject(reason: unknown): void }[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, max);
      let outcomes: PromiseSettledResult<R>[];
      try {
        outcomes = await run(batch.map((b) => b.item));
      } catch (reason) {
        outcomes = batch.map(() => ({ status: 'rejected', reason }));
      }
      batch.forEach((b, i) => {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') b.resolve(outcome.value);
        else b.reject(outcome.reason);
      });
    }
    running = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

/** Each item's outcome, all of them fulfilled with `values`. */
export const allFulfilled = <R>(values: R[]): PromiseSettledResult<R>[] => values.map((value) => ({ status: 'fulfilled', value }));
