import { describe, expect, it } from 'vitest';
import { formatProfile, sourceOf, summarizeProfile, type CpuProfile } from './profile.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

/**
 * root -> handler (server) -> update (native), and root -> (idle).
 * Samples every 10 ms: idle, handler, update, update, handler.
 */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///srv/vault/server/dist/storage/ingest.js', 9), children: [3] },
    { id: 3, callFrame: frame('update') },
    { id: 4, callFrame: frame('(idle)') },
  ],
  startTime: 1_000_000,
  endTime: 1_050_000,
  samples: [4, 2, 3, 3, 2],
  timeDeltas: [0, 10_000, 10_000, 10_000, 10_000],
};

describe('summarizeProfile', () => {
  it('splits sampled time into idle, self and total time by function and by source', () => {
    const summary = summarizeProfile(profile);
    expect(summary.wallMs).toBe(50);
    expect(summary.idleMs).toBe(10);
    expect(summary.byFunction).toEqual([
      { name: 'handler server/storage/ingest.js:10', selfMs: 20, totalMs: 40 },
      { name: 'update (native)', selfMs: 20, totalMs: 20 },
    ]);
    expect(summary.bySource.find((s) => s.name === 'server/storage/ingest.js')).toEqual({ name: 'server/storage/ingest.js', selfMs: 20, totalMs: 40 });
  });

  it('keeps only the samples inside the windows', () => {
    const summary = summarizeProfile(profile, [{ start: 1_020_000, end: 1_040_000 }]);
    expect(summary.wallMs).toBe(20);
    expect(summary.byFunction).toEqual([
      { name: 'update (native)', selfMs: 20, totalMs: 20 },
      { name: 'handler server/storage/ingest.js:10', selfMs: 0, totalMs: 20 },
    ]);
  });

  it('counts a recursive function once per sample in its total', () => {
    const recursive: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('walk', 'node:internal/x', 1), children: [3] },
        { id: 3, callFrame: frame('walk', 'node:internal/x', 1) },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [3],
      timeDeltas: [0],
    };
    expect(summarizeProfile(recursive).byFunction).toEqual([{ name: 'walk node:internal/x:2', selfMs: 10, totalMs: 10 }]);
  });

  it('prints shares of the sampled time', () => {
    const text = formatProfile('upload', summarizeProfile(profile));
    expect(text).toContain('busy 80.0%, idle 20.0%');
    expect(text).toContain('| update (native) | 40.0% | 40.0% |');
  });
});

describe('sourceOf', () => {
  it('names packages, Node modules, server files and native code', () => {
    expect(sourceOf(frame('f', 'file:///w/node_modules/@fastify/busboy/lib/main.js'))).toBe('@fastify/busboy');
    expect(sourceOf(frame('f', 'file:///w/node_modules/kysely/dist/esm/index.js'))).toBe('kysely');
    expect(sourceOf(frame('f', 'node:internal/streams/readable'))).toBe('node:internal/streams/readable');
    expect(sourceOf(frame('f', 'file:///w/server/dist/http/upload.js'))).toBe('server/http/upload.js');
    expect(sourceOf(frame('update'))).toBe('(native)');
    expect(sourceOf(frame('(garbage collector)'))).toBe('(garbage collector)');
  });
});
