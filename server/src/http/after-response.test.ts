import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackground } from '../background.js';
import type { DomainContext } from '../domain/shared/context.js';
import { registerRequestContext } from './after-response.js';

const quiet = { info() {}, warn() {}, error() {} };
const app = Fastify();
afterEach(async () => {
  await app.close();
});

describe('registerRequestContext', () => {
  it("holds what any route defers until that route's response has been sent", async () => {
    const background = createBackground(quiet);
    registerRequestContext(app, { background } as DomainContext);
    const seen: string[] = [];
    app.get('/any', async (request) => {
      request.ctx.background.defer('note the task', async () => void seen.push('task'));
      // Turns of the event loop in which unheld work would already have run.
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push('response');
      return { ok: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const res = await fetch(`${url}/any`);
    expect(await res.json()).toEqual({ ok: true });
    await background.idle();
    expect(seen).toEqual(['response', 'task']);
  });
});
