// Issue 39: an import from a ticketz or whaticket-SaaS database carries every kind of record with
// its ids mapped, lets the imported users sign in with their old passwords, and is safe to re-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import {
  chatbots,
  companies,
  companySettings,
  connectionQueues,
  contactListItems,
  contactLists,
  connections,
  contactExtraInfo,
  contacts,
  contactTags,
  jobs,
  messages,
  plans,
  queues,
  quickMessages,
  schedules,
  sourceImportIds,
  sourceImportProgress,
  tags,
  ticketLogs,
  ticketNotes,
  tickets,
  ticketTags,
  userQueues,
  userRatings,
  users,
  whatsappAuthKeys,
} from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSource, importerOf } from './source-fixture.ts';

let t: TestApp;
let source: Awaited<ReturnType<typeof createSource>>;

let importFrom: ReturnType<typeof importerOf>['run'];
let idOf: ReturnType<typeof importerOf>['idOf'];

const counts = async () => {
  const of = (table: Parameters<typeof t.db.$count>[0]) => t.db.$count(table);
  return {
    plans: await of(plans),
    companies: await of(companies),
    users: await of(users),
    queues: await of(queues),
    chatbots: await of(chatbots),
    connections: await of(connections),
    tags: await of(tags),
    contacts: await of(contacts),
    tickets: await of(tickets),
    messages: await of(messages),
    notes: await of(ticketNotes),
    ids: await of(sourceImportIds),
  };
};

beforeAll(async () => {
  t = await startTestApp();
  source = await createSource('ticketz');
  ({ run: importFrom, idOf } = importerOf(t, source, 'ticketz-test'));
});

afterAll(async () => {
  await t?.close();
  await source?.drop();
});

