import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact } from '../factories/contact.factory.ts';
import { insertHistoryTicket } from '../factories/ticket-history.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// March 2025 of one company, every figure of which is worked out by hand below
// (docs/dashboard-reports.md defines them).
const seedMarch = async () => {
  const tenant = await createCompany(t.db);
  const companyId = tenant.company.id;
  const ana = await createUser(t.db, companyId, { name: 'Ana Atendente', online: true });
  const bruno = await createUser(t.db, companyId, { name: 'Bruno Atendente' });
  const ticket = (history: Parameters<typeof insertHistoryTicket>[2]) => insertHistoryTicket(t.db, companyId, history);
  const open = (at: string, userId: number) => ({ type: 'open' as const, at, userId });

  // T1 customer, waited 10 min, supported 60 min, rated 10
  await ticket({ status: 'closed', userId: ana.id, createdAt: '2025-03-02T10:00:00Z', logs: [open('2025-03-02T10:10:00Z', ana.id)], closedAt: '2025-03-02T11:10:00Z', rate: 10 });
  // T2 customer, waited 30, supported 30, rated 8
  await ticket({ status: 'closed', userId: ana.id, createdAt: '2025-03-02T12:00:00Z', logs: [open('2025-03-02T12:30:00Z', ana.id)], closedAt: '2025-03-02T13:00:00Z', rate: 8 });
  // T3 started by Bruno (active: no wait), supported 20 from its start, rated 3
  await ticket({ status: 'closed', userId: bruno.id, createdBy: bruno.id, createdAt: '2025-03-05T09:00:00Z', closedAt: '2025-03-05T09:20:00Z', rate: 3 });
  // T4 customer, waited 20, still open
  await ticket({ status: 'open', userId: bruno.id, createdAt: '2025-03-05T14:00:00Z', logs: [open('2025-03-05T14:20:00Z', bruno.id)] });
  // T5 customer, still waiting for an attendant
  await ticket({ status: 'pending', createdAt: '2025-03-10T08:00:00Z' });
  // T6 customer, waited 5, now waiting for the rating answer
  await ticket({ status: 'nps', userId: ana.id, createdAt: '2025-03-10T09:00:00Z', logs: [open('2025-03-10T09:05:00Z', ana.id)] });
  // T7 a group
  await ticket({ status: 'group', isGroup: true, createdAt: '2025-03-11T09:00:00Z' });
  // T8 customer, waited 40, supported 80, closed without a rating
  await ticket({ status: 'closed', userId: bruno.id, createdAt: '2025-03-12T10:00:00Z', logs: [open('2025-03-12T10:40:00Z', bruno.id)], closedAt: '2025-03-12T12:00:00Z' });
  // T9 the continuation of a transfer from Ana to Bruno: passive, never taken from pending
  await ticket({ status: 'open', userId: bruno.id, createdBy: ana.id, isTransfered: true, createdAt: '2025-03-12T15:00:00Z' });
  // T10 customer, taken at once (wait 0), supported 45, rated 9
  await ticket({ status: 'closed', userId: ana.id, createdAt: '2025-03-15T10:00:00Z', logs: [open('2025-03-15T10:00:00Z', ana.id)], closedAt: '2025-03-15T10:45:00Z', rate: 9 });
  // outside the period by a minute on each side
  await ticket({ status: 'closed', userId: ana.id, createdAt: '2025-02-28T23:59:00Z', logs: [open('2025-03-01T00:10:00Z', ana.id)], closedAt: '2025-03-01T01:00:00Z', rate: 0 });
  await ticket({ status: 'pending', createdAt: '2025-04-01T00:00:00Z' });

  // leads: three people became contacts in March; a group and February's contact are not leads
  for (const createdAt of ['2025-03-01T00:00:00Z', '2025-03-15T12:00:00Z', '2025-03-31T23:59:59Z']) await createContact(t.db, companyId, { createdAt: new Date(createdAt) });
  await createContact(t.db, companyId, { createdAt: new Date('2025-03-11T09:00:00Z'), isGroup: true });
  await createContact(t.db, companyId, { createdAt: new Date('2025-02-28T23:59:59Z') });

  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, ana, bruno, session };
};

