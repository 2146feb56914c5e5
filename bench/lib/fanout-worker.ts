// One worker thread of the fan-out benchmark's client (bench/realtime.ts): it holds a share of the
// sockets, so decoding 2,000 sockets' frames is spread over threads and the client is not what
// is measured. Times are absolute (timeOrigin + now), comparable across threads.
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';

type Start = { url: string; token: string; companyId: number; sockets: number };
const { url, token, companyId, sockets: count } = workerData as Start;
const port = parentPort;
if (!port) throw new Error('fanout-worker runs as a worker thread');

const now = () => performance.timeOrigin + performance.now();

const openSocket = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false, timeout: 30_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const sockets: Socket[] = [];
for (let batch = 0; batch < count; batch += 50) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - batch) }, openSocket))));
}

// an event's arrival time at each socket, reported once all have it or after 10 s
type Expected = { times: (number | undefined)[]; left: number; timer: NodeJS.Timeout };
const expected = new Map<string, Expected>();

const report = (body: string) => {
  const entry = expected.get(body);
  if (!entry) return;
  clearTimeout(entry.timer);
  expected.delete(body);
  port.postMessage({ body, times: entry.times });
};

sockets.forEach((socket, index) => {
  socket.on(`company-${companyId}-appMessage`, (payload: { action: string; message: { body: string } }) => {
    const entry = payload.action === 'create' ? expected.get(payload.message.body) : undefined;
    if (!entry || entry.times[index] !== undefined) return;
    entry.times[index] = now();
    entry.left -= 1;
    if (entry.left === 0) report(payload.message.body);
  });
});

port.on('message', (command: { expect?: string; close?: true }) => {
  const body = command.expect;
  if (body) {
    const times = new Array<number | undefined>(sockets.length).fill(undefined);
    expected.set(body, { times, left: sockets.length, timer: setTimeout(() => report(body), 10_000) });
    port.postMessage({ expecting: body });
  }
  if (command.close) {
    for (const socket of sockets) socket.disconnect();
    port.close();
  }
});
port.postMessage({ ready: true });
