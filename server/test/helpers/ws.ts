import { WebSocket, type ClientOptions } from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

/** A real websocket client that records every frame it receives. */
export interface TestSocket {
  socket: WebSocket;
  /** Every text frame received, raw, in order. */
  frames: string[];
  /** Parsed frames other than the ready message. */
  events(): Array<Record<string, unknown>>;
  /** Resolves with the first frame (parsed), already received or still to come, that matches; rejects after 5 s. */
  next(match: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<Closed>;
  close(): void;
}

/** Far longer than any delivery takes; a missing frame then fails with what did arrive. */
const NEXT_TIMEOUT_MS = 5_000;

export function wsUrl(baseUrl: string, token?: string): string {
  const url = new URL('/ws', baseUrl.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/** Opens /ws; with `token`, authenticates by query parameter. Resolves once the socket is open. */
export async function openSocket(baseUrl: string, opts: { token?: string; options?: ClientOptions } = {}): Promise<TestSocket> {
  const socket = new WebSocket(wsUrl(baseUrl, opts.token), opts.options);
  const frames: string[] = [];
  const waiters: Array<{ match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }> = [];
  socket.on('message', (data) => {
    const text = data.toString();
    frames.push(text);
    const message = JSON.parse(text) as Record<string, unknown>;
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<Closed>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const parsed = () => frames.map((f) => JSON.parse(f) as Record<string, unknown>);
  return {
    socket,
    frames,
    events: () => parsed().filter((m) => m.type !== 'ready'),
    next(match) {
      const seen = parsed().find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame; received ${JSON.stringify(frames)}`)), NEXT_TIMEOUT_MS);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    closed,
    close: () => socket.close(),
  };
}

/** Opens /ws with ?token= and waits until the server has admitted it. */
export async function connect(baseUrl: string, token: string): Promise<TestSocket> {
  const s = await openSocket(baseUrl, { token });
  await s.next((m) => m.type === 'ready');
  return s;
}

export const ofType = (type: string, fileId?: number) => (m: Record<string, unknown>) =>
  m.type === type && (fileId === undefined || m.file_id === fileId);
