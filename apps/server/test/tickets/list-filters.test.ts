// GET /tickets filters and visibility against the rules written out in JavaScript (01-core §6,
// §7 GET /tickets). The list's statement is built once per shape of request and reused with other
// values (issue 21), so users with the same rights but other queues ask in turn, and every
// answer must be the one the rules give for its own asker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKETS_PAGE_SIZE } from '../../src/modules/tickets/tickets.repo.ts';
import { ticketTags, tickets, type TicketRow } from '../../src/db/schema.ts';
import { loadActor, type TenantActor } from '../../src/platform/access.ts';
import { createConnection, createContact, createTag } from '../factories/contact.factory.ts';
import { setupAttendance, type Session } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { asParams, expected, type Fixture, type Page, type Query } from '../helpers/ticket-list-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const statuses = ['open', 'pending', 'closed', 'group', 'lgpd', 'pending'] as const;

// 90 tickets whose status, owner, queue, connection, group, unread count, days and tags vary
// independently, each of its own contact (one live ticket per contact and connection).
const seedTickets = async (companyId: number, users: number[], queues: number[], connections: number[], tagIds: number[]): Promise<Fixture> => {
  const rows: TicketRow[] = [];
  const tagged = new Map<number, number[]>();
  for (let i = 0; i < 90; i += 1) {
    const contact = await createContact(t.db, companyId);
    const [row] = await t.db
      .insert(tickets)
      .values({
        companyId,
        contactId: contact.id,
        status: statuses[i % statuses.length],
        userId: i % 4 === 0 ? null : users[i % users.length],
        queueId: i % 5 === 0 ? null : queues[i % queues.length],
        whatsappId: connections[i % connections.length],
        isGroup: i % 7 === 0,
        unreadMessages: i % 3,
        createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 3), 12)),
        updatedAt: new Date(Date.UTC(2026, 10, 10 + (i % 4), 12, 0, i)),
      })
      .returning();
    rows.push(row);
    const ticketTagIds = tagIds.filter((_, index) => (i + index) % 4 === 0);
    if (ticketTagIds.length) await t.db.insert(ticketTags).values(ticketTagIds.map((tagId) => ({ ticketId: row.id, tagId, companyId })));
    tagged.set(row.id, ticketTagIds);
  }
  return { rows, tagged };
};

