// A company's integration URL must not make the server call its own network (issue 33 point 2,
// docs/security.md "Outbound addresses"). This server runs as a deployment does, without the test
// suite's loopback allowance: only the names its operator listed in OUTBOUND_ALLOWED_HOSTS reach
// the fakes, and every name resolves to loopback, the way a rebinding DNS server answers.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, queueIntegrations, tickets } from '../../src/db/schema.ts';
import { integrationReplyJob } from '../../src/modules/integration-replies/integration-reply.jobs.ts';
import { MEDIA_FOLDER } from '../../src/modules/messages/outbound-message.service.ts';
import type { HostResolver } from '../../src/platform/outbound-http.ts';
import { startFakeTypebot, startFakeWebhook } from '../helpers/fake-integrations.ts';
import { eventually, integrationConversation, runIntegrationRetriesUntil } from '../helpers/integration-conversation.ts';
import { jobsOfKind } from '../helpers/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
// a service on the server's own network (think /metrics): no test may ever reach it
let internal: Awaited<ReturnType<typeof startFakeWebhook>>;
let hook: Awaited<ReturnType<typeof startFakeWebhook>>;
let typebot: Awaited<ReturnType<typeof startFakeTypebot>>;
const lookups: string[] = [];
const resolveHost: HostResolver = async (hostname) => {
  lookups.push(hostname);
  return [{ address: '127.0.0.1', family: 4 }];
};

beforeAll(async () => {
  internal = await startFakeWebhook();
  hook = await startFakeWebhook();
  typebot = await startFakeTypebot();
  t = await startTestApp({ outbound: { allowedHosts: ['hooks.allowed.test', 'typebot.allowed.test'] } }, { resolveHost });
});
afterAll(async () => {
  await t?.close();
  await internal?.close();
  await hook?.close();
  await typebot?.close();
});

const SLOW = 120_000;
const portOf = (url: string) => new URL(url).port;
const rawTicket = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const attemptsOf = async (ticketId: number) =>
  (await jobsOfKind(t.db, integrationReplyJob.name)).filter((job) => job.payload.ticketId === ticketId).map((job) => job.attempts);
const refusalNote = (name: string) => `A integração ${name} não respondeu (ERR_OUTBOUND_ADDRESS_REFUSED); o ticket foi passado aos atendentes do setor.`;

