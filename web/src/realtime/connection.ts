import { SESSION, wsReadySchema, type WsAuthMessage } from '@vault/contract';

export interface RealtimeConnectionOptions {
  url: string;
  token: string;
  /** Every parsed message after the server's ready message. */
  onMessage(message: unknown): void;
  /** True once the server has accepted the token; false whenever the socket closes. */
  onConnectedChange(connected: boolean): void;
}

/** ws://host/ws or wss://host/ws on the page's own origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * Keeps one socket open: authenticates with a first message (the
 * token stays out of URLs and logs), reconnects 3 s after a close, at most 5
 * attempts in a row; the count starts again whenever a socket opens. Returns
 * the function that closes it for good.
 */
export function openRealtimeConnection({ url, token, onMessage, onConnectedChange }: RealtimeConnectionOptions): () => void {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      const auth: WsAuthMessage = { type: 'auth', token };
      ws.send(JSON.stringify(auth));
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parse(event.data);
      if (wsReadySchema.safeParse(message).success) onConnectedChange(true);
      else onMessage(message);
    };
    ws.onerror = (event) => console.warn('Real-time connection error', event);
    ws.onclose = (event: CloseEvent) => {
      onConnectedChange(false);
      if (attempts >= SESSION.wsMaxAttempts) {
        console.warn(`Real-time connection closed (${event.code}); gave up after ${attempts} attempts`);
        return;
      }
      attempts += 1;
      retry = setTimeout(connect, SESSION.wsReconnectDelayMs);
    };
  };

  connect();

  return () => {
    clearTimeout(retry);
    const ws = socket;
    if (!ws) return;
    ws.onmessage = ws.onerror = ws.onclose = null;
    // Closing a socket still connecting makes the browser log an error: let it open first.
    if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
    else ws.close();
  };
}
