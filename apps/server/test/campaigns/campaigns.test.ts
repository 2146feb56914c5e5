import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, connections } from '../../src/db/schema.ts';
import { armCampaignStart } from '../../src/modules/campaigns/campaigns.jobs.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createConnection, createContact, createTag } from '../factories/contact.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { campaignCompany } from './support.ts';

// Monday 2 March 2026, 09:00 in São Paulo
const MONDAY_9 = '2026-03-02T12:00:00Z';
const clock = manualClock(MONDAY_9);
let t: TestApp;
const sockets: Socket[] = [];
// what the server logged at warn and above, one JSON line each
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ timeZone: 'America/Sao_Paulo', logLevel: 'warn' }, { clock, logStream: { write: (line) => void logLines.push(line) } });
});
beforeEach(() => clock.set(MONDAY_9));
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

describe('campaign calls (02-operations §7 Campaigns, §3 Campaign, §9 defaults)', () => {
  it('POST stores the campaign with the §9 defaults (INATIVA, statusTicket closed, openTicket disabled); GET lists, searches and shows it; PUT changes it; DELETE removes it', async () => {
    const s = await campaignCompany(t, clock);
    const list = await s.contactList(2);
    const created = await s.create({ name: 'Promoção de março', message1: 'Olá {{name}}', contactListId: list.id, companyId: 999, status: 'FINALIZADA' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Promoção de março',
      status: 'INATIVA',
      statusTicket: 'closed',
      openTicket: 'disabled',
      confirmation: false,
      scheduledAt: null,
      contactListId: list.id,
      contactList: { id: list.id, name: list.name },
      whatsappId: s.connection.id,
      companyId: s.company.id,
      counts: { contacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 },
    });
    const id = created.body.id;
    expect((await s.call('GET', '/campaigns/?searchParam=março&pageNumber=1')).body).toMatchObject({ count: 1, hasMore: false, records: [{ id }] });
    expect((await s.call('GET', '/campaigns?searchParam=natal')).body.records).toEqual([]);
    expect(await s.show(id)).toMatchObject({ id, shipping: [] });
    const updated = await s.call('PUT', `/campaigns/${id}`, { name: 'Promoção de abril', message2: 'Oi {{firstName}}' });
    expect(updated).toMatchObject({ status: 200, body: { name: 'Promoção de abril', message1: 'Olá {{name}}', message2: 'Oi {{firstName}}', status: 'INATIVA' } });
    expect((await s.call('DELETE', `/campaigns/${id}`)).status).toBe(204);
    expect((await s.call('GET', `/campaigns/${id}`)).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });

  it('refuses a short or long name, a user without a queue, and a start without connection, audience or message, storing nothing (02-operations §5 Campaign)', async () => {
    const s = await campaignCompany(t, clock);
    const list = await s.contactList(1);
    const user = await createUser(t.db, s.company.id);
    const later = '2026-03-03T12:00:00Z';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'A' }, 'body.name'],
      [{ name: 'x'.repeat(51) }, 'body.name'],
      [{ name: 'Com usuário', userId: user.id }, 'body.queueId'],
      [{ name: 'Sem conexão', whatsappId: null, contactListId: list.id, message1: 'Oi', scheduledAt: later }, 'body.whatsappId'],
      [{ name: 'Sem público', message1: 'Oi', scheduledAt: later }, 'body.contactListId'],
      [{ name: 'Sem mensagem', contactListId: list.id, scheduledAt: later }, 'body.message1'],
      [{ name: 'Sem confirmação', contactListId: list.id, message1: 'Oi', confirmation: true, scheduledAt: later }, 'body.confirmationMessage1'],
      [{ name: 'Data ruim', scheduledAt: 'amanhã' }, 'body.scheduledAt'],
    ];
    for (const [body, path] of cases) {
      const answer = await s.create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    expect((await s.call('GET', '/campaigns')).body.count).toBe(0);
  });

  it("another company's contact list, tag, connection or campaign is not found (02-operations, issue 17 bad input)", async () => {
    const s = await campaignCompany(t, clock);
    const other = await createCompany(t.db);
    const [otherList, otherTag, otherConnection] = [
      await campaignCompany(t, clock).then((o) => o.contactList(1)),
      await createTag(t.db, other.company.id),
      await createConnection(t.db, other.company.id),
    ];
    expect((await s.create({ name: 'Alheia', contactListId: otherList.id })).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    expect((await s.create({ name: 'Alheia', tagListId: otherTag.id })).status).toBe(404);
    expect((await s.create({ name: 'Alheia', whatsappId: otherConnection.id })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    const mine = (await s.create({ name: 'Minha' })).body;
    const stranger = await t.login(other.admin.email, TEST_PASSWORD);
    for (const [method, path] of [
      ['GET', `/campaigns/${mine.id}`],
      ['PUT', `/campaigns/${mine.id}`],
      ['DELETE', `/campaigns/${mine.id}`],
      ['POST', `/campaigns/${mine.id}/cancel`],
      ['POST', `/campaigns/${mine.id}/restart`],
      ['DELETE', `/campaigns/${mine.id}/media-upload`],
    ]) {
      const answer = await t.request(method, path, { token: stranger.token, body: method === 'PUT' ? { name: 'Tomada' } : undefined });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
    }
    expect((await s.show(mine.id)).name).toBe('Minha');
  });

  it('needs the plan flag useCampaigns and is refused to profile user (02-operations §2, §6)', async () => {
    const without = await createCompany(t.db, { planFlags: { useCampaigns: false } });
    const admin = await t.login(without.admin.email, TEST_PASSWORD);
    for (const path of ['/campaigns', '/campaign-settings']) {
      expect((await t.request('GET', path, { token: admin.token })).status).toBe(403);
    }
    const s = await campaignCompany(t, clock);
    const agent = await createUser(t.db, s.company.id, { profile: 'user' });
    const session = await t.login(agent.email, TEST_PASSWORD);
    expect((await t.request('GET', '/campaigns', { token: session.token })).status).toBe(403);
    expect((await t.request('POST', '/campaigns', { token: session.token, body: { name: 'Agente' } })).status).toBe(403);
  });
});

describe('campaign settings (02-operations §3 Campaign settings, §7, §9)', () => {
  it('GET answers the §9 defaults as key and value pairs; POST saves the keys given and keeps the others', async () => {
    const s = await campaignCompany(t, clock);
    const values = async () => Object.fromEntries(((await s.call('GET', '/campaign-settings')).body as { key: string; value: string }[]).map((e) => [e.key, e.value]));
    expect(await values()).toEqual({
      messageInterval: '20',
      longerIntervalAfter: '20',
      greaterInterval: '60',
      variables: '[]',
      sabado: 'false',
      domingo: 'false',
      startHour: '09:00',
      endHour: '18:00',
    });
    const saved = await s.settings({ messageInterval: 5, sabado: true, variables: [{ key: 'loja', value: 'Loja Centro' }] });
    expect(saved.status).toBe(200);
    expect(await values()).toMatchObject({ messageInterval: '5', sabado: 'true', variables: '[{"key":"loja","value":"Loja Centro"}]', greaterInterval: '60' });
  });

  it('refuses values outside the §9 options and an empty window, changing nothing', async () => {
    const s = await campaignCompany(t, clock);
    for (const settings of [{ messageInterval: 7 }, { longerIntervalAfter: 3 }, { greaterInterval: 50 }, { startHour: '25:00' }, { startHour: '18:00', endHour: '09:00' }, { variables: [{ key: 'com espaço', value: 'x' }] }]) {
      expect((await s.settings(settings)).status, JSON.stringify(settings)).toBe(400);
    }
    const entries = (await s.call('GET', '/campaign-settings')).body as { key: string; value: string }[];
    expect(entries.find((entry) => entry.key === 'messageInterval')?.value).toBe('20');
    expect(entries.find((entry) => entry.key === 'startHour')?.value).toBe('09:00');
  });
});

describe('campaign status (02-operations §4 Campaign status)', () => {
  it('scheduledAt makes it PROGRAMADA; it starts at that time, sends once to each member, and ends FINALIZADA with completedAt', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const list = await s.contactList(3);
    const campaign = (await s.create({ name: 'Agendada', message1: 'Olá {{name}}', contactListId: list.id, scheduledAt: '2026-03-02T15:00:00Z' })).body;
    expect(campaign).toMatchObject({ status: 'PROGRAMADA', scheduledAt: '2026-03-02T15:00:00.000Z' });
    await s.runAt('2026-03-02T14:59:00Z');
    expect(await s.sentCount()).toBe(0);
    await s.runAt('2026-03-02T15:00:00Z');
    const finished = await s.show(campaign.id);
    expect(finished).toMatchObject({ status: 'FINALIZADA', completedAt: '2026-03-02T15:00:00.000Z', counts: { contacts: 3, delivered: 3, failed: 0 } });
    expect(finished.shipping.every((row: { deliveredAt: string | null }) => row.deliveredAt === '2026-03-02T15:00:00.000Z')).toBe(true);
    const received = await s.received();
    expect([...received.values()]).toEqual([['Olá Cliente 1 Silva'], ['Olá Cliente 2 Silva'], ['Olá Cliente 3 Silva']]);
  });

  it('cancel only from EM_ANDAMENTO, restart only from CANCELADA; a restart goes on without sending twice', async () => {
    const s = await campaignCompany(t, clock);
    await s.settings({ messageInterval: 20, longerIntervalAfter: 0, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true });
    const list = await s.contactList(3);
    const campaign = (await s.create({ name: 'Pausável', message1: 'Oi {{firstName}}', contactListId: list.id })).body;
    // INATIVA: neither cancel nor restart
    expect((await s.call('POST', `/campaigns/${campaign.id}/cancel`)).body).toEqual({ error: 'ERR_CAMPAIGN_NOT_RUNNING' });
    expect((await s.call('POST', `/campaigns/${campaign.id}/restart`)).body).toEqual({ error: 'ERR_CAMPAIGN_NOT_CANCELLED' });
    await s.call('PUT', `/campaigns/${campaign.id}`, { scheduledAt: MONDAY_9 });
    await s.runAt(MONDAY_9);
    expect(await s.show(campaign.id)).toMatchObject({ status: 'EM_ANDAMENTO', counts: { contacts: 3, delivered: 1 } });
    // editing a running campaign is refused and changes nothing
    expect(await s.call('PUT', `/campaigns/${campaign.id}`, { name: 'Mudada' })).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
    expect((await s.call('POST', `/campaigns/${campaign.id}/restart`)).status).toBe(409);
    expect((await s.call('POST', `/campaigns/${campaign.id}/cancel`)).body).toMatchObject({ status: 'CANCELADA' });
    // cancelled: its waiting step is gone, nothing more goes
    await s.runAt('2026-03-02T12:10:00Z');
    expect(await s.sentCount()).toBe(1);
    // a cancelled campaign can still be submitted (§4)
    expect((await s.call('PUT', `/campaigns/${campaign.id}`, { message1: 'Olá de novo {{firstName}}' })).body).toMatchObject({ status: 'CANCELADA' });
    expect((await s.call('POST', `/campaigns/${campaign.id}/restart`)).body).toMatchObject({ status: 'EM_ANDAMENTO' });
    await s.runAt('2026-03-02T12:10:00Z');
    await s.runAt('2026-03-02T12:10:20Z');
    await s.runAt('2026-03-02T12:10:40Z');
    expect(await s.show(campaign.id)).toMatchObject({ status: 'FINALIZADA', counts: { delivered: 3 } });
    const received = await s.received();
    expect([...received.values()]).toEqual([['Oi Cliente'], ['Olá de novo Cliente'], ['Olá de novo Cliente']]);
  });

  it('PROGRAMADA is editable more than 1 hour ahead, read-only within the hour; FINALIZADA is read-only', async () => {
    const s = await campaignCompany(t, clock);
    const list = await s.contactList(1);
    const campaign = (await s.create({ name: 'Futura', message1: 'Oi', contactListId: list.id, scheduledAt: '2026-03-02T14:00:00Z' })).body;
    expect((await s.call('PUT', `/campaigns/${campaign.id}`, { name: 'Futura 2' })).status).toBe(200);
    clock.set('2026-03-02T13:01:00Z');
    expect((await s.call('PUT', `/campaigns/${campaign.id}`, { name: 'Futura 3' })).status).toBe(409);
    expect((await s.show(campaign.id)).name).toBe('Futura 2');
    // going back to INATIVA (no start time) disarms it
    clock.set(MONDAY_9);
    expect((await s.call('PUT', `/campaigns/${campaign.id}`, { scheduledAt: '' })).body).toMatchObject({ status: 'INATIVA', scheduledAt: null });
    await s.runAt('2026-03-02T15:00:00Z');
    expect(await s.sentCount()).toBe(0);
  });
});

describe('campaign sending (02-operations §3 Campaign, Campaign settings)', () => {
  it('renders the placeholders and custom variables, and picks at random among the filled messages', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    await s.settings({ variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const list = await s.contactList(30);
    const campaign = (
      await s.create({
        name: 'Variada',
        message1: '{{ms}} {{name}} ({{firstName}}, {{number}}, {{email}}) - {{loja}}',
        message3: 'B {{firstName}}',
        message5: '   ',
        contactListId: list.id,
        scheduledAt: MONDAY_9,
      })
    ).body;
    await s.runAt(MONDAY_9);
    expect((await s.show(campaign.id)).status).toBe('FINALIZADA');
    const received = await s.received();
    const first = list.members[0];
    const bodies = [...received.values()].map((texts) => texts[0]);
    expect(bodies.every((body) => body.startsWith('Bom dia Cliente') || body.startsWith('B Cliente'))).toBe(true);
    // both filled messages were chosen at least once among 30 members; the blank one never
    expect(bodies.some((body) => body.startsWith('B '))).toBe(true);
    expect(bodies.some((body) => body.startsWith('Bom dia'))).toBe(true);
    const firstBody = received.get(first.number)?.[0] ?? '';
    expect(['Bom dia Cliente 1 Silva (Cliente, ' + first.number + ', cliente1@example.test) - Loja Centro', 'B Cliente']).toContain(firstBody);
  });

  it('a tag as audience sends to its tagged contacts, and the ticket opens with user, queue and status when asked', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const tag = await createTag(t.db, s.company.id);
    const tagged = await createContact(t.db, s.company.id, { name: 'Tagged Person', tagIds: [tag.id] });
    await createContact(t.db, s.company.id, { name: 'Untagged Person' });
    const user = await createUser(t.db, s.company.id);
    const queue = s.queues[0];
    const campaign = (
      await s.create({ name: 'Por tag', message1: 'Oi {{name}}', tagListId: tag.id, openTicket: 'enabled', userId: user.id, queueId: queue.id, statusTicket: 'open', scheduledAt: MONDAY_9 })
    ).body;
    await s.runAt(MONDAY_9);
    expect(await s.show(campaign.id)).toMatchObject({ status: 'FINALIZADA', counts: { contacts: 1, delivered: 1 } });
    expect([...(await s.received()).entries()]).toEqual([[tagged.number, ['Oi Tagged Person']]]);
    const tickets = (await s.call('GET', `/tickets?status=open&showAll=true`)).body.tickets as { contactId: number; userId: number; queueId: number; status: string }[];
    expect(tickets.find((ticket) => ticket.contactId === tagged.id)).toMatchObject({ userId: user.id, queueId: queue.id, status: 'open' });
  });

  it('confirmation: sends the confirmation message, and the main message only after the contact answers (02-operations §3 Campaign confirmation)', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const list = await s.contactList(2);
    const campaign = (
      await s.create({ name: 'Confirmar', confirmation: true, confirmationMessage2: 'Posso enviar a oferta, {{firstName}}?', message1: 'Oferta para {{name}}', contactListId: list.id, scheduledAt: MONDAY_9 })
    ).body;
    await s.runAt(MONDAY_9);
    expect(await s.show(campaign.id)).toMatchObject({ status: 'FINALIZADA', counts: { contacts: 2, confirmationRequested: 2, confirmed: 0, delivered: 0 } });
    const [first, second] = list.members;
    await s.inbound(first.number, 'Sim');
    await t.app.jobs.runDue();
    // a second answer changes nothing more
    await s.inbound(first.number, 'Sim, pode');
    await t.app.jobs.runDue();
    expect(await s.show(campaign.id)).toMatchObject({ counts: { confirmationRequested: 2, confirmed: 1, delivered: 1 } });
    const received = await s.received();
    expect(received.get(first.number)).toEqual(['Posso enviar a oferta, Cliente?', 'Oferta para Cliente 1 Silva']);
    expect(received.get(second.number)).toEqual(['Posso enviar a oferta, Cliente?']);
  });

  it('live: the per-company campaign channel carries create, each step with its counts, FINALIZADA and delete', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const list = await s.contactList(2);
    const campaign = (await s.create({ name: 'Ao vivo', message1: 'Oi', contactListId: list.id, scheduledAt: MONDAY_9 })).body;
    await s.runAt(MONDAY_9);
    await s.call('DELETE', `/campaigns/${campaign.id}`);
    const channel = `company-${s.company.id}-campaign`;
    await expect.poll(() => seen.some((event) => event.channel === channel && (event.payload as { action: string }).action === 'delete')).toBe(true);
    const payloads = seen.filter((event) => event.channel === channel).map((event) => event.payload as { action: string; record?: { status: string; counts: { delivered: number } } });
    expect(payloads[0]).toMatchObject({ action: 'create', record: { status: 'PROGRAMADA' } });
    expect(payloads.some((payload) => payload.record?.status === 'EM_ANDAMENTO')).toBe(true);
    expect(payloads.some((payload) => payload.record?.counts.delivered === 2)).toBe(true);
    expect(payloads.some((payload) => payload.record?.status === 'FINALIZADA')).toBe(true);
    expect(payloads.at(-1)).toEqual({ action: 'delete', id: campaign.id });
  });

  it('a 200-contact campaign with messageInterval 0 finishes with each contact exactly once (issue 17)', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const list = await s.contactList(200);
    const campaign = (await s.create({ name: 'Duzentos', message1: 'Oi {{firstName}}', contactListId: list.id, scheduledAt: MONDAY_9 })).body;
    await s.runAt(MONDAY_9);
    expect(await s.show(campaign.id)).toMatchObject({ status: 'FINALIZADA', counts: { contacts: 200, delivered: 200, failed: 0 } });
    const received = await s.received();
    expect(received.size).toBe(200);
    expect([...received.values()].every((texts) => texts.length === 1)).toBe(true);
    expect(new Set(received.keys())).toEqual(new Set(list.members.map((member) => member.number)));
  }, 600_000);
});

