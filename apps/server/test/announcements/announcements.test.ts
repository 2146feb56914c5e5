import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../src/db/schema.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { pngDeclaring } from '../factories/image.factory.ts';
import { connectSocket } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const adminOfNewCompany = async () => {
  const { company, admin } = await createCompany(t.db);
  return { company, admin, token: (await t.login(admin.email, TEST_PASSWORD)).token };
};

const create = async (body: Record<string, unknown>) => {
  const answer = await t.request('POST', '/announcements', { token: superToken, body });
  expect(answer.status).toBe(201);
  return answer.body as { id: number };
};

const upload = (id: number, content: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return t.request('POST', `/announcements/${id}/media-upload`, { token: superToken, rawBody: form });
};

const fileOnDisk = (mediaPath: string) => join(t.config.dataDir, mediaPath);

describe('announcement calls (02-operations §7 Announcements, §3 Announcement, §6)', () => {
  it('the super user creates, reads, edits and deletes an announcement; priority 3 and active by default (§9)', async () => {
    const created = await t.request('POST', '/announcements', { token: superToken, body: { title: ' Manutenção ', text: 'Sábado às 22h', extra: 1 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id;
    expect((await t.request('GET', `/announcements/${id}`, { token: superToken })).body).toMatchObject({ title: 'Manutenção' });

    // the family's clients send the priority as text and the status as a flag
    const edited = await t.request('PUT', `/announcements/${id}`, { token: superToken, body: { title: 'Manutenção', text: 'Domingo', priority: '1', status: 'false' } });
    expect(edited).toMatchObject({ status: 200, body: { text: 'Domingo', priority: 1, status: false } });

    expect((await t.request('DELETE', `/announcements/${id}`, { token: superToken })).status).toBe(204);
    expect((await t.request('GET', `/announcements/${id}`, { token: superToken })).status).toBe(404);
    expect((await t.request('PUT', `/announcements/${id}`, { token: superToken, body: { title: 'x', text: 'y' } })).body).toEqual({
      error: 'ERR_NO_ANNOUNCEMENT_FOUND',
    });
  });

  it('validates title, text and priority (§5 Announcement) and stores nothing', async () => {
    const before = await t.db.select().from(announcements);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: 'x' }, 'body.title'],
      [{ title: '  ', text: 'x' }, 'body.title'],
      [{ title: 'x' }, 'body.text'],
      [{ title: 'x', text: 'y', priority: 4 }, 'body.priority'],
      [{ title: 'x', text: 'y', priority: 0 }, 'body.priority'],
    ];
    for (const [body, path] of cases) {
      const answer = await t.request('POST', '/announcements', { token: superToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect(await t.db.select().from(announcements)).toEqual(before);
  });

  it('every company reads the active announcements, newest first and paged; only the super user writes or sees inactive ones', async () => {
    const one = await create({ title: 'Ativo A', text: 'a', priority: 2 });
    const inactive = await create({ title: 'Inativo', text: 'b', status: false });
    const two = await create({ title: 'Ativo B', text: 'c', priority: 1 });
    const first = await adminOfNewCompany();
    const second = await adminOfNewCompany();
    for (const reader of [first, second]) {
      const list = await t.request('GET', '/announcements/?searchParam=Ativo&pageNumber=1', { token: reader.token });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ count: 2, hasMore: false });
      expect(list.body.records.map((entry: { id: number }) => entry.id)).toEqual([two.id, one.id]);
      expect((await t.request('GET', `/announcements/${inactive.id}`, { token: reader.token })).status).toBe(404);
      expect((await t.request('GET', `/announcements/${one.id}`, { token: reader.token })).status).toBe(200);
    }
    const all = await t.request('GET', '/announcements?searchParam=Inativo', { token: superToken });
    expect(all.body.records.map((entry: { id: number }) => entry.id)).toEqual([inactive.id]);

    const calls: Array<[string, string, unknown]> = [
      ['POST', '/announcements', { title: 'x', text: 'y' }],
      ['PUT', `/announcements/${one.id}`, { title: 'x', text: 'y' }],
      ['DELETE', `/announcements/${one.id}`, undefined],
      ['DELETE', `/announcements/${one.id}/media-upload`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token: first.token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.request('GET', `/announcements/${one.id}`, { token: superToken })).body).toMatchObject({ title: 'Ativo A' });

    for (let index = 0; index < 20; index++) await create({ title: `Página ${index}`, text: 'p' });
    const page1 = await t.request('GET', '/announcements', { token: first.token });
    expect(page1.body.records).toHaveLength(20);
    expect(page1.body.hasMore).toBe(true);
  });

  it('media-upload keeps an image told by its content and replaces or removes it; anything else is refused (bad input)', async () => {
    const { id } = await create({ title: 'Com imagem', text: 'x' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();

    const first = await upload(id, png, 'banner.png');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, mediaName: 'banner.png', mediaPath: expect.stringMatching(/^\/public\/company1\/announcements\/[0-9a-f-]{36}\.png$/) });
    expect(existsSync(fileOnDisk(first.body.mediaPath))).toBe(true);
    const served = await fetch(t.url + first.body.mediaPath);
    expect(served.status).toBe(200);

    const second = await upload(id, jpeg, 'foto.jpeg');
    expect(second.body.mediaPath).toMatch(/\.jpg$/);
    expect(existsSync(fileOnDisk(first.body.mediaPath))).toBe(false);

    // a script named .png, a PDF, an SVG and a decompression bomb: refused, the image stays
    const refused: Array<[Buffer, string]> = [
      [Buffer.from('<script>alert(1)</script>'), 'x.png'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'x.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.png'],
      [pngDeclaring(100_000, 100_000), 'bomb.png'],
    ];
    for (const [content, name] of refused) {
      const answer = await upload(id, content, name);
      expect(answer.status, name).toBe(400);
      expect(['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE']).toContain(answer.body.error);
    }
    const kept = await t.request('GET', `/announcements/${id}`, { token: superToken });
    expect(kept.body.mediaPath).toBe(second.body.mediaPath);

    const cleared = await t.request('DELETE', `/announcements/${id}/media-upload`, { token: superToken });
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(fileOnDisk(second.body.mediaPath))).toBe(false);
    expect((await upload(2_000_000, png, 'x.png')).status).toBe(404);
  });
});

describe('company-announcement reaches every company (01-core §7 Realtime)', () => {
  it("a change reaches the sockets of every company's users", async () => {
    const first = await adminOfNewCompany();
    const second = await adminOfNewCompany();
    const sockets2 = await Promise.all([connectSocket(t, first.token), connectSocket(t, second.token)]);
    sockets.push(...sockets2);
    const arrivals = sockets2.map((socket) => new Promise<unknown>((resolve) => socket.once('company-announcement', resolve)));
    const created = await create({ title: 'Para todos', text: 'x' });
    for (const payload of await Promise.all(arrivals)) {
      expect(payload).toMatchObject({ action: 'create', announcement: { id: created.id, title: 'Para todos' } });
    }
    const deletions = sockets2.map((socket) => new Promise<unknown>((resolve) => socket.once('company-announcement', resolve)));
    await t.request('DELETE', `/announcements/${created.id}`, { token: superToken });
    for (const payload of await Promise.all(deletions)) expect(payload).toEqual({ action: 'delete', announcementId: created.id });
  });
});