describe('GET /tickets filters, one statement per shape (01-core §7 GET /tickets, §6 visibility)', () => {
  it('every filter, alone and combined, answers each asker what the rules give it, whoever asked the same shape before', async () => {
    const a = await setupAttendance(t, { queues: 3 });
    const [q1, q2, q3] = a.queues.map((queue) => queue.id);
    const second = await createConnection(t.db, a.company.id);
    const tags = [await createTag(t.db, a.company.id), await createTag(t.db, a.company.id)];
    // two attendants with the same rights and other queues, one with wider rights, and the admin
    const inFirst = await a.attendant([q1]);
    const inSecond = await a.attendant([q2, q3]);
    const wide = await a.attendant([q1, q3], { allTicket: 'enabled', allHistoric: 'enabled', allowGroup: 'enabled', allUserChat: 'enabled' });
    const askers: { session: Session; actor: TenantActor }[] = [];
    for (const session of [inFirst.session, inSecond.session, wide.session, a.adminSession]) {
      const actor = await loadActor(t.db, session.user.id, a.company.id);
      if (!actor) throw new Error('asker not found');
      askers.push({ session, actor });
    }
    const fixture = await seedTickets(
      a.company.id,
      [inFirst.user.id, inSecond.user.id, wide.user.id, a.admin.id],
      [q1, q2, q3],
      [a.connection.id, second.id],
      tags.map((tag) => tag.id),
    );

    const queries: Query[] = [
      {},
      { status: 'open' },
      { status: 'pending' },
      { status: 'closed' },
      { status: 'open', showAll: true },
      { status: 'pending', queueIds: [q1] },
      { status: 'pending', queueIds: [q2, q3] },
      { statusFilter: ['open', 'group'] },
      { whatsapps: [second.id] },
      { users: [inSecond.user.id], showAll: true },
      { withUnreadMessages: true },
      { isGroup: true },
      { isGroup: false, status: 'pending' },
      { date: '2026-11-02' },
      { updatedAt: '2026-11-11' },
      { tags: [tags[0].id] },
      { tags: tags.map((tag) => tag.id), sortTickets: 'ASC' },
      { status: 'open', showAll: true, whatsapps: [a.connection.id], withUnreadMessages: true, sortTickets: 'ASC' },
    ];
    // each shape asked by every asker in turn, twice, so later answers come from statements
    // built (and planned) for an earlier asker's values
    for (let round = 0; round < 2; round += 1) {
      for (const query of queries) {
        for (const { session, actor } of askers) {
          const answer = await t.request<Page>('GET', `/tickets?${asParams(query)}`, { token: session.token });
          const want = expected(fixture, actor, query);
          const label = `${actor.profile} ${session.user.id} ${JSON.stringify(query)}`;
          expect(answer.status, label).toBe(200);
          expect(answer.body.tickets.map((ticket) => ticket.id), label).toEqual(want.ids);
          expect(answer.body.count, label).toBe(want.count);
          expect(answer.body.hasMore, label).toBe(want.count > TICKETS_PAGE_SIZE);
        }
      }
    }
  });

  it('more shapes than a process keeps (200, of which 64 prepared) all answer right, and a dropped one answers right when built again', async () => {
    const a = await setupAttendance(t);
    const second = await createConnection(t.db, a.company.id);
    const fixture = await seedTickets(a.company.id, [a.admin.id], [a.queues[0].id], [a.connection.id, second.id], []);
    const actor = await loadActor(t.db, a.admin.id, a.company.id);
    if (!actor) throw new Error('admin not found');
    const queries: Query[] = [];
    for (const status of [undefined, 'open', 'pending', 'closed', 'group', 'lgpd', 'nps'])
      for (const sortTickets of ['ASC', 'DESC'])
        for (const isGroup of [undefined, true, false])
          for (const withUnreadMessages of [false, true])
            for (const whatsapps of [[], [second.id]])
              for (const showAll of [false, true]) {
                const query: Query = { sortTickets, showAll };
                if (status) query.status = status;
                if (isGroup !== undefined) query.isGroup = isGroup;
                if (withUnreadMessages) query.withUnreadMessages = true;
                if (whatsapps.length) query.whatsapps = whatsapps;
                queries.push(query);
              }
    expect(queries.length).toBeGreaterThan(300);
    // the first twenty again at the end: by then the process has dropped them and builds them anew
    for (const query of [...queries, ...queries.slice(0, 20)]) {
      const answer = await t.request<Page>('GET', `/tickets?${asParams(query)}`, { token: a.adminSession.token });
      const want = expected(fixture, actor, query);
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(answer.body.tickets.map((ticket) => ticket.id), JSON.stringify(query)).toEqual(want.ids);
      expect(answer.body.count, JSON.stringify(query)).toBe(want.count);
    }
  });

  it('a page past the end is empty and still counts the tab, by page number or by cursor', async () => {
    const a = await setupAttendance(t);
    const fixture = await seedTickets(a.company.id, [a.admin.id], [a.queues[0].id], [a.connection.id], []);
    const actor = await loadActor(t.db, a.admin.id, a.company.id);
    if (!actor) throw new Error('admin not found');
    const { count } = expected(fixture, actor, { status: 'closed' });
    const token = a.adminSession.token;
    const past = await t.request<Page>('GET', '/tickets?status=closed&pageNumber=5', { token });
    expect(past.body).toEqual({ tickets: [], count, hasMore: false, nextCursor: null });
    // the oldest closed ticket's position: nothing comes after it, newest first
    const oldest = fixture.rows.filter((row) => row.status === 'closed').sort((x, y) => x.updatedAt.getTime() - y.updatedAt.getTime())[0];
    const cursor = `${oldest.updatedAt.getTime() * 1000}_${oldest.id}`;
    const end = await t.request<Page>('GET', `/tickets?status=closed&cursor=${cursor}`, { token });
    expect(end.body).toEqual({ tickets: [], count, hasMore: false, nextCursor: null });
  });
});
