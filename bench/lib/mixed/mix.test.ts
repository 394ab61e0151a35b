import { describe, expect, it } from 'vitest';
import { EventLedger, MIX, audienceOf, chooser, deliveryGaps, mergeAudiences, nextSharing, prng } from './mix.js';

describe('the mix', () => {
  it('weighs to 100 percent', () => {
    expect(MIX.reduce((sum, e) => sum + e.weight, 0)).toBe(100);
  });

  it('picks each operation in proportion to its weight', () => {
    const pick = chooser(MIX);
    const counts = new Map<string, number>();
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const op = pick((i + 0.5) / n);
      counts.set(op, (counts.get(op) ?? 0) + 1);
    }
    for (const entry of MIX) expect(counts.get(entry.op)).toBe(entry.weight * (n / 100));
  });

  it('picks only among the entries it was given', () => {
    const pick = chooser(MIX.filter((e) => e.readOnly));
    const rand = prng(1);
    for (let i = 0; i < 1000; i++) expect(['list', 'search', 'download', 'stats']).toContain(pick(rand()));
  });
});

describe('prng', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = prng(42);
    const b = prng(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('event audiences', () => {
  it('cycles a file through private, shared and public', () => {
    expect(nextSharing('private')).toBe('shared');
    expect(nextSharing('shared')).toBe('public');
    expect(nextSharing('public')).toBe('private');
  });

  it('reaches the owner, the neighbour while shared, everyone while public', () => {
    expect(audienceOf(3, 4, 'private')).toEqual({ public: false, users: [3] });
    expect(audienceOf(3, 4, 'shared')).toEqual({ public: false, users: [3, 4] });
    expect(audienceOf(3, 4, 'public').public).toBe(true);
  });

  it('sends a share change to the audience before and after it', () => {
    expect(mergeAudiences(audienceOf(3, 4, 'shared'), audienceOf(3, 4, 'public'))).toEqual({ public: true, users: [3, 4] });
    expect(mergeAudiences(audienceOf(3, 4, 'private'), audienceOf(3, 4, 'shared'))).toEqual({ public: false, users: [3, 4] });
  });
});

describe('EventLedger', () => {
  it('expects a public event on every socket and a private one on its users only, once each', () => {
    const ledger = new EventLedger(3);
    ledger.expect({ public: true, users: [] });
    ledger.expect({ public: false, users: [1, 1, 2] });
    expect([0, 1, 2].map((u) => ledger.expectedFor(u))).toEqual([1, 2, 2]);
  });
});

describe('deliveryGaps', () => {
  it('counts missing and surplus events per socket without netting them out', () => {
    expect(deliveryGaps([5, 5, 5], [5, 3, 6])).toEqual({ lost: 2, unexpected: 1 });
  });
});
