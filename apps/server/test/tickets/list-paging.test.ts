// GET /tickets on a large list (01-core §7, issue 21): the infinite scroll's keyset cursor, the
// count that stops past its cap, and company settings that every process reads from memory.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKETS_COUNT_CAP } from '@atende/shared/tickets';
import { TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type HttpAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Page = { tickets: { id: number; updatedAt: string }[]; count: number; hasMore: boolean; nextCursor: string | null };
type NumberedPage = Omit<Page, 'tickets'> & { tickets: { contact: { number: string } }[] };

// `total` closed tickets of one contact, `tied` to a timestamp each, so pages end inside a tie
const insertClosedTickets = async (companyId: number, total: number, tied: number) => {
  const contact = await createContact(t.db, companyId);
  await t.db.execute(sql`insert into tickets (company_id, contact_id, status, channel, created_at, updated_at, closed_at)
    select ${companyId}, ${contact.id}, 'closed', 'whatsapp', now(), timestamptz '2026-01-01 12:00:00.123456+00' - (g / ${tied}) * interval '1 second', now()
    from generate_series(1, ${total}) g`);
};

const walk = async (token: string, sortTickets: 'ASC' | 'DESC', status = 'closed') => {
  const seen: Page['tickets'] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const query: URLSearchParams = new URLSearchParams({ status, sortTickets, ...(cursor ? { cursor } : {}) });
    const answer: HttpAnswer<Page> = await t.request<Page>('GET', `/tickets?${query}`, { token });
    expect(answer.status).toBe(200);
    seen.push(...answer.body.tickets);
    cursor = answer.body.nextCursor;
    if (!answer.body.hasMore) break;
  }
  return { seen, cursor };
};

describe('GET /tickets large lists (01-core §7 GET /tickets, §2 Ticket manager infinite scroll)', () => {
  it('the infinite scroll walks every ticket once by nextCursor, across ties in updatedAt, both ways', async () => {
    const a = await setupAttendance(t);
    await insertClosedTickets(a.company.id, 95, 10);
    const newestFirst = await walk(a.adminSession.token, 'DESC');
    expect(newestFirst.seen).toHaveLength(95);
    expect(new Set(newestFirst.seen.map((ticket) => ticket.id)).size).toBe(95);
    const expected = [...newestFirst.seen].sort((x, y) => y.updatedAt.localeCompare(x.updatedAt) || y.id - x.id);
    expect(newestFirst.seen.map((ticket) => ticket.id)).toEqual(expected.map((ticket) => ticket.id));
    expect(newestFirst.cursor).toBeNull();

    const oldestFirst = await walk(a.adminSession.token, 'ASC');
    expect(oldestFirst.seen.map((ticket) => ticket.id)).toEqual(expected.map((ticket) => ticket.id).reverse());

    // pageNumber, as the spec's callers send it, still answers the same pages
    const second = await t.request<Page>('GET', '/tickets?status=closed&pageNumber=2', { token: a.adminSession.token });
    expect(second.body.tickets.map((ticket) => ticket.id)).toEqual(expected.slice(40, 80).map((ticket) => ticket.id));
    expect(second.body).toMatchObject({ count: 95, hasMore: true });
  });

  it("a user's open tab pages through its own tickets and the unassigned ones as one list, both ways", async () => {
    const a = await setupAttendance(t);
    const queueId = a.queues[0].id;
    const other = await a.attendant([queueId]);
    // 120 open tickets a second apart, each of its own contact: in turn the admin's, unassigned, and
    // another user's (which the admin's tab without showAll leaves out)
    await t.db.execute(sql`with made as (
        insert into contacts (company_id, name, number)
        select ${a.company.id}::integer, 'Paging ' || g, '5511980' || lpad(g::text, 6, '0') from generate_series(1, 120) g returning id, number)
      insert into tickets (company_id, contact_id, status, queue_id, user_id, updated_at)
      select ${a.company.id}::integer, id, 'open', ${queueId}::integer, case g % 3 when 0 then ${a.admin.id}::integer when 1 then null else ${other.user.id}::integer end,
             timestamptz '2026-01-01 12:00:00+00' + g * interval '1 second'
        from (select id, right(number, 6)::int as g from made) numbered`);
    const visible = await t.db.execute(sql`select id from tickets where company_id = ${a.company.id} and status = 'open' and (user_id = ${a.admin.id} or user_id is null) order by updated_at desc, id desc`);
    const wanted = ((visible as { rows?: { id: number }[] }).rows ?? (visible as unknown as { id: number }[])).map((row) => row.id);
    expect(wanted).toHaveLength(80);
    const token = a.adminSession.token;
    const newestFirst = await walk(token, 'DESC', 'open');
    expect(newestFirst.seen.map((ticket) => ticket.id)).toEqual(wanted);
    const oldestFirst = await walk(token, 'ASC', 'open');
    expect(oldestFirst.seen.map((ticket) => ticket.id)).toEqual([...wanted].reverse());
    const second = await t.request<Page>('GET', '/tickets?status=open&pageNumber=2', { token });
    expect(second.body.tickets.map((ticket) => ticket.id)).toEqual(wanted.slice(40, 80));
    expect(second.body).toMatchObject({ count: 80, hasMore: false });
  });

  it('a malformed cursor is a 400 validation error', async () => {
    const a = await setupAttendance(t);
    for (const cursor of ['abc', '1_2_3', '_5', `${'9'.repeat(21)}_1`]) {
      const answer = await t.request('GET', `/tickets?cursor=${encodeURIComponent(cursor)}`, { token: a.adminSession.token });
      expect(answer.status, cursor).toBe(400);
    }
  });

  it('the count stops one past the cap, which the web shows as "10.000+"', async () => {
    const a = await setupAttendance(t);
    await insertClosedTickets(a.company.id, TICKETS_COUNT_CAP + 50, 1);
    const answer = await t.request<Page>('GET', '/tickets?status=closed', { token: a.adminSession.token });
    expect(answer.body.count).toBe(TICKETS_COUNT_CAP + 1);
    expect(answer.body.tickets).toHaveLength(40);
    expect(answer.body.hasMore).toBe(true);
  });
});

