import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { TEST_PASSWORD } from '../factories/company.factory.ts';
import { createTag } from '../factories/contact.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reopenableTestDatabase } from '../helpers/test-database.ts';
import { attendanceWithTimers, MINUTE_MS, startClockedApp } from '../timers/support.ts';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

const HOUR_MINUTES = 60;

// A waiting ticket and three lanes: Lead moves to Proposta after 2 hours with a greeting;
// Proposta rolls back to Lead on a customer reply.
const lanes = async (app: TestApp, appClock: ReturnType<typeof manualClock>, customer: string) => {
  const a = await attendanceWithTimers(app, appClock);
  const token = a.adminSession.token;
  const proposal = await createTag(app.db, a.company.id, { name: 'Proposta', kanban: 1 });
  const lead = await createTag(app.db, a.company.id, {
    name: 'Lead',
    kanban: 1,
    timeLane: 2,
    nextLaneId: proposal.id,
    greetingMessageLane: '{{name}}, recebeu nossa proposta?',
  });
  const { ticketId } = await a.inbound(customer, 'Oi');
  const laneOf = async () =>
    ((await app.request('GET', `/tickets/${ticketId}`, { token })).body.tags as { id: number; kanban: number }[]).filter((tag) => tag.kanban === 1).map((tag) => tag.id);
  const moveToLane = async (tagId: number) => {
    const answer = await app.request('PUT', `/ticket-tags/${ticketId}/${tagId}`, { token });
    if (answer.status !== 200) throw new Error(`move: ${answer.status}`);
  };
  return { a, token, lead, proposal, ticketId, laneOf, moveToLane };
};

describe('lane automation (02-operations §3 Tag / lane timeLane, nextLaneId, greetingMessageLane, rollbackLaneId)', () => {
  it('a ticket that stays timeLane hours in a lane moves to nextLaneId once, greeting the customer once', async () => {
    const s = await lanes(t, clock, '5511922220001');
    await s.moveToLane(s.lead.id);
    await s.a.passMinutes(2 * HOUR_MINUTES - 1);
    expect(await s.laneOf()).toEqual([s.lead.id]);

    await s.a.passMinutes(1);
    expect(await s.laneOf()).toEqual([s.proposal.id]);
    const greeting = 'Customer 0001, recebeu nossa proposta?';
    expect(await s.a.conversation(s.ticketId)).toEqual([
      ['Oi', false],
      [greeting, true],
    ]);
    await expect.poll(s.a.sentToCustomer).toEqual([greeting]);
    // Proposta has no timer: nothing more happens, however long it waits
    await s.a.passMinutes(10 * HOUR_MINUTES);
    await t.app.jobs.runDue();
    expect(await s.laneOf()).toEqual([s.proposal.id]);
    expect((await s.a.conversation(s.ticketId)).filter(([body]) => body === greeting)).toHaveLength(1);
  });

  it('a move before the time is up restarts or stops the timer', async () => {
    const s = await lanes(t, clock, '5511922220002');
    await s.moveToLane(s.lead.id);
    await s.a.passMinutes(HOUR_MINUTES + 30);
    // back to the untagged lane: the timer is gone
    expect((await t.request('DELETE', `/ticket-tags/${s.ticketId}`, { token: s.token })).status).toBe(204);
    await s.a.passMinutes(HOUR_MINUTES);
    expect(await s.laneOf()).toEqual([]);
    // entering the lane again counts the hours afresh
    await s.moveToLane(s.lead.id);
    await s.a.passMinutes(HOUR_MINUTES + 30);
    expect(await s.laneOf()).toEqual([s.lead.id]);
    await s.a.passMinutes(30);
    expect(await s.laneOf()).toEqual([s.proposal.id]);
  });

  it('hours added to the lane after the ticket entered it are waited for', async () => {
    const s = await lanes(t, clock, '5511922220003');
    await s.moveToLane(s.lead.id);
    await t.request('PUT', `/tags/${s.lead.id}`, { token: s.token, body: { timeLane: 3 } });
    await s.a.passMinutes(2 * HOUR_MINUTES);
    expect(await s.laneOf()).toEqual([s.lead.id]);
    await s.a.passMinutes(HOUR_MINUTES);
    expect(await s.laneOf()).toEqual([s.proposal.id]);
  });

  it('a customer reply on a ticket whose lane has a rollbackLaneId moves it back; other lanes keep it', async () => {
    const s = await lanes(t, clock, '5511922220004');
    await t.request('PUT', `/tags/${s.proposal.id}`, { token: s.token, body: { rollbackLaneId: s.lead.id } });
    await s.moveToLane(s.proposal.id);
    await s.a.inbound('5511922220004', 'ainda estou pensando');
    expect(await s.laneOf()).toEqual([s.lead.id]);
    // Lead has no rollback lane: a reply leaves it there, and its timer runs from the move back
    await s.a.inbound('5511922220004', 'alguma novidade?');
    expect(await s.laneOf()).toEqual([s.lead.id]);
    await s.a.passMinutes(2 * HOUR_MINUTES);
    expect(await s.laneOf()).toEqual([s.proposal.id]);
  });
});

describe('lane timer across a restart (issue 16: durable, exactly once)', () => {
  const store = reopenableTestDatabase();
  let database: Database | undefined;
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await (await store).drop();
  });

  it('the timer set before a restart moves the ticket once after it', async () => {
    const restartClock = manualClock('2026-03-02T12:00:00Z');
    const opened = await store;
    database = await opened.open();
    app = await startTestApp({}, { clock: restartClock, database });
    const s = await lanes(app, restartClock, '5511922220005');
    await s.moveToLane(s.lead.id);
    await s.a.passMinutes(HOUR_MINUTES);

    await app.close();
    await database.close();
    database = await opened.open();
    app = await startTestApp({}, { clock: restartClock, database });
    const { token } = await app.login(s.a.admin.email, TEST_PASSWORD);

    restartClock.advance(HOUR_MINUTES * MINUTE_MS);
    await Promise.all([app.app.jobs.runDue(), app.app.jobs.runDue()]);
    await app.app.jobs.runDue();
    const ticket = (await app.request('GET', `/tickets/${s.ticketId}`, { token })).body;
    expect(ticket.tags.map((tag: { id: number }) => tag.id)).toEqual([s.proposal.id]);
    const messages = (await app.request('GET', `/messages/${s.ticketId}`, { token })).body.messages.map((m: { body: string }) => m.body);
    expect(messages.filter((body: string) => body.endsWith('recebeu nossa proposta?'))).toHaveLength(1);
  }, 120_000);
});