describe('campaign pacing (02-operations §3 Campaign settings, §9)', () => {
  it('waits messageInterval between messages and greaterInterval after every longerIntervalAfter messages', async () => {
    const s = await campaignCompany(t, clock);
    await s.settings({ messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 60, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true });
    const list = await s.contactList(6);
    await s.create({ name: 'Compassada', message1: 'Oi', contactListId: list.id, scheduledAt: MONDAY_9 });
    await s.runAt(MONDAY_9);
    expect(await s.sentCount()).toBe(1);
    await s.runAt('2026-03-02T12:00:09Z');
    expect(await s.sentCount()).toBe(1);
    for (const second of [10, 20, 30, 40]) await s.runAt(`2026-03-02T12:00:${second}Z`);
    expect(await s.sentCount()).toBe(5);
    // the fifth message is followed by the longer pause
    await s.runAt('2026-03-02T12:01:39Z');
    expect(await s.sentCount()).toBe(5);
    await s.runAt('2026-03-02T12:01:40Z');
    expect(await s.sentCount()).toBe(6);
  });

  it('sends only between startHour and endHour of the company time zone, and on weekends only when sabado/domingo allow', async () => {
    const s = await campaignCompany(t, clock);
    await s.settings({ messageInterval: 0, longerIntervalAfter: 0, startHour: '09:00', endHour: '18:00', sabado: false, domingo: true });
    const list = await s.contactList(1);
    const otherList = await s.contactList(1);
    // Friday 6 March, 18:30 in São Paulo: after the window
    const late = (await s.create({ name: 'Tarde', message1: 'Oi', contactListId: list.id, scheduledAt: '2026-03-06T21:30:00Z' })).body;
    await s.runAt('2026-03-06T21:30:00Z');
    expect(await s.show(late.id)).toMatchObject({ status: 'EM_ANDAMENTO', counts: { delivered: 0 } });
    // Saturday 9:00: sabado false, nothing
    await s.runAt('2026-03-07T12:00:00Z');
    expect(await s.sentCount()).toBe(0);
    // Sunday 08:59: before the window; 09:00: domingo true, it goes
    await s.runAt('2026-03-08T11:59:00Z');
    expect(await s.sentCount()).toBe(0);
    await s.runAt('2026-03-08T12:00:00Z');
    expect(await s.show(late.id)).toMatchObject({ counts: { delivered: 1 } });
    // with domingo off a Sunday start waits for Monday 09:00
    await s.settings({ domingo: false });
    await s.create({ name: 'Domingo', message1: 'Oi', contactListId: otherList.id, scheduledAt: '2026-03-08T15:00:00Z' });
    await s.runAt('2026-03-08T15:00:00Z');
    await s.runAt('2026-03-09T11:59:00Z');
    expect(await s.sentCount()).toBe(1);
    await s.runAt('2026-03-09T12:00:00Z');
    expect(await s.sentCount()).toBe(2);
  });
});

