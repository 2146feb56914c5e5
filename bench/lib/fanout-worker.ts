// One worker thread of the fan-out benchmark's client (bench/realtime.ts): it holds a share of the
// sockets and notes when each receives an event. It speaks Socket.IO's wire protocol itself over a
// plain WebSocket (engine.io v4: open, connect with the token, pong to each ping, events as
// `42[name, payload]`) and recognises the awaited message by its text in the frame, without
// decoding the frame's JSON: decoding 2,000 sockets' frames with socket.io-client cost the client,
// on the two cores the server also needs, more than the server's own writes (docs/benchmarks.md).
// Times are absolute (timeOrigin + now), comparable across threads.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

type Start = { url: string; token: string; companyId: number; sockets: number };
const { url, token, companyId, sockets: count } = workerData as Start;
const port = parentPort;
if (!port) throw new Error('fanout-worker runs as a worker thread');

const now = () => performance.timeOrigin + performance.now();
const endpoint = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const eventPrefix = `42["company-${companyId}-appMessage",{"action":"create"`;

// an event's arrival time at each socket, reported once all have it or after 10 s
type Expected = { marker: string; times: (number | undefined)[]; left: number; timer: NodeJS.Timeout };
const expected = new Map<string, Expected>();

const report = (body: string) => {
  const entry = expected.get(body);
  if (!entry) return;
  clearTimeout(entry.timer);
  expected.delete(body);
  port.postMessage({ body, times: entry.times });
};

const arrived = (index: number, frame: string) => {
  const at = now();
  for (const [body, entry] of expected) {
    if (entry.times[index] !== undefined || !frame.includes(entry.marker)) continue;
    entry.times[index] = at;
    entry.left -= 1;
    if (entry.left === 0) report(body);
  }
};

const openSocket = (index: number) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(endpoint);
    socket.on('message', (data: Buffer) => {
      const frame = data.toString();
      if (frame.startsWith(eventPrefix)) arrived(index, frame);
      else if (frame === '2') socket.send('3');
      else if (frame.startsWith('0{')) socket.send(`40${JSON.stringify({ token })}`);
      else if (frame.startsWith('40')) resolve(socket);
      else if (frame.startsWith('44')) reject(new Error(`socket refused: ${frame}`));
    });
    socket.once('error', reject);
  });

const sockets: WebSocket[] = [];
for (let batch = 0; batch < count; batch += 50) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - batch) }, (_, offset) => openSocket(batch + offset)))));
}

port.on('message', (command: { expect?: string; close?: true }) => {
  const body = command.expect;
  if (body) {
    const times = new Array<number | undefined>(sockets.length).fill(undefined);
    expected.set(body, { marker: `"body":${JSON.stringify(body)}`, times, left: sockets.length, timer: setTimeout(() => report(body), 10_000) });
    port.postMessage({ expecting: body });
  }
  if (command.close) {
    for (const socket of sockets) socket.close();
    port.close();
  }
});
port.postMessage({ ready: true });
