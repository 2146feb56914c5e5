import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, chatUsers, plans } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { collectUntilMarker } from '../helpers/socket-marker.ts';
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

type Member = { id: number; email: string; name: string; token: string };

// A company with its admin and two attendants, each signed in.
const team = async (planFlags: { useInternalChat?: boolean } = {}) => {
  const { company, plan, admin } = await createCompany(t.db, { planFlags });
  const signIn = async (user: { id: number; email: string; name: string }): Promise<Member> => ({
    id: user.id,
    email: user.email,
    name: user.name,
    token: (await t.login(user.email, TEST_PASSWORD)).token,
  });
  const [owner, ana, bia] = await Promise.all([
    signIn(admin),
    signIn(await createUser(t.db, company.id, { name: 'Ana' })),
    signIn(await createUser(t.db, company.id, { name: 'Bia' })),
  ]);
  return { company, plan, owner, ana, bia };
};

const connect = async (member: Member) => {
  const socket = await connectSocket(t, member.token);
  sockets.push(socket);
  return socket;
};

const createChat = async (owner: Member, title: string, members: Member[]) => {
  const answer = await t.request('POST', '/chats', { token: owner.token, body: { title, users: members.map((m) => ({ id: m.id, name: m.name })) } });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; uuid: string; users: { userId: number; unreads: number }[] };
};

const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }, member: Member) =>
  chat.users.find((entry) => entry.userId === member.id)?.unreads;

