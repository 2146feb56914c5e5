// A webhook receiver on loopback, as an integrator would write one (docs/webhooks.md): it checks
// each delivery's signature against the endpoint's secret and records the bodies it accepted (a
// 2xx answer).
// A test scripts its next answers: a status, a hang past the sender's timeout, or a huge body.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookBody } from '@atende/shared/webhooks';
import { listen, readBody } from '../helpers/fake-ai.ts';
import type { TestApp } from '../helpers/test-app.ts';

export type ReceiverAnswer = { status: number } | { hang: true } | { hugeBody: true };

export type Received = { body: WebhookBody; headers: IncomingMessage['headers'] };

const verified = (secret: string, timestamp: string, body: string, header: string) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

export const startWebhookReceiver = async () => {
  const received: Received[] = [];
  const refused: string[] = [];
  const script: ReceiverAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  // the secrets of the endpoints pointed here: a delivery signed with any of them is accepted
  const secrets = new Set<string>();

  const server = await listen(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    const timestamp = String(request.headers['x-atende-timestamp'] ?? '');
    const signature = String(request.headers['x-atende-signature'] ?? '');
    if (![...secrets].some((secret) => verified(secret, timestamp, raw, signature))) {
      refused.push(raw);
      response.writeHead(401);
      return void response.end();
    }
    const answer = script.shift() ?? { status: 204 };
    if ('hang' in answer) return void hanging.add(response);
    const accepted = 'hugeBody' in answer || (answer.status >= 200 && answer.status < 300);
    if (accepted) received.push({ body: JSON.parse(raw) as WebhookBody, headers: request.headers });
    if ('hugeBody' in answer) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return void response.end('x'.repeat(8 * 1024 * 1024));
    }
    response.writeHead(answer.status);
    response.end();
  });

  return {
    url: `${server.url}/hooks`,
    received,
    refused,
    // the bodies accepted, one per event id however often it came
    byEventId: () => new Map(received.map((entry) => [entry.body.id, entry.body])),
    events: (name?: string) => received.map((entry) => entry.body).filter((body) => name === undefined || body.event === name),
    useSecret: (secret: string) => void secrets.add(secret),
    // a company's admin points a new endpoint here for these events; its deliveries are accepted
    subscribe: async (t: Pick<TestApp, 'request'>, token: string, events: readonly string[]) => {
      const created = await t.request('POST', '/webhook-endpoints', { token, body: { url: `${server.url}/hooks`, events } });
      if (created.status !== 201) throw new Error(`subscribing: ${created.status} ${JSON.stringify(created.body)}`);
      secrets.add(created.body.secret as string);
      return created.body.endpoint as { id: number };
    },
    answerNext: (...answers: ReceiverAnswer[]) => void script.push(...answers),
    close: async () => {
      for (const response of hanging) response.destroy();
      await server.close();
    },
  };
};

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
