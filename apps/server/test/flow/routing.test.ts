import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tickets, users } from '../../src/db/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { MONDAY_10H, setupFlow, startFlowApp } from './flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(() => t?.close());
beforeEach(() => clock.set(MONDAY_10H));

const oneQueue = async (queue: Record<string, unknown> = {}) => {
  const f = await setupFlow(t);
  const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.', ...queue });
  await f.configureConnection({ queueIds: [sales.id] });
  return { f, sales };
};

describe('attendant choice by queue rotation (02-operations §3 Queue rotate / ativarRoteador, §9 rotation options)', () => {
  it('gives each new ticket to the least busy online attendant of the queue (02-operations §3)', async () => {
    const { f, sales } = await oneQueue({ ativarRoteador: true, tempoRoteador: 5 });
    const ana = await f.attendant([sales.id], { online: true });
    const bia = await f.attendant([sales.id], { online: true });
    await f.attendant([sales.id], { online: false });
    const owners = [];
    for (const from of ['5511977770001', '5511977770002', '5511977770003']) {
      const { ticketId } = await f.inbound(from, 'Oi');
      await f.botSaid(ticketId, ['Vendas.']);
      const ticket = await f.ticketOf(ticketId);
      expect(ticket).toMatchObject({ status: 'pending', queueId: sales.id, isBot: false });
      owners.push(ticket.userId);
    }
    expect(owners).toEqual([ana.user.id, bia.user.id, ana.user.id]);
    // the chosen attendant accepts it like any waiting ticket
    const first = (await t.request('GET', '/tickets?status=pending', { token: ana.session.token })).body.tickets;
    expect(first.map((ticket: { userId: number }) => ticket.userId)).toEqual([ana.user.id, ana.user.id]);
  });
});

describe('attendant choice by userRandom (03-saas §3 userRandom)', () => {
  it('gives the ticket to an online attendant of the queue, and with nobody online it waits in the queue (03-saas §3)', async () => {
    const { f, sales } = await oneQueue();
    await f.setting('userRandom', 'enabled');
    const bia = await f.attendant([sales.id], { online: true });
    await f.attendant([sales.id], { online: false });
    const first = await f.inbound('5511977780001', 'Oi');
    expect(await f.ticketOf(first.ticketId)).toMatchObject({ queueId: sales.id, userId: bia.user.id });
    expect(await f.logTypes(first.ticketId)).toEqual(['create', 'queue', 'pending']);

    // Bia signs off
    await t.db.update(users).set({ online: false }).where(eq(users.id, bia.user.id));
    const second = await f.inbound('5511977780002', 'Oi');
    expect(await f.ticketOf(second.ticketId)).toMatchObject({ queueId: sales.id, userId: null });
  });
});

describe('queue position message (03-saas §3 sendQueuePosition, sendQueuePositionMessage)', () => {
  it('tells each customer waiting without an attendant their place in the queue (03-saas §3)', async () => {
    const { f } = await oneQueue();
    await f.setting('sendQueuePosition', 'enabled');
    await f.setting('sendQueuePositionMessage', 'Você está na fila. Sua posição:');
    const first = await f.inbound('5511977790001', 'Oi');
    const second = await f.inbound('5511977790002', 'Oi');
    await f.botSaid(first.ticketId, ['Vendas.', 'Você está na fila. Sua posição: *1*']);
    await f.botSaid(second.ticketId, ['Vendas.', 'Você está na fila. Sua posição: *2*']);
  });
});

describe("the contact's wallet (03-saas §3 DirectTicketsToWallets)", () => {
  it("sends a wallet contact's new ticket to their own attendant without the bot, only when the setting is on (03-saas §3)", async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
    const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
    await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });
    const caio = await f.attendant([support.id]);
    const created = await t.request('POST', '/contacts', {
      token: f.token,
      body: { name: 'Cliente Fiel', number: '5511977800001', walletUserId: caio.user.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.walletUserId).toBe(caio.user.id);

    const withoutSetting = await f.inbound('5511977800001', 'Oi');
    await f.botSaid(withoutSetting.ticketId, ['Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas']);
    expect((await f.put(f.token, withoutSetting.ticketId, { status: 'closed' })).status).toBe(200);

    await f.setting('DirectTicketsToWallets', 'enabled');
    const withSetting = await f.inbound('5511977800001', 'Oi de novo');
    await f.botSaid(withSetting.ticketId, []);
    expect(await f.ticketOf(withSetting.ticketId)).toMatchObject({ status: 'pending', userId: caio.user.id, queueId: support.id, isBot: false });
    const accepted = await f.put(caio.session.token, withSetting.ticketId, { status: 'open', userId: caio.user.id });
    expect(accepted.body).toMatchObject({ status: 'open', userId: caio.user.id });

    const foreign = await t.request('PUT', `/contacts/${created.body.id}`, { token: f.token, body: { walletUserId: 999_999 } });
    expect(foreign.status).toBe(404);
  });
});