describe('GET /tickets search without accents or case (01-core §2 ticket search, issue 21)', () => {
  it('"reembolso" finds "Reembolso" and "reembolsó" in names, last messages and, with searchOnMessages, older messages, newest first', async () => {
    const a = await setupAttendance(t);
    const inName = await a.inbound('5511966660001', 'bom dia');
    await t.request('PUT', `/contacts/${(await a.ticket(a.adminSession.token, inName.ticketId)).contact.id}`, {
      token: a.adminSession.token,
      body: { name: 'Loja Reembolsó Ltda', number: '5511966660001' },
    });
    const inLastMessage = await a.inbound('5511966660002', 'Quero o REEMBOLSO');
    const inOlderMessage = await a.inbound('5511966660003', 'pedi um reembolsó ontem');
    await a.inbound('5511966660003', 'alguma novidade?');
    await a.inbound('5511966660004', 'nada a ver');
    const found = async (searchParam: string, searchOnMessages: boolean) =>
      (
        await t.request<Page>('GET', `/tickets?${new URLSearchParams({ searchParam, searchOnMessages: String(searchOnMessages) })}`, {
          token: a.adminSession.token,
        })
      ).body.tickets.map((ticket) => ticket.id);
    expect(await found('reembolso', false)).toEqual([inLastMessage.ticketId, inName.ticketId]);
    expect(await found('REEMBOLSÓ', true)).toEqual([inOlderMessage.ticketId, inLastMessage.ticketId, inName.ticketId]);
    expect(await found('reembolsar', true)).toEqual([]);
  });
  it('a search in messages pages by cursor through every ticket found any way, once and newest first; a search counts no further than its page', async () => {
    const a = await setupAttendance(t);
    // 90 closed tickets a second apart: every 3rd says it in a public message, every 10th only in
    // a private note, every 7th in its last message, every 11th by its contact's name
    await t.db.execute(sql`insert into contacts (company_id, name, number)
      select ${a.company.id}, case when g % 11 = 0 then 'Loja Reembolsó ' || g else 'Cliente ' || g end, '55119880' || lpad(g::text, 5, '0')
      from generate_series(1, 90) g`);
    await t.db.execute(sql`insert into tickets (company_id, contact_id, status, channel, last_message, created_at, updated_at, closed_at)
      select ${a.company.id}, c.id, 'closed', 'whatsapp', case when g % 7 = 0 then 'Quero o REEMBOLSO' else 'ok' end, now(),
        timestamptz '2026-01-01 12:00:00+00' + g * interval '1 second', now()
      from generate_series(1, 90) g join contacts c on c.company_id = ${a.company.id} and c.number = '55119880' || lpad(g::text, 5, '0')`);
    await t.db.execute(sql`insert into messages (company_id, ticket_id, contact_id, body, is_private)
      select t.company_id, t.id, t.contact_id, case when right(c.number, 5)::int % 3 = 0 then 'pedi um reembolsó ontem' else 'tudo certo' end, false
      from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${a.company.id} and c.number like '55119880%'
      union all
      select t.company_id, t.id, t.contact_id, 'nota: reembolso negado', true
      from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${a.company.id} and c.number like '55119880%' and right(c.number, 5)::int % 10 = 0`);
    const expected = Array.from({ length: 90 }, (_, index) => 90 - index).filter((g) => g % 3 === 0 || g % 7 === 0 || g % 11 === 0);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const query: URLSearchParams = new URLSearchParams({ searchParam: 'reembolso', searchOnMessages: 'true', status: 'closed', ...(cursor ? { cursor } : {}) });
      const answer: HttpAnswer<NumberedPage> = await t.request('GET', `/tickets?${query}`, { token: a.adminSession.token });
      expect(answer.status).toBe(200);
      if (page === 0) expect(answer.body).toMatchObject({ count: 41, hasMore: true });
      seen.push(...answer.body.tickets.map((ticket) => Number(ticket.contact.number.slice(-5))));
      cursor = answer.body.nextCursor;
      if (!answer.body.hasMore) break;
    }
    expect(seen).toEqual(expected);
    // fewer matches than a page: the count is all of them
    const byNameOrLast = await t.request<Page>('GET', `/tickets?${new URLSearchParams({ searchParam: 'reembolso', status: 'closed' })}`, { token: a.adminSession.token });
    expect(byNameOrLast.body.count).toBe(expected.filter((g) => g % 7 === 0 || g % 11 === 0).length);
  });
});

describe('company settings cached per process (03-saas §6 settings, issue 21)', () => {
  it("a setting changed through one process reaches another process's ticket list", async () => {
    const second = await startTestApp({}, { database: t.database });
    try {
      const a = await setupAttendance(t);
      const user = await a.attendant([a.queues[0].id]);
      const { ticketId } = await a.inbound('5511977770001', 'olá');
      await a.put(a.adminSession.token, ticketId, { queueId: a.queues[0].id });
      // each process signs its own tokens; the user signs in on the second one
      const there = await second.login(user.user.email, TEST_PASSWORD);
      const numbers = async () =>
        (await second.request<{ tickets: { contact: { number: string } }[] }>('GET', '/tickets?status=pending', { token: there.token })).body.tickets.map(
          (ticket) => ticket.contact.number,
        );
      expect(await numbers()).toEqual(['5511977770001']);
      const changed = await t.request('PUT', '/companySettings', { token: a.adminSession.token, body: { column: 'lgpdHideNumber', data: 'enabled' } });
      expect(changed.status).toBe(200);
      // the other process hears of it by notification, a moment after the answer
      await expect.poll(numbers, { timeout: 10_000 }).not.toEqual(['5511977770001']);
    } finally {
      await second.close();
    }
  });
});
