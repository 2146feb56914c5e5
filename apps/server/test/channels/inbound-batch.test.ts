// Inbound messages stored in group-commit batches that read their duplicates, contacts and live
// tickets ahead with one statement each (channels/inbound-batch.ts, issue 21 ingestion): a burst
// of deliveries gives the same tickets, contacts, unread counts and duplicate answers as the same
// messages one at a time would.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../src/channels/provider.ts';
import { campaignShipping, campaigns, contacts, messages, ticketLogs, tickets } from '../../src/db/schema.ts';
import { createTag } from '../factories/contact.factory.ts';
import { findConnection } from '../../src/modules/connections/connections.repo.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // several lanes, so that two transactions can race for one contact (the last test)
  t = await startTestApp({ inboundLanes: 4 });
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

// These customers are not blocked, so each message is stored (never a DroppedInbound).
const receiveStored = async (...args: Parameters<TestApp['app']['inbound']['receive']>) => {
  const result = await t.app.inbound.receive(...args);
  if (result.messageId === null) throw new Error('an unblocked customer\'s message was dropped');
  return result;
};

describe('a burst of inbound messages stored in batches (01-core §4 Messages, §5 inbound; issue 21)', () => {
  it('opens one ticket per contact, stores each provider id once, counts unread and answers duplicates as one at a time would', async () => {
    const a = await setupAttendance(t);
    // before the burst: a customer with an open ticket, one whose ticket was closed, one stored message
    const open = await a.inbound('5511944440001', 'antes', 'before-open');
    await a.put(a.adminSession.token, open.ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const closed = await a.inbound('5511944440002', 'antes', 'before-closed');
    await a.put(a.adminSession.token, closed.ticketId, { status: 'closed' });
    const stored = await a.inbound('5511944440003', 'antes', 'before-stored');
    const unreadOfOpen = (await a.ticket(a.adminSession.token, open.ticketId)).unreadMessages;

    const customers = Array.from({ length: 12 }, (_, index) => `55119444401${String(index).padStart(2, '0')}`);
    const burst = [
      ...customers.flatMap((number, index) => [
        { from: number, body: `primeira ${index}`, id: `burst-${index}-a` },
        { from: number, body: `segunda ${index}`, id: `burst-${index}-b` },
      ]),
      { from: '5511944440001', body: 'no aberto', id: 'burst-open' },
      { from: '5511944440002', body: 'depois de fechado', id: 'burst-after-closed' },
      { from: '5511944440003', body: 'antes', id: 'before-stored' },
      { from: '5511944440004', body: 'duas vezes', id: 'burst-twice' },
      { from: '5511944440004', body: 'duas vezes', id: 'burst-twice' },
    ];
    const answers = await Promise.all(burst.map((delivery) => a.inbound(delivery.from, delivery.body, delivery.id)));

    const answerOf = (id: string) => answers.filter((_, index) => burst[index].id === id);
    expect(answerOf('before-stored')[0]).toMatchObject({ messageId: stored.messageId, ticketId: stored.ticketId, duplicate: true });
    const twice = answerOf('burst-twice');
    expect(twice.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
    expect(twice[0].messageId).toBe(twice[1].messageId);
    expect(answerOf('burst-open')[0]).toMatchObject({ ticketId: open.ticketId, duplicate: false });
    expect(answerOf('burst-after-closed')[0].ticketId).not.toBe(closed.ticketId);

    const companyId = a.company.id;
    const byCustomer = await t.db
      .select({ number: contacts.number, ticketId: tickets.id, status: tickets.status, unread: tickets.unreadMessages })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.companyId, companyId), inArray(contacts.number, customers)));
    expect(byCustomer).toHaveLength(12);
    for (const row of byCustomer) expect(row).toMatchObject({ status: 'pending', unread: 2 });
    for (const [index, number] of customers.entries()) {
      const ticketId = byCustomer.find((row) => row.number === number)?.ticketId;
      expect(answerOf(`burst-${index}-a`)[0].ticketId).toBe(ticketId);
      expect(answerOf(`burst-${index}-b`)[0].ticketId).toBe(ticketId);
    }
    expect(await t.db.$count(contacts, and(eq(contacts.companyId, companyId), inArray(contacts.number, customers)))).toBe(12);
    expect((await a.ticket(a.adminSession.token, open.ticketId)).unreadMessages).toBe(unreadOfOpen + 1);

    const all = await t.db.select({ providerMessageId: messages.providerMessageId }).from(messages).where(eq(messages.companyId, companyId));
    const ids = all.map((row) => row.providerMessageId);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(ids).toHaveLength(3 + burst.length - 2);

  });

  it('a burst handed to the pipeline in one tick is one batch: same tickets, contacts and answers, and a lid learned on the way', async () => {
    const a = await setupAttendance(t);
    const before = await a.inbound('5511955550001', 'antes', 'tick-before');
    // a ticket in a lane that rolls back on a reply, and a contact asked for a campaign confirmation
    const laned = await a.inbound('5511955550004', 'antes', 'tick-before-laned');
    const lead = await createTag(t.db, a.company.id, { name: 'Lead', kanban: 1 });
    const proposal = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1, rollbackLaneId: lead.id });
    expect((await t.request('PUT', `/ticket-tags/${laned.ticketId}/${proposal.id}`, { token: a.adminSession.token })).status).toBe(200);
    const asked = await a.inbound('5511955550005', 'antes', 'tick-before-asked');
    const [campaign] = await t.db.insert(campaigns).values({ companyId: a.company.id, name: 'Confirmar', status: 'EM_ANDAMENTO', confirmation: true }).returning();
    const [shipping] = await t.db
      .insert(campaignShipping)
      .values({ companyId: a.company.id, campaignId: campaign.id, contactId: asked.contactId, number: '5511955550005', name: 'Cliente 05', confirmationRequestedAt: new Date() })
      .returning();
    const connection = await findConnection(t.db, a.company.id, a.connection.id);
    if (!connection) throw new Error('no connection');
    const message = (from: string, providerMessageId: string, lid?: string): InboundMessage => ({
      companyId: a.company.id,
      connectionId: connection.id,
      providerMessageId,
      from: { number: from, name: `Cliente ${from.slice(-2)}`, lid },
      body: providerMessageId,
    });
    const burst = [
      message('5511955550001', 'tick-before'),
      message('5511955550002', 'tick-new-1'),
      message('5511955550003', 'tick-new-2'),
      message('5511955550002', 'tick-new-1b', 'lid-0002'),
      message('5511955550003', 'tick-twice'),
      message('5511955550003', 'tick-twice'),
      message('5511955550001', 'tick-existing'),
      message('5511955550004', 'tick-laned'),
      message('5511955550005', 'tick-asked'),
    ];
    const answers = await Promise.all(burst.map((delivery) => receiveStored(delivery, connection)));

    expect(answers.map((answer) => answer.duplicate)).toEqual([true, false, false, false, false, true, false, false, false]);
    expect(answers[0]).toMatchObject({ messageId: before.messageId, ticketId: before.ticketId });
    expect(answers[6].ticketId).toBe(before.ticketId);
    expect(answers[3].ticketId).toBe(answers[1].ticketId);
    expect(answers[4].ticketId).toBe(answers[2].ticketId);
    expect(answers[5].messageId).toBe(answers[4].messageId);
    expect(new Set([answers[1].ticketId, answers[2].ticketId, before.ticketId]).size).toBe(3);

    const [contact2] = await t.db.select().from(contacts).where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, '5511955550002')));
    expect(contact2).toMatchObject({ lid: 'lid-0002', id: answers[1].contactId });
    const unread = async (ticketId: number) => (await a.ticket(a.adminSession.token, ticketId)).unreadMessages;
    expect([await unread(before.ticketId), await unread(answers[1].ticketId), await unread(answers[2].ticketId)]).toEqual([2, 2, 2]);

    const lanes = (await a.ticket(a.adminSession.token, laned.ticketId)).tags.filter((tag: { kanban: number }) => tag.kanban === 1).map((tag: { id: number }) => tag.id);
    expect(lanes).toEqual([lead.id]);
    const [confirmed] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.id, shipping.id));
    expect(confirmed.confirmedAt).not.toBeNull();

    // the seven stored messages shared transactions: at most one per contact's lane (PGlite has one lane for all)
    const transactions = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count(distinct xmin::text)::int as count from ${messages} where ${messages.companyId} = ${a.company.id} and ${messages.providerMessageId} like 'tick-%' and ${messages.providerMessageId} not like 'tick-before%'`),
    );
    expect(transactions[0].count).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 5 : 1);
  });

  it('one customer writing under several spellings of the number gets one ticket, with the messages in arrival order', async () => {
    const a = await setupAttendance(t);
    const connection = await findConnection(t.db, a.company.id, a.connection.id);
    if (!connection) throw new Error('no connection');
    // a contact's messages share a key however the number was spelled: one lane, in arrival
    // order, one message per round of the batch
    const spellings = ['5511955550009', '+55 11 95555-0009', '(55) 11 955550009', '55-11-955550009', '+55 (11) 9 5555 0009', '55 11955550009'];
    const answers = await Promise.all(
      spellings.map((number, index) =>
        receiveStored({ companyId: a.company.id, connectionId: connection.id, providerMessageId: `spelled-${index}`, from: { number, name: 'Cliente' }, body: `oi ${index}` }, connection),
      ),
    );
    expect(answers.every((answer) => !answer.duplicate)).toBe(true);
    expect(new Set(answers.map((answer) => answer.ticketId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.contactId)).size).toBe(1);
    expect((await a.ticket(a.adminSession.token, answers[0].ticketId)).unreadMessages).toBe(spellings.length);
    const ids = answers.map((answer) => answer.messageId);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it('stores a round of many customers with one statement: text as sent, each ticket bumped, one provider id twice stored once', async () => {
    const a = await setupAttendance(t);
    const connection = await findConnection(t.db, a.company.id, a.connection.id);
    if (!connection) throw new Error('no connection');
    // the texts an array of values must carry unchanged
    const bodies = ['a "quoted" word', 'back\\slash \\', '{braces}, commas', 'NULL', ' spaced ', "it's", 'linha\nquebrada', 'emoji 😀 ação', ''];
    const customers = bodies.map((_, index) => `55119666600${String(index).padStart(2, '0')}`);
    // each customer has a live ticket already, so the round opens none
    const before = [];
    for (const number of customers) before.push(await a.inbound(number, 'antes', `round-before-${number}`));
    const round: InboundMessage[] = customers.map((number, index) => ({
      companyId: a.company.id,
      connectionId: connection.id,
      providerMessageId: `round-${index}`,
      from: { number, name: `Cliente ${index}` },
      body: bodies[index],
      mediaType: bodies[index] === '' ? 'image' : undefined,
    }));
    // two customers' deliveries that name one provider id: the first is stored, the second is it again
    round.push({ ...round[0], from: { number: '5511966660099', name: 'Outro' } });
    const answers = await Promise.all(round.map((delivery) => receiveStored(delivery, connection)));

    expect(answers.map((answer) => answer.duplicate)).toEqual([...bodies.map(() => false), true]);
    expect(answers.at(-1)?.messageId).toBe(answers[0].messageId);
    const stored = await t.db
      .select({ id: messages.id, body: messages.body, ticketId: messages.ticketId, mediaType: messages.mediaType })
      .from(messages)
      .where(inArray(messages.id, answers.map((answer) => answer.messageId)));
    for (const [index, answer] of answers.slice(0, bodies.length).entries()) {
      expect(answer.ticketId).toBe(before[index].ticketId);
      expect(stored.find((row) => row.id === answer.messageId)).toMatchObject({ body: bodies[index], ticketId: before[index].ticketId, mediaType: bodies[index] === '' ? 'image' : 'chat' });
      const ticket = await a.ticket(a.adminSession.token, answer.ticketId);
      expect(ticket).toMatchObject({ unreadMessages: 2, lastMessage: bodies[index] === '' ? 'image' : bodies[index] });
    }
    // one insert per lane's transaction: the rows of one statement share its command id
    const statements = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count(distinct (xmin::text, cmin::text))::int as count from ${messages} where ${messages.companyId} = ${a.company.id} and ${messages.providerMessageId} like 'round-%' and ${messages.providerMessageId} not like 'round-before-%'`),
    );
    expect(statements[0].count).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 4 : 1);
  });

  it('opens the tickets of a round of new customers together, each pending with its create log, the logs written by one statement', async () => {
    const a = await setupAttendance(t);
    const connection = await findConnection(t.db, a.company.id, a.connection.id);
    if (!connection) throw new Error('no connection');
    const customers = Array.from({ length: 8 }, (_, index) => `55119777700${String(index).padStart(2, '0')}`);
    const answers = await Promise.all(
      customers.map((number, index) =>
        receiveStored({ companyId: a.company.id, connectionId: connection.id, providerMessageId: `opening-${index}`, from: { number, name: `Novo ${index}` }, body: `oi ${index}` }, connection),
      ),
    );

    const ticketIds = answers.map((answer) => answer.ticketId);
    expect(new Set(ticketIds).size).toBe(customers.length);
    const opened = await t.db.select().from(tickets).where(inArray(tickets.id, ticketIds));
    for (const [index, answer] of answers.entries()) {
      expect(opened.find((ticket) => ticket.id === answer.ticketId)).toMatchObject({ status: 'pending', contactId: answer.contactId, whatsappId: connection.id, unreadMessages: 1, lastMessage: `oi ${index}` });
    }
    const logs = await t.db.select().from(ticketLogs).where(inArray(ticketLogs.ticketId, ticketIds));
    expect(logs.map((log) => [log.ticketId, log.type]).sort()).toEqual(ticketIds.map((id) => [id, 'create']).sort());
    // the logs, which nothing updates after (the tickets' rows are rewritten by the messages' bump)
    const statements = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count(distinct (xmin::text, cmin::text))::int as count from ${ticketLogs} where ${ticketLogs.ticketId} in ${ticketIds}`),
    );
    expect(statements[0].count).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 4 : 1);
  });

  it("writes a round's contacts with one statement: new ones with the name sent (the number when blank) and the company's audio choice, one seen again keeps its own and learns its lid", async () => {
    const a = await setupAttendance(t);
    const connection = await findConnection(t.db, a.company.id, a.connection.id);
    if (!connection) throw new Error('no connection');
    const known = await a.inbound('5511966660001', 'antes', 'contacts-before');
    const audio = await t.request('PUT', '/companySettings', { token: a.adminSession.token, body: { column: 'acceptAudioMessageContact', data: 'disabled' } });
    expect(audio.status).toBe(200);
    const senders = [
      { number: '5511966660001', name: 'Outro nome', lid: 'lid-known' },
      { number: '5511966660002', name: "Zé d'Ávila, \\ {x}", lid: null },
      { number: '5511966660003', name: '   ', lid: 'lid-new' },
      ...Array.from({ length: 6 }, (_, index) => ({ number: `55119666601${index}`, name: `Novo ${index}`, lid: null })),
    ];
    await Promise.all(
      senders.map((sender, index) =>
        receiveStored(
          { companyId: a.company.id, connectionId: connection.id, providerMessageId: `contacts-${index}`, from: { number: sender.number, name: sender.name, lid: sender.lid ?? undefined }, body: `oi ${index}` },
          connection,
        ),
      ),
    );

    const rows = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.company.id), inArray(contacts.number, senders.map((sender) => sender.number))));
    const byNumber = (number: string) => rows.find((row) => row.number === number);
    expect(byNumber('5511966660001')).toMatchObject({ id: known.contactId, name: 'Customer 0001', lid: 'lid-known', acceptAudioMessage: true });
    expect(byNumber('5511966660002')).toMatchObject({ name: "Zé d'Ávila, \\ {x}", lid: null, acceptAudioMessage: false, channel: connection.channel, whatsappId: connection.id });
    expect(byNumber('5511966660003')).toMatchObject({ name: '5511966660003', lid: 'lid-new', acceptAudioMessage: false });
    const statements = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count(distinct (xmin::text, cmin::text))::int as count from ${contacts} where ${contacts.id} in ${rows.map((row) => row.id)}`),
    );
    expect(rows).toHaveLength(senders.length);
    // one statement for the round on one lane (PGlite); the four lanes a PostgreSQL server gets here split it at most in four
    expect(statements[0].count).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 4 : 1);
  });
});