describe('disableBot on a contact (01-core §4 the chatbot per contact)', () => {
  it('a contact with the bot disabled gets no menu and waits without a queue (01-core §4)', async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
    const support = await f.queue({ name: 'Suporte' });
    await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });
    const contact = await t.request('POST', '/contacts', { token: f.token, body: { name: 'Sem Robô', number: '5511977810001', disableBot: true } });
    expect(contact.status).toBe(201);
    const { ticketId } = await f.inbound('5511977810001', 'Oi');
    await f.inbound('5511977810001', '1');
    await f.botSaid(ticketId, []);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false });
  });
});

describe('new ticket rules (02-operations §3 timeCreateNewTicket)', () => {
  it('a closed ticket younger than timeCreateNewTicket minutes is reopened, an older one is not (02-operations §3)', async () => {
    // tickets are closed at the real time, so the fake clock starts there
    clock.set(new Date());
    const { f, sales } = await oneQueue();
    await f.configureConnection({ timeCreateNewTicket: 30 });
    const ana = await f.attendant([sales.id]);
    const first = await f.inbound('5511977820001', 'Oi');
    await f.put(ana.session.token, first.ticketId, { status: 'open', userId: ana.user.id });
    expect((await f.put(ana.session.token, first.ticketId, { status: 'closed', userId: ana.user.id })).body.status).toBe('closed');

    clock.advance(10 * 60_000);
    const again = await f.inbound('5511977820001', 'Esqueci de perguntar uma coisa');
    expect(again.ticketId).toBe(first.ticketId);
    expect(await f.ticketOf(first.ticketId)).toMatchObject({ status: 'pending', userId: null, queueId: sales.id, unreadMessages: 1 });
    // it waits in its queue: no second greeting
    await f.botSaid(first.ticketId, ['Vendas.']);
    expect(await f.logTypes(first.ticketId)).toEqual(['create', 'queue', 'open', 'closed', 'reopen']);

    expect((await f.put(f.token, first.ticketId, { status: 'closed' })).status).toBe(200);
    clock.advance(40 * 60_000);
    const later = await f.inbound('5511977820001', 'Oi, sou eu de novo');
    expect(later.ticketId).not.toBe(first.ticketId);
    await f.botSaid(later.ticketId, ['Vendas.']);
  });
});

describe('tickets the bot leaves alone (01-core §4 groups, owned tickets, nps)', () => {
  it('group tickets, tickets with an attendant and tickets waiting for a rating get no bot message (01-core §4)', async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
    const support = await f.queue({ name: 'Suporte' });
    await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });

    const group = await t.request('POST', `/sandbox/${f.connection.id}/messages`, {
      token: f.token,
      body: { from: '120363000000000001', name: 'Grupo', body: 'Oi grupo', isGroup: true },
    });
    expect(group.status).toBe(201);
    await f.botSaid(group.body.ticketId, []);
    expect(await f.ticketOf(group.body.ticketId)).toMatchObject({ status: 'group', isBot: false });

    const ana = await f.attendant([sales.id], { allTicket: 'enabled' });
    const owned = await f.inbound('5511977830001', 'Oi');
    const menu = 'Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';
    await f.put(ana.session.token, owned.ticketId, { status: 'open', userId: ana.user.id, queueId: sales.id });
    await f.inbound('5511977830001', '2');
    await f.botSaid(owned.ticketId, [menu]);
    expect(await f.ticketOf(owned.ticketId)).toMatchObject({ status: 'open', userId: ana.user.id, queueId: sales.id });

    const rating = await f.inbound('5511977830002', 'Oi');
    await t.db.update(tickets).set({ status: 'nps', isBot: false }).where(eq(tickets.id, rating.ticketId));
    await f.inbound('5511977830002', '10');
    await f.botSaid(rating.ticketId, [menu]);
    // the answer went to the rating, not to the bot
    expect(await f.ticketOf(rating.ticketId)).toMatchObject({ status: 'closed', userRating: { rate: 10 } });
  });
});