describe('issue 39: importing a ticketz database', () => {
  it('issue 39 point 2: a dry run reads everything, reports counts and problems, and writes nothing', async () => {
    const before = await counts();
    const summary = await importFrom({ dryRun: true });
    expect(summary.family).toBe('ticketz');
    expect(summary.dryRun).toBe(true);
    expect(summary.steps.find((s) => s.step === 'Messages')).toMatchObject({ read: 8, imported: 8 });
    expect(summary.steps.find((s) => s.step === 'Contacts')).toMatchObject({ read: 3, imported: 3 });
    expect(summary.skipped).toEqual(expect.arrayContaining([{ table: 'Chatbots', reason: 'not in this version of the source' }]));
    expect(await counts()).toEqual(before);
    expect(await t.db.$count(sourceImportProgress)).toBe(0);
  });

  it('issue 39 point 1: every kind of record lands with its source id mapped', async () => {
    const sourceBefore = await source.fingerprint();
    const summary = await importFrom();
    expect(summary.problemCount).toBe(0);
    // issue 39 point 2: the source database is only read
    expect(await source.fingerprint()).toEqual(sourceBefore);

    const companyId = (await idOf('company', '2')) as number;
    expect(await idOf('company', '1')).toBe(1);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const [plan] = await t.db.select().from(plans).where(eq(plans.id, company.planId as number));
    expect(company).toMatchObject({ name: 'Padaria Pão Quente', dueDate: '2026-12-10', status: true });
    expect(company.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '18:00' });
    expect(plan).toMatchObject({ name: 'Ouro', users: 20, connections: 3, queues: 8, amount: '149.00', isPublic: false });
    const settings = await t.db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
    expect(settings).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'userRating', value: 'enabled' })]));

    const sales = (await idOf('queue', '1')) as number;
    const [salesQueue] = await t.db.select().from(queues).where(eq(queues.id, sales));
    expect(salesQueue).toMatchObject({ name: 'Vendas', greetingMessage: 'Bem-vindo às vendas', outOfHoursMessage: 'Fechados agora' });
    expect(salesQueue.schedules).toEqual([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '17:00', startTimeB: '', endTimeB: '' }]);
    const options = await t.db.select().from(chatbots).where(eq(chatbots.queueId, sales)).orderBy(asc(chatbots.id));
    expect(options.map((o) => [o.name, o.parentId === null ? null : options.find((p) => p.id === o.parentId)?.name, o.queueType])).toEqual([
      ['Encomendas', null, 'text'],
      ['Bolos', 'Encomendas', 'text'],
      ['Falar com o suporte', null, 'queue'],
    ]);

    const connectionId = (await idOf('connection', '1')) as number;
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(connection).toMatchObject({ name: 'Loja Centro', channel: 'whatsapp', isDefault: true, greetingMessage: 'Olá!', ratingMessage: 'Dê uma nota de 1 a 5', token: 'tok-1' });
    // the farewell ticketz sends on closing is its completion message, as here
    expect(connection).toMatchObject({ complationMessage: 'Obrigado, até logo', outOfHoursMessage: 'Estamos fechados' });
    expect(await t.db.$count(connectionQueues, eq(connectionQueues.connectionId, connectionId))).toBe(2);
    const keyTypes = (await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId))).map((k) => k.type).sort();
    expect(keyTypes).toEqual(['app-state-sync-version', 'creds', 'pre-key']);

    const bruno = (await idOf('user', '3')) as number;
    const [user] = await t.db.select().from(users).where(eq(users.id, bruno));
    expect(user).toMatchObject({ companyId, email: 'bruno@paoquente.example', profile: 'user' });
    expect(user.passwordHash.startsWith('$2b$')).toBe(true);
    expect(await t.db.$count(userQueues, eq(userQueues.userId, bruno))).toBe(2);

    const [lane] = await t.db.select().from(tags).where(eq(tags.id, (await idOf('tag', '2')) as number));
    expect(lane).toMatchObject({ name: 'Em produção', kanban: 1 });
    expect(await t.db.$count(quickMessages, eq(quickMessages.companyId, companyId))).toBe(1);

    const carla = (await idOf('contact', '1')) as number;
    expect(await t.db.select({ name: contactExtraInfo.name, value: contactExtraInfo.value }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, carla))).toEqual([
      { name: 'Aniversário', value: '12/05' },
    ]);
    expect(await t.db.$count(contactTags, eq(contactTags.contactId, carla))).toBe(1);

    const openTicket = (await idOf('ticket', '2')) as number;
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, openTicket));
    expect(ticket).toMatchObject({ status: 'open', contactId: carla, userId: bruno, queueId: sales, whatsappId: connectionId, uuid: '6f1c2d3e-0000-4000-8000-000000000002' });
    expect(await t.db.$count(ticketTags, eq(ticketTags.ticketId, openTicket))).toBe(2);
    expect(await t.db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, openTicket))).toEqual([{ note: 'Cliente prefere entrega à tarde' }]);

    const conversation = await t.db.select().from(messages).where(eq(messages.ticketId, openTicket)).orderBy(asc(messages.createdAt));
    expect(conversation.map((m) => [m.providerMessageId, m.mediaType, m.isDeleted])).toEqual([
      ['3EB0B1', 'chat', false],
      ['3EB0B2', 'image', false],
      ['3EB0B3', 'chat', true],
    ]);
    const photo = await t.request('GET', conversation[1].mediaUrl as string);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    const closedTicket = (await idOf('ticket', '1')) as number;
    const first = await t.db.select().from(messages).where(eq(messages.ticketId, closedTicket)).orderBy(asc(messages.createdAt));
    expect(first.map((m) => [m.body, m.fromMe, m.ack, m.isEdited])).toEqual([
      ['Oi, bom dia', false, 0, false],
      ['Bom dia! Como posso ajudar?', true, 3, false],
      ['Obrigada!', false, 0, true],
    ]);
    expect(first[1].quotedMsgId).toBe(first[0].id);
    expect(await t.db.select({ rate: userRatings.rate, userId: userRatings.userId }).from(userRatings).where(eq(userRatings.ticketId, closedTicket))).toEqual([{ rate: 5, userId: bruno }]);
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, closedTicket)).orderBy(asc(ticketLogs.createdAt));
    expect(logs.map((log) => [log.type, log.userId, log.createdAt.toISOString()])).toEqual([
      ['create', null, '2024-03-01T10:00:00.000Z'],
      ['open', bruno, '2024-03-01T10:01:00.000Z'],
      ['closed', bruno, '2024-03-01T11:00:00.000Z'],
    ]);

    // the schedule still to send, armed on the job runner; the one sent stays behind
    const pending = await t.db.select().from(schedules).where(eq(schedules.companyId, companyId));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ body: 'Seu bolo está pronto amanhã', contactId: carla, userId: bruno, whatsappId: connectionId, status: 'PENDENTE' });
    expect(await t.db.$count(jobs, and(eq(jobs.singletonKey, `schedule:${pending[0].id}`), eq(jobs.state, 'waiting')))).toBe(1);
    const [list] = await t.db.select().from(contactLists).where(eq(contactLists.companyId, companyId));
    expect(list.name).toBe('Clientes de Páscoa');
    expect(await t.db.select({ number: contactListItems.number }).from(contactListItems).where(eq(contactListItems.contactListId, list.id))).toEqual([{ number: '5511911112222' }]);
  });

  it('issue 39 point 1: an imported attendant signs in with the source password, which is then kept as argon2id', async () => {
    const session = await t.login('bruno@paoquente.example', 'source-pass-1');
    expect(session.user).toMatchObject({ email: 'bruno@paoquente.example' });
    const [user] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'bruno@paoquente.example'));
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect((await t.request('POST', '/auth/login', { body: { email: 'bruno@paoquente.example', password: 'wrong-pass' } })).status).toBe(401);
    expect((await t.login('bruno@paoquente.example', 'source-pass-1')).token).toBeTruthy();
  });

  it('issue 39 point 2: a second run reads no finished table again, and takes the rows added after where each table ended', async () => {
    const before = await counts();
    await source.sql(`insert into "Contacts" (id, name, number, email, "companyId", "createdAt", "updatedAt") values (4, 'Elisa', '5511944445555', '', 2, now(), now())`);
    const summary = await importFrom();
    expect(summary.problemCount).toBe(0);
    expect(summary.steps.filter((s) => s.read > 0)).toEqual([{ step: 'Contacts', read: 1, imported: 1 }]);
    expect(await counts()).toEqual({ ...before, contacts: before.contacts + 1, ids: before.ids + 1 });
  });

  it('issue 39 point 2: a run from the start merges rows added anywhere at the source, doubling nothing', async () => {
    const before = await counts();
    // a WhatsApp id sorts anywhere among the ones read: only a run from the start finds it
    await source.sql(`insert into "Messages" (id, body, "ticketId", "fromMe", "companyId", "createdAt", "updatedAt") values ('3EB0B9', 'Chegou?', 2, false, 2, now(), now())`);
    expect((await importFrom()).steps.find((s) => s.step === 'Messages')?.read).toBe(0);
    const summary = await importFrom({ fromStart: true });
    expect(summary.problemCount).toBe(0);
    expect(summary.steps.find((s) => s.step === 'Messages')?.read).toBe(9);
    expect(await counts()).toEqual({ ...before, messages: before.messages + 1 });
    expect(await t.db.$count(messages, and(eq(messages.providerMessageId, '3EB0B9'), isNotNull(messages.ticketId)))).toBe(1);
  });

  it('issue 39 point 2: a run stopped half-way continues where it stopped, without reading again what went in, and the two runs together import everything once', async () => {
    const resumed = 'ticketz-resume';
    // pages of one row: Plans (2 rows) and Companies (2) end after 3 pages each, and the 10th page
    // is the 4th of the 5 Settings
    const stopAfter = 10;
    let batches = 0;
    const resumedImport = importerOf(t, source, resumed);
    const stopped = resumedImport.run({
      batchSize: 1,
      onProgress: () => {
        batches += 1;
        if (batches === stopAfter) throw new Error('stopped by the test');
      },
    });
    await expect(stopped).rejects.toThrow('stopped by the test');
    const [{ value: companiesHalfWay }] = await t.db.select({ value: count() }).from(companies);
    const summary = await resumedImport.run({ batchSize: 2 });
    expect(summary.steps.slice(0, 3)).toEqual([
      { step: 'Plans', read: 0, imported: 0 },
      { step: 'Companies', read: 0, imported: 0 },
      // the 5th setting only, a key this product does not keep
      { step: 'Settings', read: 1, imported: 0 },
    ]);
    // the second source: a new company beside the first import's; nothing of it twice
    const companyIds = await t.db.select({ id: sourceImportIds.targetId }).from(sourceImportIds).where(and(eq(sourceImportIds.source, resumed), eq(sourceImportIds.entity, 'company')));
    expect(companyIds).toHaveLength(2);
    const imported = companyIds.map((c) => c.id).find((id) => id !== 1) as number;
    expect(await t.db.$count(companies)).toBe(companiesHalfWay);
    const firstImport = (await idOf('company', '2')) as number;
    expect(await t.db.$count(companySettings, eq(companySettings.companyId, imported))).toBe(await t.db.$count(companySettings, eq(companySettings.companyId, firstImport)));
    expect(await t.db.$count(contacts, eq(contacts.companyId, imported))).toBe(4);
    expect(await t.db.$count(tickets, eq(tickets.companyId, imported))).toBe(4);
    expect(await t.db.$count(messages, eq(messages.companyId, imported))).toBe(9);
    expect(summary.steps.find((s) => s.step === 'Messages')?.read).toBe(9);
  });

  it('issue 39 point 2: into a database that already has data, a source contact merges into the contact made here with its number', async () => {
    const companyId = (await idOf('company', '2')) as number;
    const [madeHere] = await t.db.insert(contacts).values({ companyId, name: 'Fábio (made here)', number: '5511966667777' }).returning({ id: contacts.id });
    await source.sql(`insert into "Contacts" (id, name, number, email, "companyId", "createdAt", "updatedAt") values (5, 'Fábio', '+55 11 96666-7777', '', 2, now(), now())`);
    const summary = await importFrom();
    expect(summary.problems).toEqual([{ table: 'Contacts', sourceId: '5', problem: "phone number 5511966667777 is another contact's in the company: merged into it" }]);
    expect(await idOf('contact', '5')).toBe(madeHere.id);
    expect(await t.db.$count(contacts, and(eq(contacts.companyId, companyId), eq(contacts.number, '5511966667777')))).toBe(1);
  });
});
