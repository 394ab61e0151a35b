import WebSocket from 'ws';

/**
 * Opens `count` sockets for one user, runs `trigger` (an upload) and returns
 * how long after its response the last socket received the event, in ms
 * (negative when every socket had it before the response arrived).
 */
export async function websocketFanOut(url: string, token: string, count: number, trigger: () => Promise<unknown>): Promise<number> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(wsUrl);
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  try {
    let last = 0n;
    let received = 0;
    const allReceived = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        const onMessage = (data: WebSocket.RawData) => {
          if ((JSON.parse(data.toString()) as { type?: string }).type !== 'file_uploaded') return;
          socket.off('message', onMessage);
          last = process.hrtime.bigint();
          if (++received === count) resolve();
        };
        socket.on('message', onMessage);
      }
    });
    await trigger();
    const responded = process.hrtime.bigint();
    await allReceived;
    return Number(last - responded) / 1e6;
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