describe('internal chat calls (02-operations §7 Internal chat, §3 Internal chat)', () => {
  it('POST /chats creates a chat with its title and members, the owner among them', async () => {
    const s = await team();
    const chat = await createChat(s.owner, 'Plantão', [s.ana]);
    expect(chat).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Plantão',
      ownerId: s.owner.id,
      lastMessage: '',
      updatedAt: expect.any(String),
    });
    expect(chat.users.map((entry) => entry.userId).sort()).toEqual([s.owner.id, s.ana.id].sort());
    expect(chat.users).toContainEqual({ userId: s.ana.id, unreads: 0, user: { id: s.ana.id, name: 'Ana' } });

    // the family's clients send bare ids too, and the owner twice
    const plain = await t.request('POST', '/chats', { token: s.ana.token, body: { title: 'Ids', users: [s.bia.id, s.ana.id] } });
    expect(plain.status).toBe(201);
    expect(plain.body.users).toHaveLength(2);
  });

  it('validates the chat: a title and at least one user (02-operations §5 Chat); nothing is stored', async () => {
    const s = await team();
    const cases: Array<[unknown, string]> = [
      [{ title: '', users: [s.ana.id] }, 'body.title'],
      [{ title: '   ', users: [s.ana.id] }, 'body.title'],
      [{ users: [s.ana.id] }, 'body.title'],
      [{ title: 'x', users: [] }, 'body.users'],
      [{ title: 'x' }, 'body.users'],
      [{ title: 'x', users: ['nobody'] }, 'body.users.0'],
    ];
    for (const [body, path] of cases) {
      const answer = await t.request('POST', '/chats', { token: s.owner.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect(await t.db.select().from(chats).where(eq(chats.companyId, s.company.id))).toEqual([]);
  });

  it("refuses a user of another company as a member, storing nothing (bad input)", async () => {
    const s = await team();
    const other = await team();
    const answer = await t.request('POST', '/chats', { token: s.owner.token, body: { title: 'Mix', users: [s.ana.id, other.ana.id] } });
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.users', message: 'validation.unknownUser' }] } });
    expect(await t.db.select().from(chats).where(eq(chats.companyId, s.company.id))).toEqual([]);

    const chat = await createChat(s.owner, 'Ours', [s.ana]);
    const edit = await t.request('PUT', `/chats/${chat.id}`, { token: s.owner.token, body: { title: 'Ours', users: [other.bia.id] } });
    expect(edit.status).toBe(400);
    const members = await t.db.select().from(chatUsers).where(eq(chatUsers.chatId, chat.id));
    expect(members.map((m) => m.userId).sort()).toEqual([s.owner.id, s.ana.id].sort());
  });

  it('GET /chats lists only the chats the user is in, newest activity first, searched by title, paged (records, hasMore)', async () => {
    const s = await team();
    const first = await createChat(s.owner, 'Vendas', [s.ana]);
    const second = await createChat(s.owner, 'Suporte', [s.ana, s.bia]);
    await t.request('POST', `/chats/${first.id}/messages`, { token: s.owner.token, body: { message: 'bom dia' } });

    const ana = await t.request('GET', '/chats', { token: s.ana.token });
    expect(ana.status).toBe(200);
    expect(ana.body.hasMore).toBe(false);
    expect(ana.body.records.map((chat: { id: number }) => chat.id)).toEqual([first.id, second.id]);
    expect(ana.body.records[0]).toMatchObject({ title: 'Vendas', lastMessage: 'bom dia' });

    const bia = await t.request('GET', '/chats', { token: s.bia.token });
    expect(bia.body.records.map((chat: { id: number }) => chat.id)).toEqual([second.id]);

    const searched = await t.request('GET', '/chats?searchParam=supo&pageNumber=1', { token: s.ana.token });
    expect(searched.body.records.map((chat: { title: string }) => chat.title)).toEqual(['Suporte']);

    for (let index = 0; index < 20; index++) await createChat(s.bia, `Extra ${index}`, [s.ana]);
    const page1 = await t.request('GET', '/chats', { token: s.ana.token });
    expect(page1.body).toMatchObject({ hasMore: true });
    expect(page1.body.records).toHaveLength(20);
    const page2 = await t.request('GET', '/chats?pageNumber=2', { token: s.ana.token });
    expect(page2.body).toMatchObject({ hasMore: false });
    expect(page2.body.records).toHaveLength(2);
  });

  it('PUT and DELETE /chats/{id} are the owner\'s only (02-operations §6)', async () => {
    const s = await team();
    const chat = await createChat(s.owner, 'Equipe', [s.ana]);

    const notOwner = await t.request('PUT', `/chats/${chat.id}`, { token: s.ana.token, body: { title: 'Minha', users: [s.ana.id] } });
    expect(notOwner).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await t.request('DELETE', `/chats/${chat.id}`, { token: s.ana.token })).status).toBe(403);

    const edited = await t.request('PUT', `/chats/${chat.id}`, { token: s.owner.token, body: { title: 'Equipe B', users: [{ id: s.bia.id }] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Equipe B', ownerId: s.owner.id });
    expect(edited.body.users.map((m: { userId: number }) => m.userId).sort()).toEqual([s.owner.id, s.bia.id].sort());
    // Ana left the chat: it is not hers to read any more
    expect((await t.request('GET', `/chats/${chat.id}/messages`, { token: s.ana.token })).status).toBe(404);

    expect((await t.request('DELETE', `/chats/${chat.id}`, { token: s.owner.token })).status).toBe(204);
    expect(await t.db.select().from(chats).where(eq(chats.id, chat.id))).toEqual([]);
    expect((await t.request('DELETE', `/chats/${chat.id}`, { token: s.owner.token })).status).toBe(404);
  });

  it('messages: POST adds one and counts it unread for the other members; GET pages it newest page first (02-operations §7, §9)', async () => {
    const s = await team();
    const chat = await createChat(s.owner, 'Conversa', [s.ana, s.bia]);
    const sent = await t.request('POST', `/chats/${chat.id}/messages`, { token: s.ana.token, body: { message: '  olá  ', extra: 1 } });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(Number),
      chatId: chat.id,
      senderId: s.ana.id,
      sender: { id: s.ana.id, name: 'Ana' },
      message: 'olá',
      createdAt: expect.any(String),
    });
    const after = (await t.request('GET', '/chats', { token: s.owner.token })).body.records[0];
    expect(after.lastMessage).toBe('olá');
    expect(unreadsOf(after, s.owner)).toBe(1);
    expect(unreadsOf(after, s.bia)).toBe(1);
    expect(unreadsOf(after, s.ana)).toBe(0);

    const blank = await t.request('POST', `/chats/${chat.id}/messages`, { token: s.ana.token, body: { message: '   ' } });
    expect(blank.status).toBe(400);

    for (let index = 1; index <= 24; index++) {
      await t.request('POST', `/chats/${chat.id}/messages`, { token: s.owner.token, body: { message: `m${index}` } });
    }
    const page1 = await t.request('GET', `/chats/${chat.id}/messages`, { token: s.bia.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ count: 25, hasMore: true });
    expect(page1.body.records.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    const page2 = await t.request('GET', `/chats/${chat.id}/messages?pageNumber=2`, { token: s.bia.token });
    expect(page2.body).toMatchObject({ count: 25, hasMore: false });
    expect(page2.body.records.map((m: { message: string }) => m.message)).toEqual(['olá', 'm1', 'm2', 'm3', 'm4']);
  });

  it('POST /chats/{id}/read clears only the caller\'s unread count, whoever the body names', async () => {
    const s = await team();
    const chat = await createChat(s.owner, 'Avisos', [s.ana, s.bia]);
    await t.request('POST', `/chats/${chat.id}/messages`, { token: s.owner.token, body: { message: 'um' } });
    await t.request('POST', `/chats/${chat.id}/messages`, { token: s.owner.token, body: { message: 'dois' } });
    const read = await t.request('POST', `/chats/${chat.id}/read`, { token: s.ana.token, body: { userId: s.bia.id } });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, s.ana)).toBe(0);
    expect(unreadsOf(read.body, s.bia)).toBe(2);
    // the family's clients may send no body at all
    expect((await t.request('POST', `/chats/${chat.id}/read`, { token: s.bia.token })).status).toBe(200);
    const rows = await t.db.select().from(chatUsers).where(eq(chatUsers.chatId, chat.id));
    expect(rows.map((row) => row.unreads)).toEqual([0, 0, 0]);
  });

  it('a user who is not a member reads, posts to and marks read nothing: not found (bad input)', async () => {
    const s = await team();
    const other = await team();
    const chat = await createChat(s.owner, 'Privado', [s.ana]);
    for (const stranger of [s.bia, other.owner]) {
      const calls: Array<[string, string, unknown]> = [
        ['GET', `/chats/${chat.id}`, undefined],
        ['GET', `/chats/${chat.id}/messages`, undefined],
        ['POST', `/chats/${chat.id}/messages`, { message: 'intruso' }],
        ['POST', `/chats/${chat.id}/read`, {}],
        ['PUT', `/chats/${chat.id}`, { title: 'Meu', users: [stranger.id] }],
        ['DELETE', `/chats/${chat.id}`, undefined],
      ];
      for (const [method, path, body] of calls) {
        const answer = await t.request(method, path, { token: stranger.token, body });
        expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } });
      }
    }
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
    expect((await t.request('GET', '/chats', { token: s.bia.token })).body.records).toEqual([]);
  });

  it('every call needs the plan flag useInternalChat: 403 without it (02-operations §6)', async () => {
    const s = await team({ useInternalChat: false });
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/chats', undefined],
      ['POST', '/chats', { title: 'x', users: [s.ana.id] }],
      ['PUT', '/chats/1', { title: 'x', users: [s.ana.id] }],
      ['DELETE', '/chats/1', undefined],
      ['POST', '/chats/1/read', {}],
      ['GET', '/chats/1/messages', undefined],
      ['POST', '/chats/1/messages', { message: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await t.request(method, path, { token: s.owner.token, body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    await t.db.update(plans).set({ useInternalChat: true }).where(eq(plans.id, s.plan.id));
    expect((await t.request('GET', '/chats', { token: s.owner.token })).status).toBe(200);
  });
});

describe('company-{id}-chat reaches only the chat\'s members (02-operations §7 Internal chat)', () => {
  it('members get create, new-message, update and delete; a non-member of the same company gets nothing', async () => {
    const s = await team();
    const [anaSocket, biaSocket] = await Promise.all([connect(s.ana), connect(s.bia)]);
    const channel = `company-${s.company.id}-chat`;
    const anaSeen = recordEvents(anaSocket);

    const biaGot = await collectUntilMarker(t, { socket: biaSocket, token: s.bia.token, user: s.bia }, channel, async () => {
      const chat = await createChat(s.owner, 'Só nós', [s.ana]);
      await t.request('POST', `/chats/${chat.id}/messages`, { token: s.owner.token, body: { message: 'segredo' } });
      await t.request('POST', `/chats/${chat.id}/read`, { token: s.ana.token, body: {} });
      await t.request('PUT', `/chats/${chat.id}`, { token: s.owner.token, body: { title: 'Só nós 2', users: [s.ana.id] } });
      await t.request('DELETE', `/chats/${chat.id}`, { token: s.owner.token });
      await expect.poll(() => anaSeen.filter((event) => event.channel === channel).map((event) => (event.payload as { action: string }).action)).toEqual([
        'create',
        'new-message',
        'update',
        'update',
        'delete',
      ]);
    });
    expect(biaGot).toEqual([]);

    const newMessage = anaSeen.find((event) => (event.payload as { action: string }).action === 'new-message')?.payload as {
      chat: { users: { userId: number; unreads: number }[] };
      newMessage: { message: string; sender: { name: string } };
    };
    expect(newMessage.newMessage).toMatchObject({ message: 'segredo', sender: { id: s.owner.id } });
    expect(unreadsOf(newMessage.chat, s.ana)).toBe(1);
  });

  it('a user taken out of a chat is told it is gone, and hears nothing of it afterwards', async () => {
    const s = await team();
    const chat = await createChat(s.owner, 'Sala', [s.ana, s.bia]);
    const biaSocket = await connect(s.bia);
    const watcher = { socket: biaSocket, token: s.bia.token, user: s.bia };
    const channel = `company-${s.company.id}-chat`;
    const removal = await collectUntilMarker(t, watcher, channel, () =>
      t.request('PUT', `/chats/${chat.id}`, { token: s.owner.token, body: { title: 'Sala', users: [s.ana.id] } }),
    );
    expect(removal).toEqual([{ action: 'delete', chatId: chat.id }]);
    const after = await collectUntilMarker(t, watcher, channel, () =>
      t.request('POST', `/chats/${chat.id}/messages`, { token: s.ana.token, body: { message: 'depois' } }),
    );
    expect(after).toEqual([]);
  });
});
