// The tabs' counts kept by the tickets' triggers and folded by a job (issue 21; 01-core §7 GET
// /tickets count). Every way a ticket enters, leaves or moves between the counted columns goes
// through the real routes, and after each the kept counts must equal the tickets grouped, and each
// tab's count what the list's rules give, whether the changes were folded yet or not.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ticketCountChanges, ticketCounts, tickets } from '../../src/db/schema.ts';
import { scheduleTicketCountsFold, ticketCountsFoldJob } from '../../src/modules/tickets/ticket-counts.jobs.ts';
import { loadActor } from '../../src/platform/access.ts';
import { setupAttendance, type Session } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { asParams, expected, type Page, type Query } from '../helpers/ticket-list-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Grouped = { key: string; n: number };

const keyOf = (row: { companyId: number; status: string; queueId: number | null; userId: number | null; whatsappId: number | null; isGroup: boolean }) =>
  JSON.stringify([row.status, row.queueId, row.userId, row.whatsappId, row.isGroup]);

const byKey = (rows: Grouped[]) => {
  const sums = new Map<string, number>();
  for (const { key, n } of rows) sums.set(key, (sums.get(key) ?? 0) + n);
  return new Map([...sums].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
};

// the kept counts with the changes not yet folded, against the company's tickets grouped
const expectCountsKept = async (companyId: number) => {
  const counted = await t.db.select().from(ticketCounts).where(eq(ticketCounts.companyId, companyId));
  const changes = await t.db.select().from(ticketCountChanges).where(eq(ticketCountChanges.companyId, companyId));
  const rows = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
  const kept = byKey([...counted.map((row) => ({ key: keyOf(row), n: row.total })), ...changes.map((row) => ({ key: keyOf(row), n: row.delta }))]);
  expect(kept).toEqual(byKey(rows.map((row) => ({ key: keyOf(row), n: 1 }))));
  return rows;
};

const fold = async () => {
  await scheduleTicketCountsFold(t.db);
  await t.app.jobs.runDue();
};

const changesOf = async (companyId: number) => t.db.select().from(ticketCountChanges).where(eq(ticketCountChanges.companyId, companyId));

describe('kept ticket counts (01-core §7 GET /tickets count, issue 21)', () => {
  it('every way a ticket is made, moved or removed keeps the counts equal to the tickets, and each tab counts what the rules give, folded or not', async () => {
    const a = await setupAttendance(t, { queues: 2 });
    const [q1, q2] = a.queues.map((queue) => queue.id);
    const first = await a.attendant([q1]);
    const second = await a.attendant([q2]);
    const askers: Session[] = [a.adminSession, first.session, second.session];
    const queries: Query[] = [
      { status: 'open' },
      { status: 'pending' },
      { status: 'closed' },
      { status: 'open', showAll: true },
      { status: 'pending', queueIds: [q1] },
      { status: 'open', showAll: true, isGroup: false, whatsapps: [a.connection.id] },
    ];
    const check = async (step: string) => {
      const rows = await expectCountsKept(a.company.id);
      for (const session of askers) {
        const actor = await loadActor(t.db, session.user.id, a.company.id);
        // a deleted user has no actor any more and no session to ask with
        if (!actor) continue;
        for (const query of queries) {
          const answer = await t.request<Page>('GET', `/tickets?${asParams(query)}`, { token: session.token });
          expect(answer.body.count, `${step}: user ${session.user.id} ${JSON.stringify(query)}`).toBe(expected({ rows, tagged: new Map() }, actor, query).count);
        }
      }
    };

    const made = [];
    for (let i = 0; i < 8; i += 1) made.push(await a.inbound(`55119${String(70000000 + i)}`, `hello ${i}`));
    const ids = made.map((message) => message.ticketId);
    await check('new tickets');

    expect((await a.put(a.adminSession.token, ids[0], { status: 'open', userId: first.user.id, queueId: q1 })).status).toBe(200);
    expect((await a.put(a.adminSession.token, ids[1], { queueId: q2 })).status).toBe(200);
    expect((await a.put(a.adminSession.token, ids[2], { status: 'open', userId: second.user.id, queueId: q2 })).status).toBe(200);
    expect((await a.put(a.adminSession.token, ids[3], { status: 'open', userId: a.admin.id, queueId: q1 })).status).toBe(200);
    expect((await a.put(a.adminSession.token, ids[4], { queueId: q1 })).status).toBe(200);
    await check('accepted and transferred');

    await fold();
    expect(await changesOf(a.company.id)).toEqual([]);
    await check('folded');

    expect((await a.put(a.adminSession.token, ids[3], { status: 'closed' })).status).toBe(200);
    expect((await t.request('DELETE', `/tickets/${ids[5]}`, { token: a.adminSession.token })).status).toBe(204);
    expect((await t.request('DELETE', `/contacts/${made[6].contactId}`, { token: a.adminSession.token })).status).toBe(204);
    // a closed customer writes again: a new ticket beside the closed one
    await a.inbound('55119' + String(70000003), 'back again');
    await check('closed, deleted, a contact deleted, a new ticket');

    // the user's and the queue's deletion set the tickets' columns to null by their foreign keys
    expect((await t.request('DELETE', `/users/${first.user.id}`, { token: a.adminSession.token })).status).toBe(204);
    expect((await t.request('DELETE', `/queue/${q2}`, { token: a.adminSession.token })).status).toBe(204);
    await check('a user and a queue deleted');

    await fold();
    const closeAll = await t.request('POST', '/tickets/closeAll', { token: a.adminSession.token, body: { status: 'pending', selectedQueueIds: [] } });
    expect(closeAll.status).toBeLessThan(300);
    await check('every pending ticket closed at once');
    await fold();
    expect(await changesOf(a.company.id)).toEqual([]);
    // a combination that lost all its tickets keeps no row
    expect((await t.db.select().from(ticketCounts).where(eq(ticketCounts.companyId, a.company.id))).every((row) => row.total > 0)).toBe(true);
    await check('folded at the end');
  });

  it('a fold leaves no record of its run and its next run waiting; a deleted company’s changes are dropped', async () => {
    const gone = await setupAttendance(t);
    await gone.inbound('5511970009999', 'soon gone');
    const kept = await setupAttendance(t);
    await kept.inbound('5511970008888', 'stays');
    const superAdmin = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    expect((await t.request('DELETE', `/companies/${gone.company.id}`, { token: superAdmin.token })).status).toBe(204);
    expect((await changesOf(gone.company.id)).length).toBeGreaterThan(0);

    await fold();
    expect(await changesOf(gone.company.id)).toEqual([]);
    expect(await t.db.select().from(ticketCounts).where(eq(ticketCounts.companyId, gone.company.id))).toEqual([]);
    await expectCountsKept(kept.company.id);
    expect(await changesOf(kept.company.id)).toEqual([]);
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, ticketCountsFoldJob.name));
    expect(runs.map((run) => run.state)).toEqual(['waiting']);
    expect(runs[0].runAt?.getTime()).toBeGreaterThan(Date.now());

    // a second start while the next run waits adds no second chain
    await scheduleTicketCountsFold(t.db, runs[0].runAt ?? undefined);
    expect(await t.db.select({ n: sql<number>`count(*)::integer` }).from(jobs).where(eq(jobs.kind, ticketCountsFoldJob.name))).toEqual([{ n: 1 }]);
  });
});