describe('outbound addresses of queue integrations (02-operations §3 Queue integration; docs/security.md Outbound addresses)', () => {
  it('a webhook or n8n URL at loopback in any spelling is refused when saved, and one stored before the rule is never called: the note names only the refusal', async () => {
    const port = portOf(internal.url);
    const forms = [
      `http://127.0.0.1:${port}/metrics`,
      `http://localhost:${port}/metrics`,
      `http://2130706433:${port}/metrics`,
      `http://0x7f.1:${port}/metrics`,
      `http://[::1]:${port}/metrics`,
      `http://[::ffff:127.0.0.1]:${port}/metrics`,
    ];
    const c = await integrationConversation(t, { type: 'webhook', name: 'Interno', urlN8N: `https://hooks.example/in` });
    for (const [index, urlN8N] of forms.entries()) {
      const type = index % 2 ? 'n8n' : 'webhook';
      expect(await t.request('POST', '/queueIntegration', { token: c.token, body: { type, name: `Hook ${index}`, urlN8N } })).toMatchObject({
        status: 400,
        body: { error: 'ERR_OUTBOUND_ADDRESS_REFUSED' },
      });
      expect(await t.request('PUT', `/queueIntegration/${c.integrationId}`, { token: c.token, body: { urlN8N } })).toMatchObject({ status: 400 });
    }
    const list = await t.request('GET', '/queueIntegration', { token: c.token });
    expect(list.body.queueIntegrations).toMatchObject([{ id: c.integrationId, urlN8N: 'https://hooks.example/in' }]);

    // stored as an older version let it be: the call is refused when it would connect
    for (const [index, urlN8N] of forms.entries()) {
      await t.db.update(queueIntegrations).set({ urlN8N, type: index % 2 ? 'n8n' : 'webhook' }).where(eq(queueIntegrations.id, c.integrationId));
      const first = await c.inbound(`55119555500${index}1`, 'Oi');
      await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
      expect([urlN8N, (await c.said(first.ticketId)).map((m) => m.body)]).toEqual([urlN8N, [refusalNote('Interno')]]);
      // refused for good: a retry would reach the same refusal
      expect(await attemptsOf(first.ticketId)).toEqual([1]);
    }
    // each job wrote its note after its call would have reached the fake, so none did
    expect(internal.calls).toEqual([]);
  }, SLOW);

  it('a name that resolves to loopback when the call connects (DNS rebinding) is refused; the internal service is not called', async () => {
    const c = await integrationConversation(t, { type: 'n8n', name: 'Rebind', urlN8N: `http://rebind.test:${portOf(internal.url)}/metrics` });
    const first = await c.inbound('5511955550101', 'Oi');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual([refusalNote('Rebind')]);
    // the address was looked up by the connection itself, and refused there
    expect(lookups).toContain('rebind.test');
    expect(internal.calls).toEqual([]);
  }, SLOW);

  it('an allowed host is called; its redirect to an internal address is not followed, and the note shows no internal status', async () => {
    const c = await integrationConversation(t, { type: 'webhook', name: 'Permitido', urlN8N: `http://hooks.allowed.test:${portOf(hook.url)}/webhook/atende` });
    hook.answer({ answer: { messages: [{ body: 'Recebido.' }] } });
    const first = await c.inbound('5511955550201', 'Oi');
    await eventually(async () => (await c.said(first.ticketId)).map((m) => m.body)).toEqual(['Recebido.']);

    const before = hook.calls.length;
    internal.answer({ status: 418 });
    hook.answer({ redirect: `${internal.url}/metrics` });
    await c.inbound('5511955550201', 'De novo');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual(['Recebido.', refusalNote('Permitido')]);
    expect(hook.calls.length).toBe(before + 1);
    expect(internal.calls).toEqual([]);
  }, SLOW);

  it('an answer past the size cap is cut: retried, then the attendants take over with a note that says so', async () => {
    const c = await integrationConversation(t, { type: 'n8n', name: 'Enorme', urlN8N: `http://hooks.allowed.test:${portOf(hook.url)}/webhook/atende` });
    const huge = { oversize: 2 * 1024 * 1024 };
    hook.answer(huge, huge, huge, huge);
    const first = await c.inbound('5511955550301', 'Oi');
    await runIntegrationRetriesUntil(t, async () => (await rawTicket(first.ticketId)).useIntegration === false);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual([
      'A integração Enorme não respondeu (answer too large); o ticket foi passado aos atendentes do setor.',
    ]);
  }, SLOW);

  it("a typebot image at an internal address is not fetched nor stored as the company's media: it is sent as its link", async () => {
    const c = await integrationConversation(t, {
      type: 'typebot',
      name: 'Typebot',
      urlN8N: `http://typebot.allowed.test:${portOf(typebot.url)}`,
      typebotSlug: 'atende-bot',
      typebotDelayMessage: 0,
    });
    // the allowed name reaches the typebot; the image's literal loopback address is not allowed
    expect(typebot.image.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/logo\.png$/);
    const first = await c.inbound('5511955550401', 'Oi');
    await eventually(async () => (await c.said(first.ticketId)).length).toBe(3);
    expect((await c.said(first.ticketId)).map((m) => [m.mediaType, m.body])).toEqual([
      ['chat', 'Olá, **Customer 0401**! Eu sou o bot.'],
      ['chat', typebot.image.url],
      ['chat', '*1* - Vendas\n*2* - Suporte'],
    ]);
    expect((await t.db.select().from(messages).where(eq(messages.ticketId, first.ticketId))).map((m) => m.mediaUrl)).toEqual([null, null, null, null]);
    const mediaDir = join(t.config.publicDir, `company${c.company.id}`, MEDIA_FOLDER);
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);
    expect(typebot.imageFetches).toEqual([]);
  }, SLOW);
});
