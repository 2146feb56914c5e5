// Web chat widget fan-out (issue 41 point 1), on a fresh database of its own (the PostgreSQL
// server's `bench_webchat`): BENCH_WEBCHAT_VISITORS (200) visitors, each with a visitor token, one
// message (which opens its ticket) and a socket on the `/webchat` namespace as the widget opens it;
// then the attendant answers every visitor BENCH_WEBCHAT_ROUNDS (5) times from 16 senders through
// POST /messages/{ticketId}. Measured: the time from each reply's request to its `message` event
// at the visitor's socket (p50/p95/p99), and replies delivered per second over each round.
import { io as connect, type Socket } from 'socket.io-client';
import { call, freshDatabase, heading, line, loadAverages, login, ms, residentMb, startServer, summary, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { httpClient } from './lib/load.ts';

const VISITORS = Number(process.env.BENCH_WEBCHAT_VISITORS ?? 200);
const ROUNDS = Number(process.env.BENCH_WEBCHAT_ROUNDS ?? 5);
const SENDERS = 16;
const SITE = 'https://shop.bench.test';
// a connection accepts 120 new visitors a minute (DEFAULT_WEBCHAT_LIMITS): the visitors are spread
// over connections of 100, as a company with several websites would have them
const VISITORS_PER_CONNECTION = 100;

type Visitor = { index: number; publicId: string; token: string; socket?: Socket; ticketId?: number };

// each visitor calls from an address of its own, as visitors do (the server trusts the loopback proxy)
const widgetRequest = (visitor: Pick<Visitor, 'index'> & { token?: string }, body: unknown) => {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: SITE,
    'x-forwarded-for': `10.41.${Math.floor(visitor.index / 250)}.${(visitor.index % 250) + 1}`,
  };
  if (visitor.token) headers['x-webchat-visitor'] = visitor.token;
  return { headers, body: JSON.stringify(body) };
};

