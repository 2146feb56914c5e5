import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_SESSIONS } from '@atende/shared/sessions';
import { auditLog } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

type Session = { token: string; sessionId: string; cookie: string };

// a sign-in from a browser that names itself, as the web app's requests do
const signIn = async (email: string, userAgent: string, password = TEST_PASSWORD): Promise<Session> => {
  const response = await fetch(`${t.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token: string; sessionId: string };
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.token, sessionId: body.sessionId, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] };
};

const refresh = (session: Session, userAgent: string) =>
  fetch(`${t.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: session.cookie, 'user-agent': userAgent } });

const connect = async (token: string) => {
  const socket = await connectSocket(t, token);
  sockets.push(socket);
  return socket;
};

const allowSeveralSessions = async (adminEmail: string) => {
  const admin = await t.login(adminEmail, TEST_PASSWORD);
  const changed = await t.request('PUT', '/companySettings', { token: admin.token, body: { column: 'singleSession', data: 'disabled' } });
  expect(changed.status).toBe(200);
  return admin;
};

const auditActions = async (companyId: number, entityId: string) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityId, entityId)))).map((row) => row.action);

describe('GET /auth/sessions (issue 38 point 5)', () => {
  it('with singleSession disabled lists both sign-ins with device, address, sign-in and last use; the caller is current', async () => {
    const { company, admin } = await createCompany(t.db);
    const attendant = await createUser(t.db, company.id, { profile: 'user' });
    await allowSeveralSessions(admin.email);
    const laptop = await signIn(attendant.email, CHROME_ON_WINDOWS);
    const phone = await signIn(attendant.email, SAFARI_ON_IOS);

    const listed = await t.request('GET', '/auth/sessions', { token: phone.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: laptop.sessionId, userAgent: CHROME_ON_WINDOWS, browser: 'Chrome', os: 'Windows', ip: '127.0.0.1', current: false }),
        expect.objectContaining({ id: phone.sessionId, userAgent: SAFARI_ON_IOS, browser: 'Safari', os: 'iOS', ip: '127.0.0.1', current: true }),
      ]),
    );
    // both sign-ins still work
    expect((await t.request('GET', '/auth/me', { token: laptop.token })).status).toBe(200);

    // a refresh is the sign-in's last use, from the device and address it came from then
    const before = (listed.body as { id: string; signedInAt: string; lastUsedAt: string }[]).find((row) => row.id === laptop.sessionId)!;
    expect((await refresh(laptop, FIREFOX_ON_LINUX)).status).toBe(200);
    const after = ((await t.request('GET', '/auth/sessions', { token: phone.token })).body as { id: string; signedInAt: string; lastUsedAt: string; browser: string }[]).find(
      (row) => row.id === laptop.sessionId,
    )!;
    expect(after).toMatchObject({ signedInAt: before.signedInAt, browser: 'Firefox' });
    // the refresh came after the listing, so its last use is later than the sign-in's
    expect(new Date(after.lastUsedAt).getTime()).toBeGreaterThan(new Date(before.lastUsedAt).getTime());
  });

  it('with singleSession enabled (the default) a new sign-in ends the older one, which leaves the list (01-core §4 Session)', async () => {
    const { admin } = await createCompany(t.db);
    const older = await signIn(admin.email, CHROME_ON_WINDOWS);
    const newer = await signIn(admin.email, SAFARI_ON_IOS);
    const listed = await t.request('GET', '/auth/sessions', { token: newer.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: newer.sessionId, current: true })]);
    expect((await t.request('GET', '/auth/me', { token: older.token })).status).toBe(401);
  });

  it(`keeps at most ${MAX_OPEN_SESSIONS} sign-ins open where several are allowed: the oldest ends, and its tab is told`, async () => {
    const { company, admin } = await createCompany(t.db);
    const attendant = await createUser(t.db, company.id, { profile: 'user' });
    await allowSeveralSessions(admin.email);
    const sessions: Session[] = [];
    for (let i = 0; i < MAX_OPEN_SESSIONS; i++) sessions.push(await signIn(attendant.email, CHROME_ON_WINDOWS));
    const oldest = await connect(sessions[0].token);
    const told = new Promise((resolve) => oldest.once(`company-${company.id}-auth`, resolve));
    sessions.push(await signIn(attendant.email, CHROME_ON_WINDOWS));
    expect(await told).toEqual({ action: 'end', user: { id: attendant.id }, sessionIds: [sessions[0].sessionId], endedBy: 'user' });
    const listed = await t.request('GET', '/auth/sessions', { token: sessions[MAX_OPEN_SESSIONS].token });
    expect(listed.body).toHaveLength(MAX_OPEN_SESSIONS);
    expect((listed.body as { id: string }[]).map((row) => row.id)).not.toContain(sessions[0].sessionId);
    expect((await t.request('GET', '/auth/me', { token: sessions[0].token })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: sessions[1].token })).status).toBe(200);
  });
});

