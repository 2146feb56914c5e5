// Issue 37 point 2: API keys for the whole API — made and shown once, stored hashed, limited by
// their scopes, their user's permissions and the company's plan, rate limited per key, revocable
// by the company's admin and by the super admin.
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, companies, plans } from '../../src/db/schema.ts';
import { createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const KEY_LIMIT = 5;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimit: { windowSeconds: 60, maxPerIp: 100_000, refreshMaxPerIp: 1000, messagesApiMaxPerToken: 1000, signupMaxPerIp: 1000, apiKeyMax: 1000 },
  });
});
afterAll(() => t?.close());

type Attendance = Awaited<ReturnType<typeof setupAttendance>>;
type CreatedKey = { id: number; key: string; prefix: string; scopes: string[] };

const createKey = async (token: string, body: Record<string, unknown>) => {
  const answer = await t.request<CreatedKey>('POST', '/api-keys', { token, body: { name: 'CRM', ...body } });
  expect(answer.status).toBe(201);
  return answer.body;
};

const planOf = (companyId: number) => inArray(plans.id, t.db.select({ id: companies.planId }).from(companies).where(eq(companies.id, companyId)));

const seedTicket = async (a: Attendance, number: string) => {
  const { ticketId } = await a.inbound(number, 'hello');
  return ticketId;
};

