import WebSocket from 'ws';

/**
 * Opens `count` sockets for one user, runs `trigger` (an upload) and times its
 * event, in ms: from the first socket's event to the last's (the fan-out
 * itself), and from the request's start to the last socket's event, beside
 * the request's own time (the event is published before the answer is sent,
 * so every socket may have it before the answer arrives).
 */
export async function websocketFanOut(url: string, token: string, count: number, trigger: () => Promise<unknown>): Promise<{ spread: number; fromRequest: number; request: number }> {
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
    let first = 0n;
    let last = 0n;
    let received = 0;
    const allReceived = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        const onMessage = (data: WebSocket.RawData) => {
          if ((JSON.parse(data.toString()) as { type?: string }).type !== 'file_uploaded') return;
          socket.off('message', onMessage);
          last = process.hrtime.bigint();
          if (received++ === 0) first = last;
          if (received === count) resolve();
        };
        socket.on('message', onMessage);
      }
    });
    const started = process.hrtime.bigint();
    await trigger();
    const responded = process.hrtime.bigint();
    await allReceived;
    const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
    return { spread: ms(first, last), fromRequest: ms(started, last), request: ms(started, responded) };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
