import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forcedYoungCollections } from '../../test/helpers/collections.js';
import { YOUNG_EVERY } from '../body-memory.js';
import { watchBody } from './body-watch.js';

describe('watchBody', () => {
  it('has the young generation collected as a large body is read, so that its buffers go without full collections', async () => {
    const body = Object.assign(new PassThrough(), { complete: false });
    const stop = watchBody(body as unknown as IncomingMessage, 60_000, () => undefined, () => undefined);
    const chunk = Buffer.alloc(64 * 1024);
    const collections = await forcedYoungCollections(async () => {
      for (let read = 0; read < 3 * YOUNG_EVERY; read += chunk.length) {
        body.write(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      body.end();
    });
    stop();
    expect(collections).toBeGreaterThanOrEqual(2);
  });
});
