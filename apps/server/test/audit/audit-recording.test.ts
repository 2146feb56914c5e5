// Issue 38 point 6: each change an admin or the super admin makes is recorded in its own
// transaction with who, from where, and the values before and after, secrets masked. One test per
// area, read back through the audit log's own routes.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_VALUE, type AuditEntryView, type AuditPage } from '@atende/shared/audit';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => t?.close());

const BROWSER = 'audit-test-browser/1.0';

const adminOf = async () => {
  const tenant = await createCompany(t.db);
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, token };
};

// the caller's own request, with a user agent the entry must keep
const call = (method: string, path: string, token: string, body?: unknown) => t.request(method, path, { token, body, headers: { 'user-agent': BROWSER } });

const entries = async (token: string, query: string, path = '/audit-log') => {
  const answer = await t.request<AuditPage>('GET', `${path}?${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.entries;
};

const onlyEntry = async (token: string, query: string, path?: string): Promise<AuditEntryView> => {
  const found = await entries(token, query, path);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('the audit log records every change (issue 38 point 6)', () => {
  it('issue 38 point 6: a queue created, updated and deleted, with the admin, address, user agent and the changed values', async () => {
    const a = await adminOf();
    const created = await call('POST', '/queue', a.token, { name: 'Vendas', color: '#112233' });
    expect(created.status).toBe(201);
    const queueId = (created.body as { id: number }).id;
    expect((await call('PUT', `/queue/${queueId}`, a.token, { name: 'Vendas 2', color: '#112233' })).status).toBe(200);
    expect((await call('DELETE', `/queue/${queueId}`, a.token)).status).toBe(204);

    const update = await onlyEntry(a.token, 'action=queue.update');
    expect(update).toMatchObject({
      companyId: a.company.id,
      actorUserId: a.admin.id,
      actorLabel: `${a.admin.name} <${a.admin.email}>`,
      ip: '127.0.0.1',
      userAgent: BROWSER,
      entityType: 'queue',
      entityId: String(queueId),
      before: { name: 'Vendas' },
      after: { name: 'Vendas 2' },
    });
    expect((await onlyEntry(a.token, 'action=queue.create')).after).toMatchObject({ name: 'Vendas', color: '#112233' });
    expect((await onlyEntry(a.token, 'action=queue.delete')).before).toMatchObject({ name: 'Vendas 2' });
  });

  it("issue 38 point 6: a queue's chatbot options added, changed and removed are recorded as changes of the queue", async () => {
    const a = await adminOf();
    const queue = await createQueue(t.db, a.company.id);
    const option = await call('POST', '/chatbot', a.token, { queueId: queue.id, name: 'Financeiro' });
    expect(option.status).toBeLessThan(300);
    const optionId = (option.body as { id: number }).id;
    expect((await call('PUT', `/chatbot/${optionId}`, a.token, { name: 'Cobrança' })).status).toBe(200);
    expect((await call('DELETE', `/chatbot/${optionId}`, a.token)).status).toBeLessThan(300);

    const changes = await entries(a.token, `action=queue.update&entityId=${queue.id}`);
    expect(changes.map((entry) => [entry.before?.chatbotOption, entry.after?.chatbotOption])).toEqual([
      [expect.objectContaining({ name: 'Cobrança' }), undefined],
      [expect.objectContaining({ name: 'Financeiro' }), expect.objectContaining({ name: 'Cobrança' })],
      [undefined, expect.objectContaining({ id: optionId, name: 'Financeiro' })],
    ]);
  });

  it('issue 38 point 6: a user created and updated (profile, permissions, queues, password) and deleted, the password hash masked', async () => {
    const a = await adminOf();
    const queue = await createQueue(t.db, a.company.id);
    const created = await call('POST', '/users', a.token, { name: 'Bia', email: `bia-${Date.now()}@audit.test`, password: 'first-pass-1', profile: 'user' });
    expect(created.status).toBe(201);
    const userId = (created.body as { id: number }).id;
    const { name, email } = created.body as { name: string; email: string };
    expect((await call('PUT', `/users/${userId}`, a.token, { name, email, profile: 'admin', allTicket: 'enabled', queueIds: [queue.id], password: 'second-pass-2' })).status).toBe(200);
    expect((await call('DELETE', `/users/${userId}`, a.token)).status).toBe(204);

    expect((await onlyEntry(a.token, 'action=user.create')).after).toMatchObject({ name: 'Bia', profile: 'user', password: MASKED_VALUE });
    const update = await onlyEntry(a.token, `action=user.update&entityId=${userId}`);
    expect(update.before).toMatchObject({ profile: 'user', allTicket: 'disabled', queues: [], password: MASKED_VALUE });
    expect(update.after).toMatchObject({ profile: 'admin', allTicket: 'enabled', queues: [expect.objectContaining({ id: queue.id })], password: MASKED_VALUE });
    expect(JSON.stringify(update)).not.toContain('$argon2');
    expect((await onlyEntry(a.token, 'action=user.delete')).before).toMatchObject({ name: 'Bia' });
  });

  it('issue 38 point 6: a connection created, updated (its greeting attachment too) and deleted, its token masked', async () => {
    const a = await adminOf();
    const created = await call('POST', '/whatsapp', a.token, { name: 'Sandbox', channel: 'sandbox' });
    expect(created.status).toBe(201);
    const connectionId = (created.body as { id: number }).id;
    expect((await call('PUT', `/whatsapp/${connectionId}`, a.token, { name: 'Sandbox 2' })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).png().toBuffer())]), 'greeting.png');
    const attached = await t.request<{ greetingMediaAttachment: string }>('POST', `/whatsapp/${connectionId}/media-upload`, { token: a.token, rawBody: form });
    expect(attached.status).toBe(200);
    expect((await entries(a.token, `action=connection.update&entityId=${connectionId}`))[0]).toMatchObject({
      before: { greetingMediaAttachment: null },
      after: { greetingMediaAttachment: attached.body.greetingMediaAttachment },
    });
    expect((await call('DELETE', `/whatsapp/${connectionId}`, a.token)).status).toBe(204);

    const create = await onlyEntry(a.token, 'action=connection.create');
    expect(create.after).toMatchObject({ name: 'Sandbox', channel: 'sandbox', token: MASKED_VALUE });
    expect((await entries(a.token, 'action=connection.update')).at(-1)).toMatchObject({ entityId: String(connectionId), before: { name: 'Sandbox' }, after: { name: 'Sandbox 2' } });
    const remove = await onlyEntry(a.token, 'action=connection.delete');
    expect(remove.before).toMatchObject({ name: 'Sandbox 2', token: MASKED_VALUE });
  });

  it("issue 38 point 6: a company setting and the service hours, and the super admin's global setting", async () => {
    const a = await adminOf();
    expect((await call('PUT', '/companySettings', a.token, { column: 'userRating', data: 'enabled' })).status).toBe(200);
    const hours = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }];
    const saved = await call('PUT', `/companies/${a.company.id}/schedules`, a.token, { schedules: hours });
    expect(saved.status).toBe(200);
    expect((await call('PUT', '/settings/supportContact', superToken, { value: 'billing@platform.test' })).status).toBe(200);

    expect(await onlyEntry(a.token, 'action=setting.update')).toMatchObject({ entityId: 'userRating', before: { userRating: 'disabled' }, after: { userRating: 'enabled' } });
    expect((await onlyEntry(a.token, 'action=company.update')).after).toMatchObject({ schedules: [expect.objectContaining({ weekdayEn: 'monday' })] });
    const global = await onlyEntry(superToken, 'action=globalSetting.update&entityId=supportContact', '/all-audit-log');
    expect(global).toMatchObject({ companyId: null, after: { supportContact: 'billing@platform.test' } });
  });

  it('issue 38 point 6: plans and companies changed by the super admin', async () => {
    const plan = await call('POST', '/plans', superToken, { name: `Audit plan ${Date.now()}` });
    expect(plan.status).toBe(201);
    const planId = (plan.body as { id: number }).id;
    expect((await call('PUT', `/plans/${planId}`, superToken, { users: 7 })).status).toBe(200);
    const company = await call('POST', '/companies', superToken, { name: 'Audited Co', email: `owner-${Date.now()}@audit.test`, password: 'first-pass', planId });
    expect(company.status).toBe(201);
    const companyId = (company.body as { id: number }).id;
    expect((await call('PUT', `/companies/${companyId}`, superToken, { name: 'Audited Co 2' })).status).toBe(200);
    expect((await call('DELETE', `/companies/${companyId}`, superToken)).status).toBe(204);

    expect(await onlyEntry(superToken, `action=plan.update&entityId=${planId}`, '/all-audit-log')).toMatchObject({ companyId: null, before: { users: 0 }, after: { users: 7 } });
    expect((await onlyEntry(superToken, `action=company.create&companyId=${companyId}`, '/all-audit-log')).after).toMatchObject({ name: 'Audited Co' });
    expect(await onlyEntry(superToken, `action=company.update&companyId=${companyId}`, '/all-audit-log')).toMatchObject({ before: { name: 'Audited Co' }, after: { name: 'Audited Co 2' } });
    expect((await onlyEntry(superToken, `action=company.delete&companyId=${companyId}`, '/all-audit-log')).before).toMatchObject({ name: 'Audited Co 2' });
  });

  it("issue 38 point 6: a queue integration's service account and a webhook URL's credentials are masked", async () => {
    const a = await adminOf();
    const serviceAccount = JSON.stringify({ type: 'service_account', project_id: 'bot', client_email: 'bot@bot.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nvery-private\n-----END PRIVATE KEY-----\n' });
    const integration = await call('POST', '/queueIntegration', a.token, { type: 'dialogflow', name: 'Flow', projectName: 'bot', language: 'pt-BR', jsonContent: serviceAccount });
    expect(integration.status).toBe(201);
    const n8n = await call('POST', '/queueIntegration', a.token, { type: 'n8n', name: 'Flow n8n', urlN8N: 'https://bot:hunter2@n8n.example.com/hook?token=abc&x=1' });
    expect(n8n.status).toBe(201);
    const created = await onlyEntry(a.token, `action=queueIntegration.create&entityId=${(integration.body as { id: number }).id}`);
    expect(created.after).toMatchObject({ name: 'Flow', jsonContent: MASKED_VALUE });
    const hook = await onlyEntry(a.token, `action=queueIntegration.create&entityId=${(n8n.body as { id: number }).id}`);
    expect(hook.after?.urlN8N).toBe(`https://${MASKED_VALUE}:${MASKED_VALUE}@n8n.example.com/hook?token=${encodeURIComponent(MASKED_VALUE)}&x=1`);
    expect(JSON.stringify([created, hook])).not.toMatch(/very-private|hunter2|token=abc/);
  });

  it("issue 38 point 6: a prompt's apiKey and voiceKey are masked", async () => {
    const a = await adminOf();
    const queue = await createQueue(t.db, a.company.id);
    const prompt = await call('POST', '/prompt', a.token, { name: 'Talk', prompt: 'Você é a assistente da loja, responda com educação.', apiKey: 'sk-secret-key-0001', queueId: queue.id });
    expect(prompt.status).toBe(201);
    const promptId = (prompt.body as { id: number }).id;
    expect((await call('PUT', `/prompt/${promptId}`, a.token, { name: 'Talk 2', apiKey: 'sk-secret-key-0002', voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-secret', voiceRegion: 'brazilsouth' })).status).toBe(200);

    expect((await onlyEntry(a.token, 'action=prompt.create')).after).toMatchObject({ name: 'Talk', apiKey: MASKED_VALUE });
    const update = await onlyEntry(a.token, 'action=prompt.update');
    expect(update).toMatchObject({ before: { name: 'Talk', apiKey: MASKED_VALUE }, after: { name: 'Talk 2', apiKey: MASKED_VALUE, voiceKey: MASKED_VALUE } });
    expect(JSON.stringify(update)).not.toMatch(/sk-secret|azure-secret/);
  });

  it("issue 38 point 6: an API key created and revoked, and a webhook endpoint created, updated, its secret rotated and deleted, secrets masked", async () => {
    const a = await adminOf();
    const key = await call('POST', '/api-keys', a.token, { name: 'CRM', scopes: ['tickets:read'] });
    expect(key.status).toBe(201);
    const keyId = (key.body as { id: number }).id;
    expect((await call('DELETE', `/api-keys/${keyId}`, a.token)).status).toBe(200);
    const created = await onlyEntry(a.token, 'action=apiKey.create');
    expect(created.after).toMatchObject({ name: 'CRM', key: MASKED_VALUE, scopes: ['tickets:read'] });
    expect(JSON.stringify(created)).not.toContain((key.body as { key: string }).key);
    expect(await onlyEntry(a.token, 'action=apiKey.revoke')).toMatchObject({ entityId: String(keyId), before: { name: 'CRM' } });

    const endpoint = await call('POST', '/webhook-endpoints', a.token, { url: `${t.url}/hook`, events: ['ticket.created'] });
    expect(endpoint.status).toBe(201);
    const { endpoint: view, secret } = endpoint.body as { endpoint: { id: number }; secret: string };
    expect((await call('PUT', `/webhook-endpoints/${view.id}`, a.token, { description: 'CRM sync' })).status).toBe(200);
    expect((await call('POST', `/webhook-endpoints/${view.id}/secret`, a.token)).status).toBe(200);
    expect((await call('DELETE', `/webhook-endpoints/${view.id}`, a.token)).status).toBe(200);
    expect((await onlyEntry(a.token, 'action=webhookEndpoint.create')).after).toMatchObject({ secret: MASKED_VALUE, events: ['ticket.created'] });
    expect(await onlyEntry(a.token, 'action=webhookEndpoint.update')).toMatchObject({ before: { description: '' }, after: { description: 'CRM sync' } });
    expect(await onlyEntry(a.token, 'action=webhookEndpoint.rotateSecret')).toMatchObject({ before: { secret: MASKED_VALUE }, after: { secret: MASKED_VALUE } });
    expect((await onlyEntry(a.token, 'action=webhookEndpoint.delete')).before).toMatchObject({ description: 'CRM sync', secret: MASKED_VALUE });
    expect(JSON.stringify(await entries(a.token, 'entityType=webhookEndpoint'))).not.toContain(secret);
  });

  it('issue 38 point 6: a sign-in and a failed sign-in with address and user agent; an unknown email is recorded for no company', async () => {
    const a = await adminOf();
    const attendant = await createUser(t.db, a.company.id, { profile: 'user' });
    const login = (email: string, password: string) => t.request('POST', '/auth/login', { body: { email, password }, headers: { 'user-agent': BROWSER } });
    expect((await login(attendant.email, 'wrong-password')).status).toBe(401);
    expect((await login(attendant.email, TEST_PASSWORD)).status).toBe(200);
    const unknown = `nobody-${Date.now()}@audit.test`;
    expect((await login(unknown, 'whatever-1')).status).toBe(401);

    expect(await onlyEntry(a.token, `action=auth.signIn&entityId=${attendant.id}`)).toMatchObject({ actorUserId: attendant.id, ip: '127.0.0.1', userAgent: BROWSER, companyId: a.company.id });
    expect(await onlyEntry(a.token, 'action=auth.signInFailed')).toMatchObject({
      actorUserId: null,
      entityId: String(attendant.id),
      ip: '127.0.0.1',
      userAgent: BROWSER,
      after: { email: attendant.email },
    });
    const failed = (await entries(superToken, 'action=auth.signInFailed', '/all-audit-log')).find((entry) => entry.after?.email === unknown);
    expect(failed).toMatchObject({ companyId: null, entityId: null, userAgent: BROWSER });
  });

  it('issue 38 point 6: a password change is recorded, the hashes masked', async () => {
    const a = await adminOf();
    expect((await call('PUT', '/auth/password', a.token, { currentPassword: TEST_PASSWORD, password: 'a-new-password-1' })).status).toBe(200);
    expect(await onlyEntry(a.token, 'action=auth.passwordChanged')).toMatchObject({ actorUserId: a.admin.id, entityId: String(a.admin.id), after: { password: MASKED_VALUE } });
  });

  it('issue 38 point 6: the entry is written in the transaction of the change: when it cannot be written, the change is not made either', async () => {
    const a = await adminOf();
    await t.db.execute(sql.raw(`alter table audit_log add constraint audit_refuses_company_${a.company.id} check (company_id is distinct from ${a.company.id} or action <> 'queue.create')`));
    try {
      const refused = await call('POST', '/queue', a.token, { name: 'Never', color: '#445566' });
      expect(refused.status).toBe(500);
      const queues = await t.request<{ name: string }[]>('GET', '/queue', { token: a.token });
      expect(queues.body.map((queue) => queue.name)).not.toContain('Never');
    } finally {
      await t.db.execute(sql.raw(`alter table audit_log drop constraint audit_refuses_company_${a.company.id}`));
    }
    // and a change that fails records nothing: a colour another queue has
    await createQueue(t.db, a.company.id, 'Taken');
    const taken = await t.request<{ color: string; name: string }[]>('GET', '/queue', { token: a.token });
    const other = await call('POST', '/queue', a.token, { name: 'Other', color: '#778899' });
    const otherId = (other.body as { id: number }).id;
    const clash = await call('PUT', `/queue/${otherId}`, a.token, { name: 'Other', color: taken.body.find((queue) => queue.name === 'Taken')?.color });
    expect(clash.status).toBe(400);
    expect(await entries(a.token, 'action=queue.update')).toEqual([]);
  });
});