// Another company's busy March, which must never be counted.
const seedNoise = async () => {
  const other = await createCompany(t.db);
  const someone = await createUser(t.db, other.company.id, { name: 'Outra Pessoa' });
  for (let i = 0; i < 3; i++) {
    await insertHistoryTicket(t.db, other.company.id, {
      status: 'closed',
      userId: someone.id,
      createdAt: `2025-03-0${i + 2}T10:00:00Z`,
      logs: [{ type: 'open', at: `2025-03-0${i + 2}T11:00:00Z`, userId: someone.id }],
      closedAt: `2025-03-0${i + 2}T12:00:00Z`,
      rate: 0,
    });
  }
  await createContact(t.db, other.company.id, { createdAt: new Date('2025-03-03T00:00:00Z') });
};

const march = 'date_from=2025-03-01&date_to=2025-03-31';

describe('dashboard (01-core §2 Dashboard, §3 Dashboard counters and attendant row, §7 /dashboard)', () => {
  it('GET /dashboard answers every counter of the period, computed by hand (01-core §3 Dashboard counters)', async () => {
    await seedNoise();
    const s = await seedMarch();
    const answer = await t.request('GET', `/dashboard?${march}`, { token: s.session.token });
    expect(answer.status).toBe(200);
    expect(answer.body.counters).toEqual({
      supportHappening: 2, // T4, T9
      supportPending: 1, // T5
      supportFinished: 5, // T1, T2, T3, T8, T10
      supportGroups: 1, // T7
      leads: 3,
      avgSupportTime: 47, // (60 + 30 + 20 + 80 + 45) / 5
      avgWaitTime: 17.5, // (10 + 30 + 20 + 5 + 40 + 0) / 6
      activeTickets: 1, // T3
      passiveTickets: 9,
      tickets: 10,
      waitRating: 1, // T6
      withoutRating: 1, // T8
      withRating: 4, // T1, T2, T3, T10
      percRating: 80, // 4 of 5 rateable
      npsScore: 25, // 50 % promoters (10, 9) - 25 % detractors (3)
      npsPromotersPerc: 50,
      npsPassivePerc: 25, // 8
      npsDetractorsPerc: 25,
    });
  });

  it('GET /dashboard lists every attendant with its rating, tickets, times and online flag (01-core §3 Attendant row)', async () => {
    const s = await seedMarch();
    const answer = await t.request('GET', `/dashboard?${march}`, { token: s.session.token });
    const rows = answer.body.attendants as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.name)).toEqual(['Ana Atendente', 'Bruno Atendente', s.admin.name].sort());
    const byName = (name: string) => rows.find((row) => row.name === name);
    expect(byName('Ana Atendente')).toEqual({
      id: s.ana.id,
      name: 'Ana Atendente',
      rating: 9, // (10 + 8 + 9) / 3
      countRating: 3,
      tickets: 4, // T1, T2, T6, T10
      avgWaitTime: 11.25, // (10 + 30 + 5 + 0) / 4
      avgSupportTime: 45, // (60 + 30 + 45) / 3
      online: true,
    });
    expect(byName('Bruno Atendente')).toEqual({
      id: s.bruno.id,
      name: 'Bruno Atendente',
      rating: 3,
      countRating: 1,
      tickets: 4, // T3, T4, T8, T9
      avgWaitTime: 30, // (20 + 40) / 2
      avgSupportTime: 50, // (20 + 80) / 2
      online: false,
    });
    expect(byName(s.admin.name)).toMatchObject({ rating: 0, countRating: 0, tickets: 0, avgWaitTime: 0, avgSupportTime: 0 });

    // the online flag is read live
    await t.db.update(users).set({ online: true }).where(eq(users.id, s.bruno.id));
    const again = await t.request('GET', `/dashboard?${march}`, { token: s.session.token });
    expect((again.body.attendants as Array<{ id: number; online: boolean }>).find((row) => row.id === s.bruno.id)?.online).toBe(true);
  });

  it('GET /dashboard/ticketsUsers and /dashboard/ticketsDay chart the period; one day is charted per hour (01-core §7)', async () => {
    await seedNoise();
    const s = await seedMarch();
    const perUser = await t.request('GET', '/dashboard/ticketsUsers?initialDate=2025-03-01&finalDate=2025-03-31&companyId=999', { token: s.session.token });
    expect(perUser).toMatchObject({
      status: 200,
      body: { data: [{ nome: 'Ana Atendente', quantidade: 4 }, { nome: 'Bruno Atendente', quantidade: 4 }], count: 8 },
    });

    const perDay = await t.request('GET', '/dashboard/ticketsDay?initialDate=2025-03-01&finalDate=2025-03-31', { token: s.session.token });
    expect(perDay.body).toEqual({
      data: [
        { data: '2025-03-02', total: 2 },
        { data: '2025-03-05', total: 2 },
        { data: '2025-03-10', total: 2 },
        { data: '2025-03-11', total: 1 },
        { data: '2025-03-12', total: 2 },
        { data: '2025-03-15', total: 1 },
      ],
      count: 10,
    });

    const perHour = await t.request('GET', '/dashboard/ticketsDay?initialDate=2025-03-02&finalDate=2025-03-02', { token: s.session.token });
    expect(perHour.body).toEqual({
      data: [
        { data: '2025-03-02', horario: '10', total: 1 },
        { data: '2025-03-02', horario: '12', total: 1 },
      ],
      count: 2,
    });
  });

  it('without dates the period is the current month through today; days=N is the last N days (01-core §9)', async () => {
    const tenant = await createCompany(t.db);
    const now = new Date();
    await insertHistoryTicket(t.db, tenant.company.id, { status: 'pending', createdAt: now.toISOString() });
    // 40 days ago is always before the first of the current month
    await insertHistoryTicket(t.db, tenant.company.id, { status: 'pending', createdAt: new Date(now.getTime() - 40 * 86_400_000).toISOString() });
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const plain = await t.request('GET', '/dashboard', { token: session.token });
    expect(plain.body.counters).toMatchObject({ tickets: 1, supportPending: 1 });
    const chart = await t.request('GET', '/dashboard/ticketsDay', { token: session.token });
    expect(chart.body.count).toBe(1);
    expect((await t.request('GET', '/dashboard?days=1', { token: session.token })).body.counters.tickets).toBe(1);
    expect((await t.request('GET', '/dashboard?days=41', { token: session.token })).body.counters.tickets).toBe(2);
  });

  it('admins and users with showDashboard see it; a plain user gets 403 (01-core §2 Dashboard, §6)', async () => {
    const tenant = await createCompany(t.db);
    const plain = await createUser(t.db, tenant.company.id, { profile: 'user' });
    const allowed = await createUser(t.db, tenant.company.id, { profile: 'user', showDashboard: 'enabled' });
    const plainSession = await t.login(plain.email, TEST_PASSWORD);
    const allowedSession = await t.login(allowed.email, TEST_PASSWORD);
    for (const path of ['/dashboard', '/dashboard/ticketsUsers', '/dashboard/ticketsDay']) {
      expect(await t.request('GET', path, { token: plainSession.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await t.request('GET', path, { token: allowedSession.token })).status).toBe(200);
    }
  });

  it('reversed, absurd or malformed periods are a clear 400 (issue 18 Bad input)', async () => {
    const tenant = await createCompany(t.db);
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const cases: Array<[string, string]> = [
      ['/dashboard?date_from=2025-03-31&date_to=2025-03-01', 'validation.periodReversed'],
      ['/dashboard?date_from=1900-01-01&date_to=2000-01-01', 'validation.periodTooLong'],
      ['/dashboard?date_from=1925-01-01&date_to=2025-01-01', 'validation.periodTooLong'],
      ['/dashboard/ticketsDay?initialDate=2025-02-01&finalDate=2025-01-01', 'validation.periodReversed'],
      ['/dashboard/ticketsUsers?initialDate=2000-01-01&finalDate=2025-01-01', 'validation.periodTooLong'],
      ['/dashboard?date_from=2025-13-01', 'validation.invalidDate'],
    ];
    for (const [path, message] of cases) {
      const answer = await t.request('GET', path, { token: session.token });
      expect(answer.status, path).toBe(400);
      expect(answer.body.fields, path).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    }
    for (const path of ['/dashboard?days=0', '/dashboard?days=367', '/dashboard?days=abc']) {
      expect((await t.request('GET', path, { token: session.token })).status, path).toBe(400);
    }
  });
});
