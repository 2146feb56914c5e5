// Ticket priority (issue 40 point 5): set by an attendant who can act on the ticket, shown in the
// ticket's view, and a filter and a sort of GET /tickets that pages by keyset like the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketPriorities, type TicketPriority } from '@atende/shared/tickets';
import { tickets } from '../../src/db/schema.ts';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Listed = { id: number; priority: TicketPriority; updatedAt: string };
type Page = { tickets: Listed[]; nextCursor: string | null; count: number };

describe('ticket priority (issue 40 point 5)', () => {
  it('the owner sets it with PUT /tickets/{id}, the view carries it, an unknown priority is refused', async () => {
    const a = await setupAttendance(t);
    const attendant = await a.attendant([a.queues[0].id]);
    const { ticketId } = await a.inbound('5511990001111', 'hello');
    expect((await a.ticket(a.adminSession.token, ticketId)).priority).toBe('none');
    await a.put(a.adminSession.token, ticketId, { queueId: a.queues[0].id });
    await a.put(attendant.session.token, ticketId, { status: 'open', userId: attendant.user.id, queueId: a.queues[0].id });

    const changed = await a.put(attendant.session.token, ticketId, { priority: 'urgent' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: ticketId, status: 'open', userId: attendant.user.id, priority: 'urgent' });
    expect((await a.ticket(a.adminSession.token, ticketId)).priority).toBe('urgent');

    expect((await a.put(attendant.session.token, ticketId, { priority: 'critical' })).status).toBe(400);
    expect((await a.ticket(a.adminSession.token, ticketId)).priority).toBe('urgent');
  });

  it('filters by one or several priorities and sorts the most urgent first, page after page', async () => {
    const a = await setupAttendance(t);
    const seeded: { id: number; priority: TicketPriority; updatedAt: Date }[] = [];
    for (let i = 0; i < 70; i += 1) {
      const contact = await createContact(t.db, a.company.id);
      const priority = ticketPriorities[(i * 7) % ticketPriorities.length];
      const updatedAt = new Date(Date.UTC(2026, 10, 10, 12, 0, i));
      const [row] = await t.db
        .insert(tickets)
        .values({ companyId: a.company.id, contactId: contact.id, status: 'open', userId: a.admin.id, whatsappId: a.connection.id, priority, updatedAt })
        .returning();
      seeded.push({ id: row.id, priority, updatedAt });
    }
    const rank = (priority: TicketPriority) => ticketPriorities.indexOf(priority);
    const list = async (params: Record<string, string>) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const query: URLSearchParams = new URLSearchParams({ status: 'open', showAll: 'true', ...params, ...(cursor ? { cursor } : {}) });
        const answer: { status: number; body: Page } = await t.request<Page>('GET', `/tickets?${query}`, { token: a.adminSession.token });
        expect(answer.status).toBe(200);
        ids.push(...answer.body.tickets.map((ticket) => ticket.id));
        cursor = answer.body.nextCursor;
      } while (cursor);
      return ids;
    };

    const urgentOrHigh = seeded.filter((row) => row.priority === 'urgent' || row.priority === 'high');
    expect(new Set(await list({ priorities: JSON.stringify(['urgent', 'high']) }))).toEqual(new Set(urgentOrHigh.map((row) => row.id)));
    expect(await list({ priorities: JSON.stringify(['low']) })).toEqual(
      seeded.filter((row) => row.priority === 'low').sort((x, y) => y.updatedAt.getTime() - x.updatedAt.getTime()).map((row) => row.id),
    );

    const byPriority = (direction: 1 | -1) =>
      [...seeded].sort((x, y) => rank(y.priority) - rank(x.priority) || direction * (x.updatedAt.getTime() - y.updatedAt.getTime())).map((row) => row.id);
    expect(await list({ sortBy: 'priority' })).toEqual(byPriority(-1));
    expect(await list({ sortBy: 'priority', sortTickets: 'ASC' })).toEqual(byPriority(1));
    expect(await list({ sortBy: 'priority', priorities: JSON.stringify(['none', 'medium']) })).toEqual(
      byPriority(-1).filter((id) => ['none', 'medium'].includes(seeded.find((row) => row.id === id)?.priority ?? '')),
    );
    expect((await t.request('GET', `/tickets?priorities=${encodeURIComponent('["soon"]')}`, { token: a.adminSession.token })).status).toBe(400);
    // a cursor of the other order is refused rather than read in this one
    expect((await t.request('GET', '/tickets?sortBy=priority&cursor=1_2', { token: a.adminSession.token })).status).toBe(400);
    expect((await t.request('GET', '/tickets?cursor=p3_1_2', { token: a.adminSession.token })).status).toBe(400);
  });
});
