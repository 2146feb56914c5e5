// Issue 36 point 1: the internal chat calls answer what their contracts in packages/shared say.
import { chatsEndpoints as endpoints } from '@atende/shared/chats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('internal chat contracts (02-operations §7 Internal chat)', () => {
  it('each call answers what its endpoint schema says', async () => {
    const { company, admin } = await createCompany(t.db);
    const ana = await createUser(t.db, company.id, { name: 'Ana' });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const anaToken = (await t.login(ana.email, TEST_PASSWORD)).token;

    const created = await t.request('POST', '/chats', { token, body: { title: 'Plantão', users: [ana.id] } });
    expect(created.status).toBe(201);
    const chat = endpoints.create.response.parse(created.body);
    expect(chat.users.map((member) => member.userId).sort()).toEqual([admin.id, ana.id].sort());
    const sent = await t.request('POST', `/chats/${chat.id}/messages`, { token, body: { message: 'bom dia' } });
    expect(sent.status).toBe(201);
    expect(endpoints.send.response.parse(sent.body)).toMatchObject({ message: 'bom dia', sender: { id: admin.id } });
    expect(endpoints.messages.response.parse((await t.request('GET', `/chats/${chat.id}/messages`, { token: anaToken })).body).records).toHaveLength(1);
    const read = endpoints.markRead.response.parse((await t.request('POST', `/chats/${chat.id}/read`, { token: anaToken, body: { userId: ana.id } })).body);
    expect(read.users.find((member) => member.userId === ana.id)?.unreads).toBe(0);
    expect(endpoints.show.response.parse((await t.request('GET', `/chats/${chat.id}`, { token })).body).lastMessage).toBe('bom dia');
    expect(endpoints.list.response.parse((await t.request('GET', '/chats?searchParam=plant', { token })).body).records.map((row) => row.id)).toEqual([chat.id]);
    const updated = await t.request('PUT', `/chats/${chat.id}`, { token, body: { title: 'Plantão 2', users: [ana.id] } });
    expect(endpoints.update.response.parse(updated.body).title).toBe('Plantão 2');
    expect((await t.request('DELETE', `/chats/${chat.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/chats/${chat.id}`, { token })).body).toEqual({ error: 'ERR_NO_CHAT_FOUND' });
  });
});