describe('API keys (issue 37 point 2)', () => {
  it('issue 37 point 2: a created key is answered once and only its SHA-256 is stored', async () => {
    const a = await setupAttendance(t);
    const created = await createKey(a.adminSession.token, { scopes: ['tickets:read'] });
    expect(created.key).toMatch(new RegExp(`^atk_${created.prefix}_[A-Za-z0-9_-]{43}$`));

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(-20));

    const listed = await t.request('GET', '/api-keys', { token: a.adminSession.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.id, name: 'CRM', prefix: created.prefix, scopes: ['tickets:read'], revoked: false, lastUsedAt: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
  });

  it('issue 37 point 2: a key reads within its scopes, is refused 403 outside them, and write implies read', async () => {
    const a = await setupAttendance(t);
    const ticketId = await seedTicket(a, '5511944440001');
    const reader = await createKey(a.adminSession.token, { scopes: ['tickets:read'] });

    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: reader.key });
    expect(ticket.status).toBe(200);
    expect(ticket.body.id).toBe(ticketId);
    // writing tickets, another area, and routes no key may call
    for (const [method, path, body] of [
      ['PUT', `/tickets/${ticketId}`, { status: 'open', userId: a.admin.id }],
      ['GET', '/contacts', undefined],
      ['GET', '/auth/me', undefined],
      ['GET', '/api-keys', undefined],
      ['GET', '/settings', undefined],
      ['GET', '/companies', undefined],
    ] as const) {
      const answer = await t.request(method, path, { token: reader.key, body });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }

    const writer = await createKey(a.adminSession.token, { scopes: ['contacts:write'] });
    expect((await t.request('GET', '/contacts', { token: writer.key })).status).toBe(200);
    const made = await t.request('POST', '/contacts', { token: writer.key, body: { name: 'From the CRM', number: '5511944440099' } });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe('From the CRM');
  });

  it('issue 37 point 2: a revoked, an expired, an unknown or a malformed key answers 401', async () => {
    const a = await setupAttendance(t);
    const revoked = await createKey(a.adminSession.token, { scopes: ['tickets:read'] });
    expect((await t.request('GET', '/tickets', { token: revoked.key })).status).toBe(200);
    const revoking = await t.request('DELETE', `/api-keys/${revoked.id}`, { token: a.adminSession.token });
    expect(revoking.status).toBe(200);
    expect(revoking.body.revoked).toBe(true);

    const expired = await createKey(a.adminSession.token, { scopes: ['tickets:read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expired.id));

    for (const key of [revoked.key, expired.key, `atk_${revoked.prefix}_${'x'.repeat(43)}`, 'atk_', 'atk_garbage']) {
      const answer = await t.request('GET', '/tickets', { token: key });
      expect({ key, status: answer.status, body: answer.body }).toEqual({ key, status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('issue 37 point 2: an expiry in the past is refused when the key is made', async () => {
    const a = await setupAttendance(t);
    const answer = await t.request('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'Old', scopes: ['tickets:read'], expiresAt: '2020-01-01T00:00:00Z' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'body.expiresAt' }] });
  });

  it("issue 37 point 2: a key never reaches another company's records", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const theirTicket = await seedTicket(a, '5511944440002');
    const key = await createKey(b.adminSession.token, { scopes: ['tickets:write', 'contacts:write'] });
    expect((await t.request('GET', `/tickets/${theirTicket}`, { token: key.key })).status).toBe(404);
    const list = await t.request('GET', '/tickets?showAll=true&status=pending', { token: key.key });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('5511944440002');
  });

  it("issue 37 point 2: a key can do no more than its user's permissions and the company's plan", async () => {
    const a = await setupAttendance(t);
    // a plain user's key with every scope still cannot reach the admin's routes
    const plain = await createUser(t.db, a.company.id, { profile: 'user' });
    const session = await t.login(plain.email, TEST_PASSWORD);
    // the keys screen is an admin's: a plain user cannot make a key at all
    expect((await t.request('POST', '/api-keys', { token: session.token, body: { name: 'Mine', scopes: ['queues:write'] } })).status).toBe(403);
    await t.db
      .insert(apiKeys)
      .values({ companyId: a.company.id, userId: plain.id, name: 'Plain', prefix: 'plain000', keyHash: createHash('sha256').update('atk_plain000_secret').digest('hex'), scopes: ['queues:write', 'campaigns:write'] })
      .returning();
    expect((await t.request('POST', '/users', { token: 'atk_plain000_secret', body: { name: 'Sneaky', email: 'sneaky@a.test', password: 'secret-1' } })).status).toBe(403);

    // a plan without the campaigns area refuses its routes to a key with the campaigns scope
    const campaignsKey = await createKey(a.adminSession.token, { scopes: ['campaigns:read'] });
    expect((await t.request('GET', '/campaigns', { token: campaignsKey.key })).status).toBe(200);
    await t.db.update(plans).set({ useCampaigns: false }).where(planOf(a.company.id));
    expect((await t.request('GET', '/campaigns', { token: campaignsKey.key })).status).toBe(403);

    // and a plan without the external API stops every key of the company
    const ticketsKey = await createKey(a.adminSession.token, { scopes: ['tickets:read'] });
    expect((await t.request('GET', '/tickets', { token: ticketsKey.key })).status).toBe(200);
    await t.db.update(plans).set({ useExternalApi: false }).where(planOf(a.company.id));
    expect((await t.request('GET', '/tickets', { token: ticketsKey.key })).status).toBe(403);
  });

  it('issue 37 point 2: Socket.IO does not take a key: its handshake refuses one as it refuses any other non-token', async () => {
    const a = await setupAttendance(t);
    const key = await createKey(a.adminSession.token, { scopes: ['tickets:write'] });
    const socket = io(t.url, { auth: { token: key.key }, transports: ['websocket'], reconnection: false });
    try {
      const refused = await new Promise<Error>((resolve, reject) => {
        socket.on('connect', () => reject(new Error('a key opened a socket')));
        socket.on('connect_error', resolve);
      });
      expect(refused.message).toBe('ERR_SESSION_EXPIRED');
    } finally {
      socket.close();
    }
  });

  it('issue 37 point 2: the last use is recorded', async () => {
    const a = await setupAttendance(t);
    const key = await createKey(a.adminSession.token, { scopes: ['reports:read'] });
    expect((await t.request('GET', '/dashboard', { token: key.key })).status).not.toBe(403);
    const [listed] = (await t.request('GET', '/api-keys', { token: a.adminSession.token })).body as { lastUsedAt: string | null }[];
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('issue 37 point 2: the super admin lists and revokes any company\'s keys; a company admin cannot', async () => {
    const a = await setupAttendance(t);
    const key = await createKey(a.adminSession.token, { scopes: ['tickets:read'] });
    expect((await t.request('GET', '/api-keys/all', { token: a.adminSession.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api-keys/all/${key.id}`, { token: a.adminSession.token })).status).toBe(403);

    const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const all = await t.request('GET', `/api-keys/all?companyId=${a.company.id}`, { token: superSession.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ apiKeys: [expect.objectContaining({ id: key.id, companyId: a.company.id, companyName: a.company.name, revoked: false })], hasMore: false });
    const revoked = await t.request('DELETE', `/api-keys/all/${key.id}`, { token: superSession.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBe(true);
    expect((await t.request('GET', '/tickets', { token: key.key })).status).toBe(401);
    expect((await t.request('DELETE', '/api-keys/all/999999', { token: superSession.token })).status).toBe(404);
  });
});

describe('API key rate limit (issue 37 point 2)', () => {
  it(`issue 37 point 2: a key's calls past its limit answer 429 with Retry-After, while another key goes on`, async () => {
    const limited = await startTestApp({
      rateLimit: { windowSeconds: 60, maxPerIp: 100_000, refreshMaxPerIp: 1000, messagesApiMaxPerToken: 1000, signupMaxPerIp: 1000, apiKeyMax: KEY_LIMIT },
    });
    try {
      const a = await setupAttendance(limited);
      const first = (await limited.request<CreatedKey>('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'One', scopes: ['tickets:read'] } })).body;
      const second = (await limited.request<CreatedKey>('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'Two', scopes: ['tickets:read'] } })).body;
      const statuses = [];
      for (let call = 0; call <= KEY_LIMIT; call++) statuses.push((await limited.request('GET', '/tickets', { token: first.key })).status);
      expect(statuses).toEqual([...Array(KEY_LIMIT).fill(200), 429]);
      const refused = await limited.request('GET', '/tickets', { token: first.key });
      expect(refused.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.request('GET', '/tickets', { token: second.key })).status).toBe(200);
      // the admin's own sign-in is not counted against the keys
      expect((await limited.request('GET', '/tickets', { token: a.adminSession.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
