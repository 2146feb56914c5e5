import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connections, prompts, queueIntegrations } from '../../src/db/schema.ts';
import { connectSocket, recordEvents, setupAttendance, type SeenEvent } from '../helpers/attendance.ts';
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

const adminOf = async (options: Parameters<typeof createCompany>[1] = {}) => {
  const tenant = await createCompany(t.db, options);
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  const create = (body: Record<string, unknown>) => t.request('POST', '/whatsapp', { token: session.token, body });
  const update = (id: number, body: Record<string, unknown>) => t.request('PUT', `/whatsapp/${id}`, { token: session.token, body });
  return { ...tenant, token: session.token, create, update };
};

describe('connections (02-operations §3 Connection, §5, §7 Connections)', () => {
  it('creates connections with the §9 defaults and a 30-character token; the first is the default', async () => {
    const s = await adminOf();
    const first = await s.create({ name: 'Vendas', channel: 'whatsapp' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Vendas',
      channel: 'whatsapp',
      status: 'qrcode',
      isDefault: true,
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      provider: 'beta',
      expiresTicket: 0,
      timeSendQueue: 0,
      timeCreateNewTicket: 0,
      whenExpiresTicket: '0',
      queues: [],
    });
    expect(first.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(first.body).not.toHaveProperty('channelConfig');
    const second = await s.create({ name: 'Suporte', channel: 'whatsapp' });
    expect(second.body.isDefault).toBe(false);
    const list = await t.request('GET', '/whatsapp?session=0', { token: s.token });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Suporte', 'Vendas']);
  });

  it('a sandbox connection of a company with ratings on takes its rating message and time in the short form (02-operations §3 NPS)', async () => {
    const s = await adminOf();
    expect((await t.request('PUT', '/companySettings', { token: s.token, body: { column: 'userRating', data: 'enabled' } })).status).toBe(200);
    const sandbox = (body: Record<string, unknown>) => t.request('POST', '/sandbox/connections', { token: s.token, body });
    expect(await sandbox({ name: 'Teste' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.ratingMessage', message: 'validation.npsNeedsMessage' }] } });
    expect((await t.request('GET', '/whatsapp?session=0', { token: s.token })).body).toEqual([]);
    const created = await sandbox({ name: 'Teste', ratingMessage: 'De 0 a 10, quanto nos recomendaria?', expiresTicketNPS: 30 });
    expect(created).toMatchObject({ status: 201, body: { channel: 'sandbox', status: 'CONNECTED', ratingMessage: 'De 0 a 10, quanto nos recomendaria?', expiresTicketNPS: 30 } });
  });

  it('keeps one default: unsetting the only default is ERR_NO_OTHER_WHATSAPP; setting another moves it', async () => {
    const s = await adminOf();
    const first = (await s.create({ name: 'Linha A', channel: 'whatsapp' })).body;
    const second = (await s.create({ name: 'Linha B', channel: 'whatsapp' })).body;
    expect(await s.update(first.id, { isDefault: false })).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect((await s.update(second.id, { isDefault: true })).body.isDefault).toBe(true);
    expect((await t.request('GET', `/whatsapp/${first.id}`, { token: s.token })).body.isDefault).toBe(false);
    expect((await t.request('DELETE', `/whatsapp/${second.id}`, { token: s.token })).status).toBe(204);
    expect((await t.request('GET', `/whatsapp/${first.id}`, { token: s.token })).body.isDefault).toBe(true);
  });

  it('validates the form: name bounds, greeting with several queues, redirect time and queue together, NPS with ratings', async () => {
    const s = await adminOf();
    const q1 = await createQueue(t.db, s.company.id);
    const q2 = await createQueue(t.db, s.company.id);
    expect((await s.create({ name: 'A', channel: 'whatsapp' })).body.fields).toEqual([{ path: 'body.name', message: 'validation.tooShort' }]);
    expect(await s.create({ name: 'Duas filas', channel: 'whatsapp', queueIds: [q1.id, q2.id] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
    const redirect = await s.create({ name: 'Redirect', channel: 'whatsapp', timeSendQueue: 10 });
    expect(redirect.body.fields).toEqual([{ path: 'body.sendIdQueue', message: 'validation.redirectNeedsBoth' }]);
    const emptyTime = await s.create({ name: 'Vazio', channel: 'whatsapp', timeSendQueue: '' });
    expect(emptyTime.body.timeSendQueue).toBe(0);
    await t.request('PUT', '/companySettings', { token: s.token, body: { column: 'userRating', data: 'enabled' } });
    const nps = await s.create({ name: 'Com NPS', channel: 'whatsapp' });
    expect(nps.body.fields).toEqual([{ path: 'body.ratingMessage', message: 'validation.npsNeedsMessage' }]);
    const npsTime = await s.create({ name: 'Com NPS', channel: 'whatsapp', ratingMessage: 'Nota de 0 a 10?' });
    expect(npsTime.body.fields).toEqual([{ path: 'body.expiresTicketNPS', message: 'validation.npsNeedsTime' }]);
    const ok = await s.create({
      name: 'Com NPS',
      channel: 'whatsapp',
      ratingMessage: 'Nota de 0 a 10?',
      expiresTicketNPS: 30,
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Escolha: 1 ou 2',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    const vacation = await s.update(ok.body.id, { collectiveVacationMessage: 'Férias coletivas' });
    expect(vacation.status).toBe(400);
  });

  it("integrationId and promptId name the company's own records: unknown or another company's ids are refused as the queues refuse them, and nothing changes (02-operations §3 Connection; issue 33 point 4)", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const records = async (tenant: Awaited<ReturnType<typeof adminOf>>) => {
      const queue = await createQueue(t.db, tenant.company.id);
      const [integration] = await t.db.insert(queueIntegrations).values({ companyId: tenant.company.id, type: 'webhook', name: 'Hook' }).returning();
      const [prompt] = await t.db.insert(prompts).values({ companyId: tenant.company.id, name: 'Talk', prompt: 'Seja cordial', apiKey: 'sealed', queueId: queue.id }).returning();
      return { integrationId: integration.id, promptId: prompt.id };
    };
    const ours = await records(s);
    const theirs = await records(other);
    const refusal = (path: string, message: string) => ({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path, message }] } });

    for (const [body, path, message] of [
      [{ integrationId: theirs.integrationId }, 'body.integrationId', 'validation.unknownIntegration'],
      [{ integrationId: 999999 }, 'body.integrationId', 'validation.unknownIntegration'],
      [{ promptId: theirs.promptId }, 'body.promptId', 'validation.unknownPrompt'],
      [{ promptId: 999999 }, 'body.promptId', 'validation.unknownPrompt'],
    ] as const) {
      expect(await s.create({ name: 'Intrusa', channel: 'sandbox', ...body })).toMatchObject(refusal(path, message));
    }
    expect(await t.db.select().from(connections).where(eq(connections.companyId, s.company.id))).toEqual([]);

    const created = await s.create({ name: 'Própria', channel: 'sandbox', ...ours });
    expect(created).toMatchObject({ status: 201, body: ours });
    const stored = async () => (await t.db.select().from(connections).where(eq(connections.id, created.body.id)))[0];
    const before = await stored();
    for (const [body, path, message] of [
      [{ integrationId: theirs.integrationId }, 'body.integrationId', 'validation.unknownIntegration'],
      [{ integrationId: 999999, name: 'Renomeada' }, 'body.integrationId', 'validation.unknownIntegration'],
      [{ promptId: theirs.promptId }, 'body.promptId', 'validation.unknownPrompt'],
      [{ promptId: 999999 }, 'body.promptId', 'validation.unknownPrompt'],
    ] as const) {
      expect(await s.update(created.body.id, body)).toMatchObject(refusal(path, message));
    }
    expect(await stored()).toEqual(before);
    // clearing them is fine
    expect(await s.update(created.body.id, { integrationId: null, promptId: null })).toMatchObject({ status: 200, body: { integrationId: null, promptId: null } });
  });

  it("enforces the plan's connection limit and its channel flags (03-saas §3 Plan)", async () => {
    const s = await adminOf({ planFlags: { connections: 1, useFacebook: false } });
    expect((await s.create({ name: 'Facebook', channel: 'facebook' })).status).toBe(403);
    expect((await s.create({ name: 'Uma', channel: 'whatsapp' })).status).toBe(201);
    expect(await s.create({ name: 'Duas', channel: 'whatsapp' })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
  });

  it('a regenerated token is saved; a token taken by another connection is refused', async () => {
    const s = await adminOf();
    const one = (await s.create({ name: 'Um', channel: 'whatsapp' })).body;
    const two = (await s.create({ name: 'Dois', channel: 'whatsapp' })).body;
    const fresh = 'A'.repeat(30);
    expect((await s.update(one.id, { token: fresh })).body.token).toBe(fresh);
    expect((await s.update(two.id, { token: fresh })).status).toBe(400);
    expect((await s.update(two.id, { token: 'short' })).status).toBe(400);
  });

  it('profile users list connections but cannot add, edit or delete them unless allowConnections (01-core §6)', async () => {
    const s = await adminOf();
    const line = (await s.create({ name: 'Linha', channel: 'whatsapp' })).body;
    const plain = await createUser(t.db, s.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    expect((await t.request('GET', '/whatsapp', { token: plainToken })).status).toBe(200);
    expect((await t.request('POST', '/whatsapp', { token: plainToken, body: { name: 'X1', channel: 'whatsapp' } })).status).toBe(403);
    expect((await t.request('PUT', `/whatsapp/${line.id}`, { token: plainToken, body: { name: 'X1' } })).status).toBe(403);
    const allowed = await createUser(t.db, s.company.id, { allowConnections: 'enabled' });
    const allowedToken = (await t.login(allowed.email, TEST_PASSWORD)).token;
    expect((await t.request('PUT', `/whatsapp/${line.id}`, { token: allowedToken, body: { name: 'Renomeada' } })).body.name).toBe('Renomeada');
  });

  it('the external API token reaches only admins and users with allowConnections, in answers and live events (issue 12, 01-core §6, 02-operations §7)', async () => {
    const s = await adminOf();
    const line = (await s.create({ name: 'Linha', channel: 'whatsapp' })).body;
    const plain = await createUser(t.db, s.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    const allowed = await createUser(t.db, s.company.id, { allowConnections: 'enabled' });
    const allowedToken = (await t.login(allowed.email, TEST_PASSWORD)).token;

    const listed = await t.request('GET', '/whatsapp', { token: plainToken });
    expect(listed.body.map((connection: { id: number }) => connection.id)).toEqual([line.id]);
    expect(listed.body[0]).not.toHaveProperty('token');
    expect((await t.request('GET', '/whatsapp/filter?channel=whatsapp', { token: plainToken })).body[0]).not.toHaveProperty('token');
    const shown = await t.request('GET', `/whatsapp/${line.id}`, { token: plainToken });
    expect(shown.body).toMatchObject({ id: line.id, name: 'Linha' });
    expect(shown.body).not.toHaveProperty('token');
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: allowedToken })).body.token).toBe(line.token);
    expect((await t.request('GET', '/whatsapp', { token: allowedToken })).body[0].token).toBe(line.token);

    const channel = `company-${s.company.id}-whatsapp`;
    const watchers = await Promise.all([s.token, plainToken, allowedToken].map((token) => connectSocket(t, token)));
    sockets.push(...watchers);
    const [adminSeen, plainSeen, allowedSeen] = watchers.map(recordEvents);
    expect((await s.update(line.id, { name: 'Renomeada' })).status).toBe(200);
    const renamed = (seen: SeenEvent[]) => () =>
      seen.find((event) => event.channel === channel && event.payload.whatsapp?.name === 'Renomeada')?.payload.whatsapp;
    await expect.poll(renamed(adminSeen)).toMatchObject({ token: line.token });
    await expect.poll(renamed(allowedSeen)).toMatchObject({ token: line.token });
    await expect.poll(renamed(plainSeen)).toMatchObject({ id: line.id });
    expect(JSON.stringify(plainSeen)).not.toContain(line.token);
  });

  it('the QR code reaches only admins and users with allowConnections: whoever scans it links the connection (issue 12, 01-core §6)', async () => {
    const s = await adminOf();
    // a connection no WhatsApp session runs for, so nothing but this test writes its QR code
    const line = (await t.request('POST', '/sandbox/connections', { token: s.token, body: { name: 'Linha' } })).body;
    await t.db.update(connections).set({ status: 'qrcode', qrcode: 'qr-of-the-session' }).where(eq(connections.id, line.id));
    const plainToken = (await t.login((await createUser(t.db, s.company.id)).email, TEST_PASSWORD)).token;
    const allowed = await createUser(t.db, s.company.id, { allowConnections: 'enabled' });
    const allowedToken = (await t.login(allowed.email, TEST_PASSWORD)).token;
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: plainToken })).body).toMatchObject({ status: 'qrcode', qrcode: '' });
    expect((await t.request('GET', '/whatsapp', { token: plainToken })).body[0].qrcode).toBe('');
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: allowedToken })).body.qrcode).toBe('qr-of-the-session');
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: s.token })).body.qrcode).toBe('qr-of-the-session');
  });

  it("deleting a connection closes its live tickets, even when the contact has live tickets on other connections (02-operations §7)", async () => {
    const a = await setupAttendance(t);
    const other = await t.request('POST', '/sandbox/connections', { token: a.adminSession.token, body: { name: 'Segunda linha' } });
    await a.inbound('5511966660001', 'pela primeira linha');
    const second = await t.request('POST', `/sandbox/${other.body.id}/messages`, {
      token: a.adminSession.token,
      body: { from: '5511966660001', name: 'Cliente', body: 'pela segunda linha' },
    });
    const removed = await t.request('DELETE', `/whatsapp/${other.body.id}`, { token: a.adminSession.token });
    expect(removed.status).toBe(204);
    const ticket = await a.ticket(a.adminSession.token, second.body.ticketId);
    expect(ticket).toMatchObject({ status: 'closed', whatsappId: null });
    expect(await a.logTypes(ticket.id)).toContain('closed');
    // the first connection's conversation goes on
    expect((await a.inbound('5511966660001', 'ainda aqui')).ticketId).not.toBe(ticket.id);
  });

  it('greeting attachment: an image or video is stored under a generated name; anything else is refused; DELETE clears it (02-operations §5, §7)', async () => {
    const s = await adminOf();
    const line = (await s.create({ name: 'Com anexo' })).body;
    const upload = (content: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), name);
      return t.request('POST', `/whatsapp/${line.id}/media-upload`, { token: s.token, rawBody: form });
    };
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const stored = await upload(png, '../../evil.html');
    expect(stored.status).toBe(200);
    expect(stored.body.greetingMediaAttachment).toMatch(/^\/public\/company\d+\/greeting\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(t.url + stored.body.greetingMediaAttachment);
    expect(served.headers.get('content-type')).toBe('image/png');
    const refused = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect(refused.status).toBe(400);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: s.token })).body.greetingMediaAttachment).toBe(stored.body.greetingMediaAttachment);
    const cleared = await t.request('DELETE', `/whatsapp/${line.id}/media-upload`, { token: s.token });
    expect(cleared.body.greetingMediaAttachment).toBeNull();
    expect((await fetch(t.url + stored.body.greetingMediaAttachment)).status).toBe(404);
  });
});
