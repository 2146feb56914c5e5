// Help videos (03-saas §2 Helps tab and Help page, §3 Help, §6 super only, §7 helps calls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPS_PAGE_SIZE } from '@atende/shared/helps';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { changedTables, snapshot } from '../sweeps/support/snapshot.ts';

let t: TestApp;
let superToken: string;
let adminToken: string;
let userToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  const { company, admin } = await createCompany(t.db);
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  userToken = (await t.login((await createUser(t.db, company.id)).email, TEST_PASSWORD)).token;
  otherAdminToken = (await t.login((await createCompany(t.db)).admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t?.close());

const create = async (body: Record<string, unknown>) => {
  const answer = await t.request('POST', '/helps', { token: superToken, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: number; title: string; video: string; description: string };
};

describe('helps (03-saas §7 helps calls)', () => {
  it('the list starts empty, so the menu item is hidden (01-core §2 App shell)', async () => {
    expect(await t.request('GET', '/helps/list', { token: adminToken })).toMatchObject({ status: 200, body: [] });
    expect(await t.request('GET', '/helps', { token: adminToken })).toMatchObject({ status: 200, body: { records: [], count: 0, hasMore: false } });
  });

  it('the super admin creates, updates and deletes a help; every company reads the same list', async () => {
    const created = await create({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: 'Como começar' });
    expect(created).toMatchObject({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: 'Como começar' });
    for (const token of [adminToken, userToken, otherAdminToken, superToken]) {
      const list = await t.request('GET', '/helps/list', { token });
      expect(list.body).toEqual([expect.objectContaining({ id: created.id, title: 'Primeiros passos', video: 'dQw4w9WgXcQ' })]);
    }
    const updated = await t.request('PUT', `/helps/${created.id}`, { token: superToken, body: { title: 'Primeiros passos (novo)' } });
    expect(updated).toMatchObject({ status: 200, body: { id: created.id, title: 'Primeiros passos (novo)', video: 'dQw4w9WgXcQ', description: 'Como começar' } });
    expect((await t.request('DELETE', `/helps/${created.id}`, { token: superToken })).status).toBe(204);
    expect((await t.request('GET', '/helps/list', { token: adminToken })).body).toEqual([]);
    expect(await t.request('PUT', `/helps/${created.id}`, { token: superToken, body: { title: 'Gone' } })).toMatchObject({ status: 404 });
    expect((await t.request('DELETE', `/helps/${created.id}`, { token: superToken })).status).toBe(404);
  });

  it('a pasted YouTube link is kept as its video code; a description may be left out', async () => {
    for (const link of ['https://www.youtube.com/watch?v=abcDEF12345&t=3', 'https://youtu.be/abcDEF12345', 'https://www.youtube.com/embed/abcDEF12345']) {
      const help = await create({ title: 'Link', video: link });
      expect(help, link).toMatchObject({ video: 'abcDEF12345', description: '' });
      await t.request('DELETE', `/helps/${help.id}`, { token: superToken });
    }
  });

  it('GET /helps searches title and description and pages with hasMore (searchParam, pageNumber)', async () => {
    const made = [];
    for (let n = 0; n < HELPS_PAGE_SIZE + 2; n++) made.push(await create({ title: `Vídeo ${String(n).padStart(2, '0')}`, video: `video${String(n).padStart(5, '0')}` }));
    await create({ title: 'Campanhas', video: 'campaign001', description: 'Envio em massa 100%' });
    const first = await t.request('GET', '/helps?pageNumber=1', { token: userToken });
    expect(first.body).toMatchObject({ count: HELPS_PAGE_SIZE + 3, hasMore: true });
    expect(first.body.records).toHaveLength(HELPS_PAGE_SIZE);
    const second = await t.request('GET', '/helps?pageNumber=2', { token: userToken });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records).toHaveLength(3);
    const found = await t.request('GET', `/helps?searchParam=${encodeURIComponent('massa 100%')}`, { token: userToken });
    expect(found.body.records.map((help: { title: string }) => help.title)).toEqual(['Campanhas']);
    for (const help of made) await t.request('DELETE', `/helps/${help.id}`, { token: superToken });
  });

  it('bad input is refused with the field named and nothing is stored', async () => {
    const before = await snapshot(t.db);
    const bad = [
      { body: { video: 'abcDEF12345' }, path: 'body.title' },
      { body: { title: '   ', video: 'abcDEF12345' }, path: 'body.title' },
      { body: { title: 'x'.repeat(101), video: 'abcDEF12345' }, path: 'body.title' },
      { body: { title: 'No video' }, path: 'body.video' },
      { body: { title: 'Bad video', video: '<script>alert(1)</script>' }, path: 'body.video' },
      { body: { title: 'Long text', video: 'abcDEF12345', description: 'x'.repeat(5001) }, path: 'body.description' },
    ];
    for (const { body, path } of bad) {
      const answer = await t.request('POST', '/helps', { token: superToken, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: expect.arrayContaining([expect.objectContaining({ path })]) } });
    }
    expect((await t.request('PUT', '/helps/abc', { token: superToken, body: { title: 'x' } })).status).toBe(400);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('a company admin or user gets 403 on every write and nothing changes; a visitor gets 401 on reads (03-saas §6)', async () => {
    const help = await create({ title: 'Só leitura', video: 'readonly001' });
    const before = await snapshot(t.db);
    for (const token of [adminToken, userToken]) {
      expect(await t.request('POST', '/helps', { token, body: { title: 'Hijack', video: 'hijack00001' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await t.request('PUT', `/helps/${help.id}`, { token, body: { title: 'Hijack' } })).status).toBe(403);
      expect((await t.request('DELETE', `/helps/${help.id}`, { token })).status).toBe(403);
    }
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    expect((await t.request('GET', '/helps/list')).status).toBe(401);
    expect((await t.request('GET', '/helps')).status).toBe(401);
  });
});
