import type { BusMessage } from '../../src/events/bus.js';
import type { TestServer } from './server.js';

/** Every message the server's bus carries from now until `stop`, with its audience. */
export function recordEvents(t: TestServer): { messages: BusMessage[]; stop: () => void } {
  const messages: BusMessage[] = [];
  const stop = t.server.ctx.events.subscribe((m) => messages.push(m));
  return { messages, stop };
}

/** The first message from now on that `matches`: on PostgreSQL, messages arrive after the response that caused them. */
export function nextEvent(t: TestServer, matches: (m: BusMessage) => boolean): Promise<BusMessage> {
  return new Promise((resolve) => {
    const stop = t.server.ctx.events.subscribe((m) => {
      if (!matches(m)) return;
      stop();
      resolve(m);
    });
  });
}
