import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queueIntegrations } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEabc\n-----END PRIVATE KEY-----\n';
const serviceAccount = JSON.stringify({ type: 'service_account', project_id: 'loja-bot', client_email: 'bot@loja-bot.iam.gserviceaccount.com', private_key: PRIVATE_KEY });

const adminOf = async (planFlags: NonNullable<Parameters<typeof createCompany>[1]>['planFlags'] = {}) => {
  const tenant = await createCompany(t.db, { planFlags });
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, token };
};
const rawRow = async (id: number) => (await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id)))[0];

describe('queue integrations (02-operations §3 Queue integration, §5, §7 Queue integrations, §9)', () => {
  it('creates each type with its fields and the §9 defaults; n8n, webhook and typebot take the name as project name; live list', async () => {
    const s = await adminOf();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const typebot = await t.request('POST', '/queueIntegration', {
      token: s.token,
      body: { type: 'typebot', name: 'Typebot loja', projectName: 'ignored', urlN8N: 'https://typebot.example', typebotSlug: 'loja' },
    });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ type: 'typebot', projectName: 'Typebot loja', typebotDelayMessage: 1000, typebotExpires: 1, language: 'pt-BR', hasJsonContent: false });
    await expect.poll(() => seen.find((event) => event.channel === `company-${s.company.id}-queueIntegration`)?.payload).toMatchObject({
      action: 'update',
      queueIntegration: { id: typebot.body.id },
    });
    const webhook = await t.request('POST', '/queueIntegration', { token: s.token, body: { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example/in' } });
    expect(webhook.body).toMatchObject({ projectName: 'Hook' });
    const renamed = await t.request('PUT', `/queueIntegration/${webhook.body.id}`, { token: s.token, body: { name: 'Hook 2' } });
    expect(renamed.body).toMatchObject({ name: 'Hook 2', projectName: 'Hook 2' });

    const dialogflow = await t.request('POST', '/queueIntegration', {
      token: s.token,
      body: { type: 'dialogflow', name: 'Flow', projectName: 'loja-bot', language: 'es', jsonContent: serviceAccount },
    });
    expect(dialogflow.body).toMatchObject({ projectName: 'loja-bot', language: 'es', hasJsonContent: true });
    expect(JSON.stringify(dialogflow.body)).not.toContain('PRIVATE KEY');
    expect((await rawRow(dialogflow.body.id)).jsonContent).toMatch(/^v1\./);
    expect((await rawRow(dialogflow.body.id)).jsonContent).not.toContain('PRIVATE KEY');
    // an update without a new service account keeps the stored one
    expect((await t.request('PUT', `/queueIntegration/${dialogflow.body.id}`, { token: s.token, body: { language: 'en', jsonContent: '' } })).body).toMatchObject({ hasJsonContent: true, language: 'en' });

    const page = await t.request('GET', '/queueIntegration/?searchParam=hook&pageNumber=1', { token: s.token });
    expect(page.body).toMatchObject({ hasMore: false, count: 1, queueIntegrations: [{ id: webhook.body.id }] });
    expect((await t.request('GET', '/queueIntegration', { token: s.token })).body.queueIntegrations).toHaveLength(3);
    expect(JSON.stringify((await t.request('GET', '/queueIntegration', { token: s.token })).body)).not.toContain('PRIVATE KEY');

    expect(await t.request('DELETE', `/queueIntegration/${webhook.body.id}`, { token: s.token })).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await t.request('GET', `/queueIntegration/${webhook.body.id}`, { token: s.token })).status).toBe(404);
    await expect.poll(() => seen.some((event) => JSON.stringify(event.payload) === JSON.stringify({ action: 'delete', integrationId: webhook.body.id }))).toBe(true);
  });

  it("refuses a short or long name ('Too Short!', 'Too Long!', 'Required'), a type's missing fields and a jsonContent that is not a service account; nothing stored", async () => {
    const s = await adminOf();
    const post = (body: Record<string, unknown>) => t.request('POST', '/queueIntegration', { token: s.token, body });
    expect((await post({ type: 'webhook', name: 'H', urlN8N: 'https://x.example' })).body.fields).toEqual([{ path: 'body.name', message: 'Too Short!' }]);
    expect((await post({ type: 'webhook', name: 'H'.repeat(51), urlN8N: 'https://x.example' })).body.fields).toEqual([{ path: 'body.name', message: 'Too Long!' }]);
    expect((await post({ type: 'webhook', urlN8N: 'https://x.example' })).body.fields).toEqual([{ path: 'body.name', message: 'Required' }]);
    expect((await post({ type: 'n8n', name: 'N8N' })).body.fields).toEqual([{ path: 'body.urlN8N', message: 'validation.required' }]);
    expect((await post({ type: 'typebot', name: 'Bot', urlN8N: 'https://t.example' })).body.fields).toEqual([{ path: 'body.typebotSlug', message: 'validation.required' }]);
    expect((await post({ type: 'webhook', name: 'Hook', urlN8N: 'javascript:alert(1)' })).body.fields).toEqual([{ path: 'body.urlN8N', message: 'queueIntegration.invalidUrl' }]);
    expect((await post({ type: 'dialogflow', name: 'Flow', projectName: 'p', jsonContent: '{"type":"authorized_user"}' })).body.fields).toEqual([
      { path: 'body.jsonContent', message: 'queueIntegration.invalidServiceAccount' },
    ]);
    expect((await post({ type: 'dialogflow', name: 'Flow', projectName: 'p', jsonContent: 'not json' })).status).toBe(400);
    expect((await post({ type: 'zapier', name: 'Zap' })).status).toBe(400);
    const created = await post({ type: 'webhook', name: 'Hook', urlN8N: 'https://x.example' });
    expect((await t.request('PUT', `/queueIntegration/${created.body.id}`, { token: s.token, body: { type: 'typebot' } })).body.fields).toEqual([
      { path: 'body.typebotSlug', message: 'validation.required' },
    ]);
    expect((await t.request('GET', '/queueIntegration', { token: s.token })).body.count).toBe(1);
  });

  it("another company's integration is not found; profile users and plans without useIntegrations get 403", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const theirs = await t.request('POST', '/queueIntegration', { token: other.token, body: { type: 'webhook', name: 'Theirs', urlN8N: 'https://x.example' } });
    expect((await t.request('GET', `/queueIntegration/${theirs.body.id}`, { token: s.token })).status).toBe(404);
    expect((await t.request('PUT', `/queueIntegration/${theirs.body.id}`, { token: s.token, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.request('DELETE', `/queueIntegration/${theirs.body.id}`, { token: s.token })).status).toBe(404);
    expect((await rawRow(theirs.body.id)).name).toBe('Theirs');
    expect((await t.request('GET', '/queueIntegration', { token: s.token })).body.queueIntegrations).toEqual([]);

    const plain = await createUser(t.db, s.company.id);
    expect((await t.request('GET', '/queueIntegration', { token: (await t.login(plain.email, TEST_PASSWORD)).token })).status).toBe(403);
    const noPlan = await adminOf({ useIntegrations: false });
    expect(await t.request('GET', '/queueIntegration', { token: noPlan.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});
