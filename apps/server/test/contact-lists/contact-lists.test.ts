import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

const adminOf = async (planFlags: { useCampaigns?: boolean } = {}) => {
  const tenant = await createCompany(t.db, { planFlags });
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  const call = (method: string, path: string, body?: unknown) => t.request(method, path, { token: session.token, body });
  return { ...tenant, ...session, call };
};

describe('contact lists (02-operations §7 Contact lists, §3 Contact list and item, §5)', () => {
  it('creates, lists, shows, renames and deletes a list; contactsCount follows its items', async () => {
    const s = await adminOf();
    const created = await s.call('POST', '/contact-lists', { name: '  Clientes VIP ', companyId: 999 });
    expect(created).toMatchObject({ status: 201, body: { name: 'Clientes VIP', contactsCount: 0, companyId: s.company.id } });
    const id = created.body.id;
    await s.call('POST', '/contact-list-items', { contactListId: id, name: 'Ana Souza', number: '+55 (11) 98888-7777', email: 'ana@example.test' });
    await s.call('POST', '/contact-list-items', { contactListId: id, name: 'Bruno Lima', number: '5511977776666' });

    expect((await s.call('GET', '/contact-lists?searchParam=vip&pageNumber=1')).body).toMatchObject({ hasMore: false, count: 1, records: [{ id, contactsCount: 2 }] });
    expect((await s.call('GET', '/contact-lists/list')).body).toMatchObject([{ id, name: 'Clientes VIP', contactsCount: 2 }]);
    expect((await s.call('PUT', `/contact-lists/${id}`, { name: 'Clientes Ouro' })).body).toMatchObject({ id, name: 'Clientes Ouro' });
    expect((await s.call('GET', `/contact-lists/${id}`)).body).toMatchObject({ name: 'Clientes Ouro', contactsCount: 2 });

    const items = await s.call('GET', `/contact-list-items?contactListId=${id}&searchParam=888877&pageNumber=1`);
    expect(items.body).toMatchObject({ hasMore: false, count: 1, contacts: [{ name: 'Ana Souza', number: '5511988887777', email: 'ana@example.test', isWhatsappValid: null, contactListId: id }] });

    expect((await s.call('DELETE', `/contact-lists/${id}`)).status).toBe(204);
    expect((await s.call('GET', `/contact-lists/${id}`)).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    expect((await s.call('GET', `/contact-list-items?contactListId=${id}`)).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
  });

  it('items: show, update, delete; a number already in the list is refused (one entry per number)', async () => {
    const s = await adminOf();
    const list = (await s.call('POST', '/contact-lists', { name: 'Lista A' })).body;
    const item = (await s.call('POST', '/contact-list-items', { contactListId: list.id, name: 'Carla Dias', number: '5511966665555' })).body;
    expect((await s.call('GET', `/contact-list-items/${item.id}`)).body).toMatchObject({ id: item.id, name: 'Carla Dias', email: '' });
    const duplicate = await s.call('POST', '/contact-list-items', { contactListId: list.id, name: 'Outra Carla', number: '55 11 96666-5555' });
    expect(duplicate).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.number', message: 'validation.duplicated' }] } });
    // another list may hold the same number
    const other = (await s.call('POST', '/contact-lists', { name: 'Lista B' })).body;
    expect((await s.call('POST', '/contact-list-items', { contactListId: other.id, name: 'Carla Dias', number: '5511966665555' })).status).toBe(201);

    const updated = await s.call('PUT', `/contact-list-items/${item.id}`, { name: 'Carla Dias Souza', email: 'carla@example.test' });
    expect(updated.body).toMatchObject({ name: 'Carla Dias Souza', email: 'carla@example.test', number: '5511966665555' });
    expect((await s.call('DELETE', `/contact-list-items/${item.id}`)).status).toBe(204);
    expect((await s.call('GET', `/contact-list-items/${item.id}`)).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' });
  });

  it('refuses bad names, numbers and emails (§5) and stores nothing', async () => {
    const s = await adminOf();
    for (const [body, path] of [
      [{ name: 'A' }, 'body.name'],
      [{ name: 'x'.repeat(51) }, 'body.name'],
      [{}, 'body.name'],
    ] as const) {
      const answer = await s.call('POST', '/contact-lists', body);
      expect(answer.status).toBe(400);
      expect(answer.body.fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    const list = (await s.call('POST', '/contact-lists', { name: 'Válida' })).body;
    for (const [body, path, message] of [
      [{ name: 'A', number: '5511955554444' }, 'body.name', 'validation.tooShort'],
      [{ name: 'Nome Bom', number: '1234567' }, 'body.number', 'validation.tooShort'],
      [{ name: 'Nome Bom', number: '9'.repeat(51) }, 'body.number', 'validation.tooLong'],
      [{ name: 'Nome Bom', number: '5511955554444', email: 'não-é-email' }, 'body.email', 'validation.invalidEmail'],
    ] as const) {
      const answer = await s.call('POST', '/contact-list-items', { contactListId: list.id, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toContainEqual({ path, message });
    }
    expect((await s.call('GET', `/contact-lists/${list.id}`)).body.contactsCount).toBe(0);
  });

  it("another company's list or item is not found; nothing of it changes (ARCHITECTURE §4 Tenancy)", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const list = (await other.call('POST', '/contact-lists', { name: 'Deles' })).body;
    const item = (await other.call('POST', '/contact-list-items', { contactListId: list.id, name: 'Pessoa Deles', number: '5511944443333' })).body;
    for (const [method, path, body] of [
      ['GET', `/contact-lists/${list.id}`],
      ['PUT', `/contact-lists/${list.id}`, { name: 'Tomada' }],
      ['DELETE', `/contact-lists/${list.id}`],
      ['GET', `/contact-list-items?contactListId=${list.id}`],
      ['POST', '/contact-list-items', { contactListId: list.id, name: 'Intrusa', number: '5511900001111' }],
    ] as const) {
      expect((await s.call(method, path, body)).body, `${method} ${path}`).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    }
    for (const [method, path, body] of [
      ['GET', `/contact-list-items/${item.id}`],
      ['PUT', `/contact-list-items/${item.id}`, { name: 'Tomada' }],
      ['DELETE', `/contact-list-items/${item.id}`],
    ] as const) {
      expect((await s.call(method, path, body)).body, `${method} ${path}`).toEqual({ error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' });
    }
    expect((await other.call('GET', `/contact-lists/${list.id}`)).body).toMatchObject({ name: 'Deles', contactsCount: 1 });
    expect((await s.call('GET', '/contact-lists/list')).body).toEqual([]);
  });

  it('a plan without useCampaigns gets 403; a profile user is blocked (§6)', async () => {
    const off = await adminOf({ useCampaigns: false });
    for (const path of ['/contact-lists', '/contact-lists/list', '/contact-list-items?contactListId=1']) {
      expect((await off.call('GET', path)).body, path).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    expect((await off.call('POST', '/contact-lists', { name: 'Sem plano' })).status).toBe(403);

    const s = await adminOf();
    const user = await createUser(t.db, s.company.id, { profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('GET', '/contact-lists', { token })).status).toBe(403);
    expect((await t.request('POST', '/contact-lists', { token, body: { name: 'Do atendente' } })).status).toBe(403);
  });

  it('publishes company-{id}-ContactList and company-{id}-ContactListItem to the company only (§7)', async () => {
    const s = await adminOf();
    const other = await adminOf();
    const mine = await connectSocket(t, s.token);
    const theirs = await connectSocket(t, other.token);
    sockets.push(mine, theirs);
    const seenMine = recordEvents(mine);
    const seenTheirs = recordEvents(theirs);
    const list = (await s.call('POST', '/contact-lists', { name: 'Ao vivo' })).body;
    const item = (await s.call('POST', '/contact-list-items', { contactListId: list.id, name: 'Dora Alves', number: '5511922221111' })).body;
    await s.call('PUT', `/contact-list-items/${item.id}`, { name: 'Dora Alves Lima' });
    await s.call('DELETE', `/contact-list-items/${item.id}`);
    await s.call('DELETE', `/contact-lists/${list.id}`);
    await awaitMarker(t, { socket: mine, token: s.token, user: s.admin });
    await awaitMarker(t, { socket: theirs, token: other.token, user: other.admin });
    const on = (channel: string) => seenMine.filter((event) => event.channel === channel).map((event) => event.payload);
    expect(on(`company-${s.company.id}-ContactList`)).toEqual([
      { action: 'create', record: expect.objectContaining({ id: list.id, contactsCount: 0 }) },
      { action: 'update', record: expect.objectContaining({ id: list.id, contactsCount: 1 }) },
      { action: 'update', record: expect.objectContaining({ id: list.id, contactsCount: 0 }) },
      { action: 'delete', id: list.id },
    ]);
    expect(on(`company-${s.company.id}-ContactListItem`)).toEqual([
      { action: 'create', record: expect.objectContaining({ id: item.id, name: 'Dora Alves' }) },
      { action: 'update', record: expect.objectContaining({ id: item.id, name: 'Dora Alves Lima' }) },
      { action: 'delete', id: item.id },
    ]);
    expect(seenTheirs).toEqual([]);
  });
});