describe('DELETE /auth/sessions/{id} (issue 38 point 5)', () => {
  it('ends one of one\'s sign-ins: its refresh is refused, its access token answers 401, its socket is told and closed; recorded', async () => {
    const { company, admin } = await createCompany(t.db);
    await allowSeveralSessions(admin.email);
    const laptop = await signIn(admin.email, CHROME_ON_WINDOWS);
    const phone = await signIn(admin.email, SAFARI_ON_IOS);
    const socket = await connect(phone.token);
    const told = new Promise((resolve) => socket.once(`company-${company.id}-auth`, resolve));
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    const ended = await t.request('DELETE', `/auth/sessions/${phone.sessionId}`, { token: laptop.token });
    expect(ended.status).toBe(204);
    expect(await told).toEqual({ action: 'end', user: { id: admin.id }, sessionIds: [phone.sessionId], endedBy: 'user' });
    await closed;
    expect(await t.request('GET', '/auth/me', { token: phone.token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await refresh(phone, SAFARI_ON_IOS)).status).toBe(401);
    await expect(connect(phone.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    // the one that asked goes on
    expect((await t.request('GET', '/auth/me', { token: laptop.token })).status).toBe(200);
    expect(await auditActions(company.id, phone.sessionId)).toEqual(['session.ended']);
  });

  it("another user's sign-in is not found, and stays open", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const colleague = await createUser(t.db, a.company.id, { profile: 'user' });
    const mine = await signIn(a.admin.email, CHROME_ON_WINDOWS);
    const theirs = await signIn(colleague.email, CHROME_ON_WINDOWS);
    const otherCompany = await signIn(b.admin.email, CHROME_ON_WINDOWS);
    for (const session of [theirs, otherCompany]) {
      const answer = await t.request('DELETE', `/auth/sessions/${session.sessionId}`, { token: mine.token });
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_SESSION_FOUND' } });
      expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(200);
    }
    const unknown = await t.request('DELETE', `/auth/sessions/${crypto.randomUUID()}`, { token: mine.token });
    expect(unknown.status).toBe(404);
  });

  it('ending the current sign-in signs it out; DELETE /auth/sessions ends all the others and keeps it', async () => {
    const { admin } = await createCompany(t.db);
    await allowSeveralSessions(admin.email);
    const [first, second, third] = [await signIn(admin.email, CHROME_ON_WINDOWS), await signIn(admin.email, SAFARI_ON_IOS), await signIn(admin.email, FIREFOX_ON_LINUX)];
    expect((await t.request('DELETE', '/auth/sessions', { token: third.token })).status).toBe(204);
    expect((await t.request('GET', '/auth/me', { token: first.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: second.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/sessions', { token: third.token })).body).toEqual([expect.objectContaining({ id: third.sessionId })]);
    expect((await t.request('DELETE', `/auth/sessions/${third.sessionId}`, { token: third.token })).status).toBe(204);
    expect((await t.request('GET', '/auth/me', { token: third.token })).status).toBe(401);
  });
});

describe('DELETE /user-sessions/{userId}: offboarding (issue 38 point 5)', () => {
  it("an admin ends every sign-in of a user of its company: sockets told and closed, tokens refused; recorded", async () => {
    const { company, admin } = await createCompany(t.db);
    const leaving = await createUser(t.db, company.id, { profile: 'user' });
    const adminSession = await allowSeveralSessions(admin.email);
    const laptop = await signIn(leaving.email, CHROME_ON_WINDOWS);
    const phone = await signIn(leaving.email, SAFARI_ON_IOS);
    const socket = await connect(phone.token);
    const told = new Promise<{ sessionIds: string[] }>((resolve) => socket.once(`company-${company.id}-auth`, resolve));
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    expect((await t.request('DELETE', `/user-sessions/${leaving.id}`, { token: adminSession.token })).status).toBe(204);
    expect(await told).toMatchObject({ action: 'end', user: { id: leaving.id }, endedBy: 'admin' });
    expect((await told).sessionIds.sort()).toEqual([laptop.sessionId, phone.sessionId].sort());
    await closed;
    for (const session of [laptop, phone]) {
      expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(401);
      expect((await refresh(session, CHROME_ON_WINDOWS)).status).toBe(401);
    }
    expect((await t.request('GET', '/auth/me', { token: adminSession.token })).status).toBe(200);
    expect(await auditActions(company.id, String(leaving.id))).toContain('session.endedAll');
  });

  it("another company's user is not found for an admin, an attendant may not; the super admin reaches any company", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const attendant = await createUser(t.db, a.company.id, { profile: 'user' });
    const outsider = await signIn(b.admin.email, CHROME_ON_WINDOWS);
    const adminSession = await signIn(a.admin.email, CHROME_ON_WINDOWS);
    const attendantSession = await signIn(attendant.email, CHROME_ON_WINDOWS);

    expect(await t.request('DELETE', `/user-sessions/${b.admin.id}`, { token: adminSession.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await t.request('GET', '/auth/me', { token: outsider.token })).status).toBe(200);
    expect((await t.request('DELETE', `/user-sessions/${a.admin.id}`, { token: attendantSession.token })).status).toBe(403);

    const superSession = await signIn(SUPER_EMAIL, CHROME_ON_WINDOWS, SUPER_PASSWORD);
    expect((await t.request('DELETE', `/user-sessions/${b.admin.id}`, { token: superSession.token })).status).toBe(204);
    expect((await t.request('GET', '/auth/me', { token: outsider.token })).status).toBe(401);
  });
});
