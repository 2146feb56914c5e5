import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const adminSession = async (options: { maxUsers?: number } = {}) => {
  const tenant = await createCompany(t.db, options);
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, ...session };
};

const validUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  email: `maria-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'secret-1',
  profile: 'user',
  ...overrides,
});

describe('users calls (01-core §7, §3 User)', () => {
  it('creates a user with queues and lists it with search and paging', async () => {
    const s = await adminSession();
    const queue = await createQueue(t.db, s.company.id, 'Vendas');
    const created = await t.request('POST', '/users', {
      token: s.token,
      body: validUser({ name: 'Zelda Search', queueIds: [queue.id], allTicket: 'enabled' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Zelda Search',
      profile: 'user',
      allTicket: 'enabled',
      startWork: '00:00',
      endWork: '23:59',
      defaultTicketsManagerWidth: 550,
      queues: [{ id: queue.id, name: 'Vendas' }],
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|argon2/i);

    const found = await t.request('GET', '/users?searchParam=zelda', { token: s.token });
    expect(found.body).toMatchObject({ count: 1, hasMore: false, users: [{ id: created.body.id }] });

    for (let i = 0; i < 21; i++) await createUser(t.db, s.company.id, { name: `Paged ${String(i).padStart(2, '0')}` });
    const page1 = await t.request('GET', '/users?searchParam=Paged&pageNumber=1', { token: s.token });
    const page2 = await t.request('GET', '/users?searchParam=Paged&pageNumber=2', { token: s.token });
    expect(page1.body).toMatchObject({ count: 21, hasMore: true });
    expect(page1.body.users).toHaveLength(20);
    expect(page2.body).toMatchObject({ count: 21, hasMore: false });
    expect(page2.body.users).toHaveLength(1);

    const all = await t.request('GET', '/users/list', { token: s.token });
    expect(all.body.length).toBe(23);
  });

  it('validates the user form with the spec messages and stores nothing (01-core §5 User form)', async () => {
    const s = await adminSession();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'body.name', 'validation.tooShort'],
      [{ name: 'x'.repeat(51) }, 'body.name', 'validation.tooLong'],
      [{ name: '' }, 'body.name', 'validation.required'],
      [{ password: '1234' }, 'body.password', 'validation.tooShort'],
      [{ password: 'x'.repeat(51) }, 'body.password', 'validation.tooLong'],
      [{ email: 'nope' }, 'body.email', 'validation.invalidEmail'],
    ];
    for (const [override, path, message] of cases) {
      const answer = await t.request('POST', '/users', { token: s.token, body: validUser(override) });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual(expect.arrayContaining([{ path, message }]));
    }
    const wrongType = await t.request('POST', '/users', { token: s.token, body: validUser({ queueIds: 'all' }) });
    expect(wrongType.status).toBe(400);
    const list = await t.request('GET', '/users/list', { token: s.token });
    expect(list.body).toHaveLength(1);

    // a field the form does not have is ignored, never stored (issue 13)
    const unknownField = await t.request('POST', '/users', { token: s.token, body: validUser({ super: true, language: 'pt' }) });
    expect(unknownField.status).toBe(201);
    expect(unknownField.body).toMatchObject({ super: false, companyId: s.company.id });
  });

  it('refuses a duplicated email and a queue of another company', async () => {
    const s = await adminSession();
    const other = await createCompany(t.db);
    const foreignQueue = await createQueue(t.db, other.company.id);
    const duplicate = await t.request('POST', '/users', { token: s.token, body: validUser({ email: other.admin.email.toUpperCase() }) });
    expect(duplicate).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    const foreign = await t.request('POST', '/users', { token: s.token, body: validUser({ queueIds: [foreignQueue.id] }) });
    expect(foreign.status).toBe(400);
    expect((await t.request('GET', '/users/list', { token: s.token })).body).toHaveLength(1);
  });

  it("enforces the plan's user limit with a clear error (03-saas §3 Plan)", async () => {
    const s = await adminSession({ maxUsers: 2 });
    expect((await t.request('POST', '/users', { token: s.token, body: validUser() })).status).toBe(201);
    const over = await t.request('POST', '/users', { token: s.token, body: validUser() });
    expect(over).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_USER_LIMIT' } });
  });

  it('updates a user (empty password keeps it) and deletes it', async () => {
    const s = await adminSession();
    const user = await createUser(t.db, s.company.id);
    const updated = await t.request('PUT', `/users/${user.id}`, {
      token: s.token,
      body: { name: 'Renamed', email: user.email, password: '', showDashboard: 'enabled' },
    });
    expect(updated.body).toMatchObject({ name: 'Renamed', showDashboard: 'enabled' });
    await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('DELETE', `/users/${user.id}`, { token: s.token })).status).toBe(204);
    expect((await t.request('GET', `/users/${user.id}`, { token: s.token })).body).toEqual({ error: 'ERR_NO_USER_FOUND' });
  });

  it('a profile user edits itself but cannot raise its own profile or permissions, nor manage others (01-core §6)', async () => {
    const s = await adminSession();
    const user = await createUser(t.db, s.company.id);
    const session = await t.login(user.email, TEST_PASSWORD);
    const self = await t.request('PUT', `/users/${user.id}`, {
      token: session.token,
      body: { name: 'Myself', email: user.email, profile: 'admin', allTicket: 'enabled', defaultTheme: 'dark' },
    });
    expect(self.body).toMatchObject({ name: 'Myself', profile: 'user', allTicket: 'disabled', defaultTheme: 'dark' });
    expect((await t.request('GET', '/users', { token: session.token })).status).toBe(403);
    expect((await t.request('POST', '/users', { token: session.token, body: validUser() })).status).toBe(403);
    expect((await t.request('PUT', `/users/${s.admin.id}`, { token: session.token, body: { name: 'Hacked', email: 'h@x.test' } })).status).toBe(403);
    expect((await t.request('DELETE', `/users/${s.admin.id}`, { token: session.token })).status).toBe(403);
  });

  it('an admin cannot delete itself', async () => {
    const s = await adminSession();
    expect((await t.request('DELETE', `/users/${s.admin.id}`, { token: s.token })).status).toBe(403);
  });

  it('PUT /users/toggleChangeWidht keeps the width between 404 and 700 (01-core §5, §9)', async () => {
    const s = await adminSession();
    const narrow = await t.request('PUT', `/users/toggleChangeWidht/${s.admin.id}`, { token: s.token, body: { defaultTicketsManagerWidth: 300 } });
    expect(narrow.body.defaultTicketsManagerWidth).toBe(404);
    const wide = await t.request('PUT', `/users/toggleChangeWidht/${s.admin.id}`, { token: s.token, body: { defaultTicketsManagerWidth: 701 } });
    expect(wide.status).toBe(400);
    const fine = await t.request('PUT', `/users/toggleChangeWidht/${s.admin.id}`, { token: s.token, body: { defaultTicketsManagerWidth: 620 } });
    expect(fine.body.defaultTicketsManagerWidth).toBe(620);
  });
});

describe('POST /users/{id}/media-upload (01-core §5 Avatar upload)', () => {
  const upload = (token: string, userId: number, file: Blob, name: string, field = 'profileImage') => {
    const form = new FormData();
    form.append('userId', String(userId));
    form.append('typeArch', 'user');
    form.append(field, file, name);
    return t.request('POST', `/users/${userId}/media-upload`, { token, rawBody: form });
  };

  it('stores images as JPEG at most 240 px on the long side, under a generated name, served inertly', async () => {
    const s = await adminSession();
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const answer = await upload(s.token, s.admin.id, new Blob([png], { type: 'image/png' }), '../../evil.png');
    expect(answer.status).toBe(200);
    expect(answer.body.user.profileImage).toMatch(new RegExp(`^/public/company${s.company.id}/users/[0-9a-f-]{36}\\.jpg$`));
    const served = await fetch(t.url + answer.body.user.profileImage);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 240, height: 120 });
  });

  it('refuses what is not an image, whatever its name, and changes nothing', async () => {
    const s = await adminSession();
    const html = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    const answer = await upload(s.token, s.admin.id, html, 'photo.png');
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
    const me = await t.request('GET', `/users/${s.admin.id}`, { token: s.token });
    expect(me.body.profileImage).toBeNull();
  });
});