describe('a campaign saved on a channel without campaigns (issue 41 point 4, docs/channels.md)', () => {
  it('is re-checked when it runs: a Facebook campaign an older version saved sends nothing, its members fail with the reason, it ends FINALIZADA and a warning is logged', async () => {
    const s = await campaignCompany(t, clock);
    await s.alwaysOpen();
    const list = await s.contactList(3);
    const [page] = await t.db.insert(connections).values({ companyId: s.company.id, name: 'Página', channel: 'facebook', status: 'CONNECTED' }).returning();
    // as a version before the save refusal stored it: the row, PROGRAMADA, and its start job
    const scheduledAt = new Date('2026-03-02T15:00:00Z');
    const [row] = await t.db
      .insert(campaigns)
      .values({ companyId: s.company.id, name: 'Promo antiga', message1: 'Oferta', status: 'PROGRAMADA', scheduledAt, contactListId: list.id, whatsappId: page.id })
      .returning();
    await armCampaignStart(t.db, row, scheduledAt);

    await s.runAt(scheduledAt);
    const finished = await s.show(row.id);
    expect(finished).toMatchObject({ status: 'FINALIZADA', completedAt: scheduledAt.toISOString(), counts: { contacts: 3, delivered: 0, failed: 3 } });
    expect(finished.shipping.map((shipping: { failureReason: string | null }) => shipping.failureReason)).toEqual(Array(3).fill('validation.channelWithoutCampaigns'));
    expect(await s.sentCount()).toBe(0);
    const warnings = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.campaignId === row.id);
    expect(warnings).toEqual([expect.objectContaining({ msg: "campaign not sent: its connection's channel cannot run campaigns", channel: 'facebook', connectionId: page.id, failed: 3 })]);
  });
});
