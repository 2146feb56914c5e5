import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickMessages } from '../../src/db/schema.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t?.close();
});

// An admin and two attendants, Ana and Bia.
const team = async () => {
  const a = await setupAttendance(t);
  const ana = await a.attendant([a.queues[0].id], { name: 'Ana' });
  const bia = await a.attendant([a.queues[0].id], { name: 'Bia' });
  const create = async (token: string, body: Record<string, unknown>) => {
    const answer = await t.request('POST', '/quick-messages', { token, body });
    if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  return { a, admin: a.adminSession.token, ana, bia, create };
};

const shortcodes = (answer: { body: { records: { shortcode: string }[] } }) => answer.body.records.map((record) => record.shortcode);
const png = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();

describe('quick messages (02-operations §7 Quick messages, §3, §5, §6)', () => {
  it('creates, reads, pages, searches, updates and deletes', async () => {
    const s = await team();
    const created = await t.request('POST', '/quick-messages', {
      token: s.ana.session.token,
      body: { shortcode: 'ola', message: 'Olá {{name}}, tudo bem?', mediaPath: null, companyId: 999, userId: 999 },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { shortcode: 'ola', message: 'Olá {{name}}, tudo bem?', geral: false, visao: false, status: 'active', userId: s.ana.user.id, mediaPath: null, mediaName: null },
    });
    for (let i = 0; i < 21; i++) await s.create(s.ana.session.token, { shortcode: `atalho${String(i).padStart(2, '0')}`, message: 'texto' });
    const first = await t.request('GET', '/quick-messages?pageNumber=1', { token: s.ana.session.token });
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect((await t.request('GET', '/quick-messages?pageNumber=2', { token: s.ana.session.token })).body).toMatchObject({ hasMore: false, records: [{}, {}] });
    expect(shortcodes(await t.request('GET', '/quick-messages?searchParam=TUDO', { token: s.ana.session.token }))).toEqual(['ola']);

    const id = created.body.id;
    expect((await t.request('GET', `/quick-messages/${id}`, { token: s.ana.session.token })).body).toMatchObject({ id, shortcode: 'ola' });
    const updated = await t.request('PUT', `/quick-messages/${id}`, { token: s.ana.session.token, body: { message: 'Bom dia!', geral: '1' } });
    expect(updated.body).toMatchObject({ id, shortcode: 'ola', message: 'Bom dia!', geral: true });
    expect((await t.request('DELETE', `/quick-messages/${id}`, { token: s.ana.session.token })).status).toBe(204);
    expect((await t.request('GET', `/quick-messages/${id}`, { token: s.ana.session.token })).status).toBe(404);
  });

  it('a shortcode is required; bad input changes nothing', async () => {
    const s = await team();
    for (const body of [{}, { shortcode: '' }, { shortcode: '   ' }, { shortcode: 'x'.repeat(101) }, { shortcode: 'ok', geral: 'maybe' }]) {
      const answer = await t.request('POST', '/quick-messages', { token: s.admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(quickMessages).where(eq(quickMessages.companyId, s.a.company.id))).toEqual([]);
  });

  it('a user sees its own, the general ones and those with visao; only the owner or an admin changes one', async () => {
    const s = await team();
    const own = await s.create(s.ana.session.token, { shortcode: 'privada' });
    await s.create(s.ana.session.token, { shortcode: 'geral', geral: true });
    const readable = await s.create(s.ana.session.token, { shortcode: 'visao', visao: true });
    const list = async (token: string) => ((await t.request('GET', '/quick-messages/list', { token })).body as { shortcode: string }[]).map((record) => record.shortcode);
    expect(await list(s.ana.session.token)).toEqual(['geral', 'privada', 'visao']);
    expect(await list(s.bia.session.token)).toEqual(['geral', 'visao']);
    expect(shortcodes(await t.request('GET', '/quick-messages', { token: s.bia.session.token }))).toEqual(['geral', 'visao']);
    expect((await t.request('GET', `/quick-messages/${own.id}`, { token: s.bia.session.token })).status).toBe(404);

    // Bia reads but does not change Ana's messages (02-operations §6: others read only)
    expect(await t.request('PUT', `/quick-messages/${readable.id}`, { token: s.bia.session.token, body: { message: 'mudado' } })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await t.request('DELETE', `/quick-messages/${readable.id}`, { token: s.bia.session.token })).status).toBe(403);
    expect((await t.request('PUT', `/quick-messages/${own.id}`, { token: s.bia.session.token, body: { message: 'mudado' } })).status).toBe(404);
    // an admin may
    expect((await t.request('PUT', `/quick-messages/${readable.id}`, { token: s.admin, body: { message: 'revisado' } })).body.message).toBe('revisado');
    // inactive ones are not suggested
    await t.request('PUT', `/quick-messages/${own.id}`, { token: s.ana.session.token, body: { status: 'inactive' } });
    expect(await list(s.ana.session.token)).toEqual(['geral', 'visao']);
  });

  it("another company's quick message is not found and unchanged", async () => {
    const s = await team();
    const other = await team();
    const theirs = await other.create(other.admin, { shortcode: 'deles', geral: true });
    expect((await t.request('GET', `/quick-messages/${theirs.id}`, { token: s.admin })).status).toBe(404);
    expect((await t.request('PUT', `/quick-messages/${theirs.id}`, { token: s.admin, body: { shortcode: 'meu' } })).status).toBe(404);
    expect((await t.request('DELETE', `/quick-messages/${theirs.id}`, { token: s.admin })).status).toBe(404);
    expect(await t.request('GET', '/quick-messages/list', { token: s.admin })).toMatchObject({ body: [] });
    expect((await t.db.select().from(quickMessages).where(eq(quickMessages.id, theirs.id)))[0].shortcode).toBe('deles');
  });

  it('POST and DELETE /quick-messages/{id}/media-upload attach and remove a file checked by content', async () => {
    const s = await team();
    const record = await s.create(s.ana.session.token, { shortcode: 'catalogo' });
    const upload = async (data: Buffer, name: string, token = s.ana.session.token) => {
      const form = new FormData();
      form.append('typeArch', 'quickMessage');
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return t.request('POST', `/quick-messages/${record.id}/media-upload`, { token, rawBody: form });
    };
    const attached = await upload(await png(), 'catalogo.png');
    expect(attached).toMatchObject({ status: 200, body: { id: record.id, mediaName: 'catalogo.png' } });
    expect(attached.body.mediaPath).toMatch(new RegExp(`^/public/company${s.a.company.id}/quickmessages/[0-9a-f-]{36}\\.png$`));
    expect((await fetch(`${t.url}${attached.body.mediaPath}`)).status).toBe(200);

    expect((await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png')).status).toBe(400);
    expect((await upload(await png(), 'other.png', s.bia.session.token)).status).toBe(404);
    expect((await t.request('GET', `/quick-messages/${record.id}`, { token: s.ana.session.token })).body.mediaName).toBe('catalogo.png');

    const cleared = await t.request('DELETE', `/quick-messages/${record.id}/media-upload`, { token: s.ana.session.token });
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await fetch(`${t.url}${attached.body.mediaPath}`)).status).toBe(404);
  });

  it('live: shared records reach the company, private ones their owner only (company-{id}-quickmessage)', async () => {
    const s = await team();
    const anaSocket = await connectSocket(t, s.ana.session.token);
    const biaSocket = await connectSocket(t, s.bia.session.token);
    sockets.push(anaSocket, biaSocket);
    const seenAna = recordEvents(anaSocket);
    const seenBia = recordEvents(biaSocket);
    const mine = await s.create(s.ana.session.token, { shortcode: 'minha' });
    const shared = await s.create(s.ana.session.token, { shortcode: 'todos', geral: true });
    await t.request('DELETE', `/quick-messages/${shared.id}`, { token: s.ana.session.token });
    await awaitMarker(t, { socket: anaSocket, token: s.ana.session.token, user: s.ana.user });
    await awaitMarker(t, { socket: biaSocket, token: s.bia.session.token, user: s.bia.user });
    const channel = `company-${s.a.company.id}-quickmessage`;
    const payloads = (seen: typeof seenAna) => seen.filter((event) => event.channel === channel).map((event) => event.payload);
    expect(payloads(seenAna)).toEqual([
      { action: 'create', record: expect.objectContaining({ id: mine.id }) },
      { action: 'create', record: expect.objectContaining({ id: shared.id }) },
      { action: 'delete', id: shared.id },
    ]);
    expect(payloads(seenBia)).toEqual([
      { action: 'create', record: expect.objectContaining({ id: shared.id }) },
      { action: 'delete', id: shared.id },
    ]);
  });
});
