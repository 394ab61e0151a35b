import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '@vault/contract';
import { FakeWebSocket } from '../test/fake-websocket';
import { openRealtimeConnection, realtimeUrl } from './connection';

function connect(token = 'tok') {
  const onMessage = vi.fn();
  const onConnectedChange = vi.fn();
  const close = openRealtimeConnection({ url: 'ws://vault.test/ws', token, onMessage, onConnectedChange });
  return { close, onMessage, onConnectedChange };
}

describe('real-time connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('derives the socket URL from the page origin', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'vault.example' })).toBe('wss://vault.example/ws');
  });

  it('authenticates with a first message and is connected once the server is ready', () => {
    const { onConnectedChange, onMessage } = connect('secret-token');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://vault.test/ws');
    expect(socket.url).not.toContain('secret-token');
    socket.open();
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'auth', token: 'secret-token' }]);
    expect(onConnectedChange).not.toHaveBeenCalled();
    socket.receive({ type: 'ready' });
    expect(onConnectedChange).toHaveBeenLastCalledWith(true);
    socket.receive({ type: 'file_uploaded', file_id: 3, at: 'now' });
    expect(onMessage).toHaveBeenCalledWith({ type: 'file_uploaded', file_id: 3, at: 'now' });
  });

  it('reconnects 3 s after a close, at most 5 times in a row, and only logs errors', () => {
    const { onConnectedChange } = connect();
    FakeWebSocket.latest().accept();
    for (let attempt = 1; attempt <= SESSION.wsMaxAttempts; attempt++) {
      FakeWebSocket.latest().drop();
      expect(onConnectedChange).toHaveBeenLastCalledWith(false);
      vi.advanceTimersByTime(SESSION.wsReconnectDelayMs - 1);
      expect(FakeWebSocket.instances).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(attempt + 1);
    }
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(SESSION.wsMaxAttempts + 1);
    expect(console.warn).toHaveBeenCalledWith('Real-time connection error', expect.any(Event));
  });

  it('starts counting attempts again when a socket opens', () => {
    connect();
    for (let i = 0; i < 4; i++) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(SESSION.wsReconnectDelayMs);
    }
    FakeWebSocket.latest().open();
    for (let i = 0; i < SESSION.wsMaxAttempts; i++) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(SESSION.wsReconnectDelayMs);
    }
    expect(FakeWebSocket.instances).toHaveLength(1 + 4 + SESSION.wsMaxAttempts);
  });

  it('stops for good when closed, letting a connecting socket open first', () => {
    const { close, onConnectedChange } = connect();
    const connecting = FakeWebSocket.latest();
    close();
    expect(connecting.readyState).toBe(FakeWebSocket.CONNECTING);
    connecting.open();
    expect(connecting.readyState).toBe(FakeWebSocket.CLOSED);
    expect(connecting.sent).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onConnectedChange).not.toHaveBeenCalled();
  });

  it('cancels a pending reconnect when closed', () => {
    const { close } = connect();
    FakeWebSocket.latest().drop();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