const openSocket = (url: string, visitor: Visitor) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(`${url}/webchat`, {
      auth: { publicId: visitor.publicId, visitorToken: visitor.token },
      extraHeaders: { origin: SITE },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const pause = (duration: number) => new Promise((done) => setTimeout(done, duration));

export const benchWebchat = async () => {
  heading(`Web chat widget: attendant replies to ${VISITORS} connected visitors (PostgreSQL, fresh database)`);
  const server = await startServer(await freshDatabase('bench_webchat'), { TRUST_PROXY: '127.0.0.1' });
  const sockets: Socket[] = [];
  try {
    const session = await login(server.url, SUPER_EMAIL);
    const visitors: Visitor[] = [];
    for (let first = 0; first < VISITORS; first += VISITORS_PER_CONNECTION) {
      const connection = await call<{ number: string }>(server.url, 'POST', '/webchat/connections', session.token, {
        name: `Bench site ${first / VISITORS_PER_CONNECTION + 1}`,
        allowedOrigins: [SITE],
        color: '#3366ff',
        greeting: 'Hello',
        preChatForm: false,
      });
      for (let index = first; index < Math.min(VISITORS, first + VISITORS_PER_CONNECTION); index += 1) {
        visitors.push({ index, publicId: connection.number, token: '' });
      }
    }

    for (const visitor of visitors) {
      const start = widgetRequest(visitor, { name: `Bench visitor ${visitor.index}` });
      const started = await fetch(`${server.url}/webchat/${visitor.publicId}/visitors`, { method: 'POST', ...start });
      if (started.status !== 201) throw new Error(`visitor ${visitor.index}: ${started.status} ${await started.text()}`);
      visitor.token = ((await started.json()) as { visitorToken: string }).visitorToken;
      const message = widgetRequest(visitor, { text: `hello from ${visitor.index}` });
      const sent = await fetch(`${server.url}/webchat/${visitor.publicId}/messages`, { method: 'POST', ...message });
      if (sent.status !== 201) throw new Error(`visitor ${visitor.index} message: ${sent.status} ${await sent.text()}`);
    }

    // every visitor's ticket, found by its contact's name, then taken by the attendant
    const byName = new Map(visitors.map((visitor) => [`Bench visitor ${visitor.index}`, visitor]));
    const deadline = performance.now() + 120_000;
    while (visitors.some((visitor) => visitor.ticketId === undefined) && performance.now() < deadline) {
      for (let page = 1; ; page += 1) {
        const answer = await call<{ tickets: { id: number; contact: { name: string } }[]; hasMore: boolean }>(
          server.url,
          'GET',
          `/tickets?status=pending&showAll=true&pageNumber=${page}`,
          session.token,
        );
        for (const ticket of answer.tickets) {
          const visitor = byName.get(ticket.contact.name);
          if (visitor) visitor.ticketId = ticket.id;
        }
        if (!answer.hasMore) break;
      }
      if (visitors.some((visitor) => visitor.ticketId === undefined)) await pause(200);
    }
    const withoutTicket = visitors.filter((visitor) => visitor.ticketId === undefined).length;
    if (withoutTicket) throw new Error(`${withoutTicket} visitors have no ticket`);
    for (const visitor of visitors) await call(server.url, 'PUT', `/tickets/${visitor.ticketId}`, session.token, { status: 'open', userId: session.user.id });

    const rest = residentMb(server.pid);
    const waiting = new Map<string, (at: number) => void>();
    for (const visitor of visitors) {
      visitor.socket = await openSocket(server.url, visitor);
      sockets.push(visitor.socket);
      visitor.socket.on('message', (payload: { body: string }) => {
        const done = waiting.get(payload.body);
        if (done) {
          waiting.delete(payload.body);
          done(performance.now());
        }
      });
    }
    const connected = residentMb(server.pid);

    const client = httpClient(server.url, session.token, SENDERS);
    const latencies: number[] = [];
    const rates: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let next = 0;
      let lastAt = 0;
      const started = performance.now();
      const sender = async () => {
        while (next < visitors.length) {
          const visitor = visitors[next];
          next += 1;
          const body = `reply-${round}-${visitor.index}`;
          const seen = new Promise<number | undefined>((resolve) => {
            const timer = setTimeout(() => {
              waiting.delete(body);
              resolve(undefined);
            }, 30_000);
            waiting.set(body, (at) => {
              clearTimeout(timer);
              resolve(at);
            });
          });
          const at = performance.now();
          const status = await client.send('POST', `/messages/${visitor.ticketId}`, { body });
          if (status !== 201) throw new Error(`reply to ${visitor.index}: ${status}`);
          const arrived = await seen;
          if (arrived === undefined) missing += 1;
          else {
            latencies.push(arrived - at);
            lastAt = Math.max(lastAt, arrived);
          }
        }
      };
      await Promise.all(Array.from({ length: SENDERS }, sender));
      rates.push(visitors.length / ((lastAt - started) / 1000));
    }
    client.close();
    const after = residentMb(server.pid);
    const l = summary(latencies);
    const rate = summary(rates).p50;
    record(`webchat ${VISITORS} visitors: reply to widget p95`, l.p95, 'ms');
    record(`webchat ${VISITORS} visitors: replies delivered`, rate, 'replies/s');
    line(`load averages ${loadAverages()}`);
    line('| visitors (sockets) | replies | reply request -> visitor socket p50 / p95 / p99 | replies delivered per second (median of rounds) | missing | server RSS at rest / sockets connected / after |');
    line('|---|---|---|---|---|---|');
    line(
      `| ${VISITORS} | ${ROUNDS} x ${VISITORS} from ${SENDERS} senders | ${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} | ${rate.toFixed(0)} replies/s | ${missing} | ` +
        `${rest.toFixed(0)} / ${connected.toFixed(0)} / ${after.toFixed(0)} MB |`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
};
