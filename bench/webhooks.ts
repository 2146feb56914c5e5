// Event webhooks (issue 37 point 1), on a fresh database of their own (the PostgreSQL server's
// `bench_webhooks`): what recording a message.created event adds to an inbound message, and how
// fast the job runner delivers them.
//  - added cost: BENCH_WEBHOOK_MESSAGES (300) inbound messages sent one at a time through
//    POST /sandbox/{id}/messages with no endpoint, then as many with 3 endpoints subscribed to
//    message.created (each message then writes 3 delivery rows and 3 jobs in its transaction);
//    the mean and p99 of each, and the difference;
//  - delivery rate: a burst of BENCH_WEBHOOK_BURST (1000) inbound messages from 32 senders to 1,000
//    customers with the 3 endpoints, delivered to a receiver on loopback that answers 204: signed
//    deliveries per second from the burst's start to the last delivery.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, freshDatabase, heading, line, login, ms, startServer, summary, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { httpClient } from './lib/load.ts';

const MESSAGES = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 300);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 1000);
const SENDERS = 32;
const ENDPOINTS = 3;

const startReceiver = async () => {
  const state = { received: 0, lastAt: 0 };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.received += 1;
      state.lastAt = performance.now();
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const pause = (duration: number) => new Promise((done) => setTimeout(done, duration));

export const benchWebhooks = async () => {
  heading(`Webhooks: the cost of message.created with ${ENDPOINTS} endpoints, and the delivery rate (PostgreSQL, fresh database)`);
  const receiver = await startReceiver();
  // the receiver is on loopback, which a deployment refuses unless its operator allows it
  const server = await startServer(await freshDatabase('bench_webhooks'), { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  try {
    const { token } = await login(server.url, SUPER_EMAIL);
    const connection = await call<{ id: number }>(server.url, 'POST', '/sandbox/connections', token, { name: 'Bench webhooks' });
    const client = httpClient(server.url, token, SENDERS);
    const inbound = async (index: number, body: string, customers: number) => {
      const from = `55319${String(10_000_000 + (index % customers)).slice(1)}`;
      const status = await client.send('POST', `/sandbox/${connection.id}/messages`, { from, name: `Bench ${index % customers}`, body, providerMessageId: body });
      if (status !== 201) throw new Error(`inbound ${body}: ${status}`);
    };
    const sequential = async (label: string) => {
      const samples: number[] = [];
      for (let index = 0; index < MESSAGES; index += 1) {
        const at = performance.now();
        await inbound(index, `${label}-${index}`, 50);
        samples.push(performance.now() - at);
      }
      return { ...summary(samples), mean: samples.reduce((total, sample) => total + sample, 0) / samples.length };
    };

    const none = await sequential('none');
    for (let index = 0; index < ENDPOINTS; index += 1) {
      await call(server.url, 'POST', '/webhook-endpoints', token, { url: receiver.url, events: ['message.created'], description: `Bench ${index + 1}` });
    }
    const three = await sequential('three');
    while (receiver.state.received < MESSAGES * ENDPOINTS) await pause(100);

    const before = receiver.state.received;
    const started = performance.now();
    let next = 0;
    const sender = async () => {
      while (next < BURST) {
        const index = next;
        next += 1;
        await inbound(index, `burst-${index}`, 1000);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const ingested = performance.now();
    const expected = before + BURST * ENDPOINTS;
    const deadline = performance.now() + 600_000;
    while (receiver.state.received < expected && performance.now() < deadline) await pause(100);
    const delivered = receiver.state.received - before;
    const seconds = (receiver.state.lastAt - started) / 1000;
    client.close();

    record(`webhooks: inbound message mean, no endpoint`, none.mean, 'ms');
    record(`webhooks: inbound message mean, ${ENDPOINTS} endpoints`, three.mean, 'ms');
    record('webhooks: delivery rate', delivered / seconds, 'deliveries/s');
    line(`| inbound messages (one at a time) | endpoints subscribed | mean | p50 | p99 |`);
    line('|---|---|---|---|---|');
    line(`| ${MESSAGES} | 0 | ${ms(none.mean)} | ${ms(none.p50)} | ${ms(none.p99)} |`);
    line(`| ${MESSAGES} | ${ENDPOINTS} | ${ms(three.mean)} | ${ms(three.p50)} | ${ms(three.p99)} |`);
    line(`\nadded per inbound message with ${ENDPOINTS} endpoints: ${ms(three.mean - none.mean)} (mean), ${ms(three.p50 - none.p50)} (p50)\n`);
    line('| burst (32 senders) | ingested in | deliveries | delivered in | delivery rate |');
    line('|---|---|---|---|---|');
    line(`| ${BURST} messages | ${ms(ingested - started)} | ${delivered} of ${BURST * ENDPOINTS} | ${ms(receiver.state.lastAt - started)} | ${(delivered / seconds).toFixed(0)} deliveries/s |`);
  } finally {
    await server.stop();
    await receiver.close();
  }
};
