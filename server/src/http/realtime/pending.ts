/**
 * Sockets of each address that have not authenticated yet. Each may stay open
 * for the whole authentication window, so without a cap one address could hold
 * any number of them.
 */
export interface PendingSockets {
  /** Counts a new socket of `address`; returns the function that stops counting it, or undefined when the address is at the cap. */
  enter(address: string): (() => void) | undefined;
}

export function createPendingSockets(maxPerAddress: number): PendingSockets {
  const counts = new Map<string, number>();
  return {
    enter(address) {
      const count = counts.get(address) ?? 0;
      if (count >= maxPerAddress) return undefined;
      counts.set(address, count + 1);
      let counted = true;
      return () => {
        if (!counted) return;
        counted = false;
        const left = counts.get(address)! - 1;
        if (left === 0) counts.delete(address);
        else counts.set(address, left);
      };
    },
  };
}
