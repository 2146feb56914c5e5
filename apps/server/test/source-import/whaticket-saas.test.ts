// Issue 39: an older whaticket-SaaS layout (option trees in Chatbots, the whole Baileys session in
// Whatsapps.session) imports, its connected WhatsApp comes up here without a QR code, and the
// source's damage (missing media, orphan messages, broken text, doubled phone numbers, doubled
// uuids and emails) is reported
// with source ids while the rest lands whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { chatbots, connections, contacts, fileListOptions, fileLists, messages, prompts, queueIntegrations, queues, quickMessages, schedules, sourceImportIds, tickets, users, whatsappAuthKeys } from '../../src/db/schema.ts';
import { createSecretBox } from '../../src/platform/secret-box.ts';
import { NotAWhaticketDatabase } from '../../src/source-import/source-schema.rules.ts';
import { SourceUnreachable } from '../../src/source-import/source-database.repo.ts';
import { startWhatsappApp, waitFor } from '../channels/whatsapp/support.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createSource, importerOf } from './source-fixture.ts';

let app: Awaited<ReturnType<typeof startWhatsappApp>>;
let t: TestApp;
let source: Awaited<ReturnType<typeof createSource>>;

const SOURCE = 'saas-test';

let importFrom: ReturnType<typeof importerOf>['run'];
let idOf: ReturnType<typeof importerOf>['idOf'];

beforeAll(async () => {
  app = await startWhatsappApp();
  t = app.t;
  source = await createSource('whaticket-saas');
  ({ run: importFrom, idOf } = importerOf(t, source, SOURCE));
  // the damage a long-lived source collects: a copy without the unique phone constraint holding
  // one number twice, a message whose ticket was deleted, a media file gone from disk, text that
  // went through Latin-1 once and text whose bytes were lost
  await source.sql(`alter table "Contacts" drop constraint "Contacts_number_companyId_key"`);
  await source.sql(`insert into "Contacts" (id, name, number, email, "companyId", "createdAt", "updatedAt") values
    (2, 'Marcos (de novo)', '5521911112222', '', 2, now(), now()), (3, 'JoÃ£o da Silva', '5521933334444', '', 2, now(), now())`);
  // the source compares emails with their case, this product without; and it never made a
  // ticket's uuid unique, which this product does
  await source.sql(`insert into "Users" (id, name, email, "passwordHash", profile, "companyId", "createdAt", "updatedAt") values
    (4, 'Lia de novo', 'LIA@oficina.example', 'x', 'user', 2, now(), now())`);
  // the later SaaS copies' per-user switches (one kept as a boolean), which this fixture's 2023 layout lacks
  await source.sql(`alter table "Users" add column "allHistoric" varchar(255) default 'disabled', add column "allowGroup" boolean default false,
    add column "userClosePendingTicket" varchar(255) default 'enabled', add column "showDashboard" varchar(255) default 'disabled'`);
  await source.sql(`update "Users" set "allHistoric" = 'enabled', "allowGroup" = true, "userClosePendingTicket" = 'disabled', "showDashboard" = 'enable' where id = 3`);
  await source.sql(`insert into "Tickets" (id, status, "contactId", "whatsappId", "companyId", uuid, "createdAt", "updatedAt") values
    (2, 'closed', 3, 1, 2, '7a1c2d3e-0000-4000-8000-000000000001', now(), now())`);
  await source.sql(`insert into "Messages" (id, body, "ticketId", "fromMe", "companyId", "mediaType", "mediaUrl", "createdAt", "updatedAt") values
    ('BAE5X1', 'sem ticket', 999, false, 2, 'conversation', null, now(), now()),
    ('BAE5X2', 'foto', 1, false, 2, 'image', 'sumiu.jpg', now(), now()),
    ('BAE5X3', 'pe${'\uFFFD'}a', 1, false, 2, 'conversation', null, now(), now())`);
});

afterAll(async () => {
  await t?.close();
  await source?.drop();
});

describe('issue 39: importing an older whaticket-SaaS database', () => {
  it('issue 39 point 1: a wrong address or password for the source is a clear error before anything is written', async () => {
    const before = await t.db.$count(sourceImportIds);
    await expect(importFrom({ from: 'postgres://nobody:wrong@127.0.0.1:5432/postgres' })).rejects.toThrow(SourceUnreachable);
    await expect(importFrom({ from: 'postgres://postgres@127.0.0.1:9/postgres' })).rejects.toThrow(/cannot read the source database/);
    expect(await t.db.$count(sourceImportIds)).toBe(before);
  });

  it('issue 39 bad input: a database that is not of the whaticket family is refused, naming what it lacks', async () => {
    const other = await createSource('ticketz');
    try {
      await other.sql(`drop table "Messages"; drop table "Tickets"`);
      await expect(importFrom({ from: other.url, sourceName: 'other' })).rejects.toThrow(NotAWhaticketDatabase);
      await expect(importFrom({ from: other.url, sourceName: 'other' })).rejects.toThrow('not a whaticket or ticketz database: no Tickets, Messages table');
    } finally {
      await other.drop();
    }
  });

  it('issue 39 point 2 and bad input: a dry run reads the source a page at a time, reports the damage by source id and writes nothing', async () => {
    const before = await t.db.$count(sourceImportIds);
    const pages: string[] = [];
    const summary = await importFrom({ dryRun: true, batchSize: 1, onProgress: ({ step }) => void pages.push(step) });
    expect(summary.dryRun).toBe(true);
    // pages of one row: every row of Messages (6) was a page of its own, and the empty page after them
    expect(pages.filter((step) => step === 'Messages')).toHaveLength(7);
    expect(summary.steps.find((s) => s.step === 'Messages')).toEqual({ step: 'Messages', read: 6, imported: 5 });
    expect(summary.problems).toEqual(
      expect.arrayContaining([
        { table: 'Contacts', sourceId: '2', problem: "phone number 5521911112222 is another contact's in the company: merged into it" },
        { table: 'Contacts', sourceId: '3', problem: 'name: text in a wrong encoding would be repaired' },
        { table: 'Messages', sourceId: 'BAE5X1', problem: 'its ticket 999 is missing' },
        { table: 'Messages', sourceId: 'BAE5X2', problem: 'media file sumiu.jpg is missing: the message would come without it' },
        { table: 'Messages', sourceId: 'BAE5X3', problem: 'body: text in a broken encoding would be kept as it is' },
      ]),
    );
    expect(await t.db.$count(sourceImportIds)).toBe(before);
  });

  it('issue 39 point 1 and bad input: the older layout lands, and each damaged row is reported by its source id', async () => {
    const summary = await importFrom();
    expect(summary.family).toBe('whaticket-saas');
    expect(summary.skipped).toEqual(expect.arrayContaining([{ table: 'ContactTags', reason: 'not in this version of the source' }]));
    expect(summary.skipped.map((s) => s.table)).not.toContain('Files');
    expect(summary.problems).toEqual(
      expect.arrayContaining([
        { table: 'Contacts', sourceId: '2', problem: 'phone number 5521911112222 is another contact\'s in the company: merged into it' },
        { table: 'Contacts', sourceId: '3', problem: 'name: text in a wrong encoding was repaired' },
        { table: 'Messages', sourceId: 'BAE5X1', problem: 'its ticket 999 is missing' },
        { table: 'Messages', sourceId: 'BAE5X2', problem: 'media file sumiu.jpg is missing: the message came without it' },
        { table: 'Messages', sourceId: 'BAE5X3', problem: 'body: text in a broken encoding was kept as it is' },
        { table: 'Users', sourceId: '4', problem: 'email lia@oficina.example is already a user of the company here: kept that user' },
      ]),
    );
    expect(await idOf('user', '4')).toBe(await idOf('user', '3'));
    // the page the database refused for the doubled uuid went in again a row at a time: both tickets, two uuids
    const [first, second] = await Promise.all(['1', '2'].map(async (id) => (await t.db.select({ uuid: tickets.uuid }).from(tickets).where(eq(tickets.id, (await idOf('ticket', id)) as number)))[0]));
    expect(first.uuid).toBe('7a1c2d3e-0000-4000-8000-000000000001');
    expect(second.uuid).not.toBe(first.uuid);

    const companyId = (await idOf('company', '2')) as number;
    expect(await idOf('contact', '2')).toBe(await idOf('contact', '1'));
    expect(await t.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, (await idOf('contact', '3')) as number))).toEqual([{ name: 'João da Silva' }]);

    const [ze] = await t.db.select().from(users).where(eq(users.id, (await idOf('user', '2')) as number));
    expect(ze).toMatchObject({ companyId, startWork: '07:00', endWork: '18:00', farewellMessage: 'Até mais!', allTicket: 'enabled', whatsappId: await idOf('connection', '1') });
    // the permission switches: as the source set them, the product's defaults where it has none
    const [lia] = await t.db.select().from(users).where(eq(users.id, (await idOf('user', '3')) as number));
    expect(lia).toMatchObject({ allTicket: 'disabled', allHistoric: 'enabled', allowGroup: 'enabled', userClosePendingTicket: 'disabled', showDashboard: 'enabled', allUserChat: 'disabled' });
    expect(ze).toMatchObject({ allHistoric: 'disabled', allowGroup: 'disabled', userClosePendingTicket: 'enabled', showDashboard: 'disabled' });

    const tree = await t.db.select().from(chatbots).where(eq(chatbots.queueId, (await idOf('queue', '1')) as number)).orderBy(asc(chatbots.id));
    expect(tree.map((o) => [o.name, tree.find((p) => p.id === o.parentId)?.name ?? null])).toEqual([
      ['Carro', null],
      ['Moto', null],
      ['Sedan', 'Carro'],
    ]);

    // the prompt and the integration, their keys sealed as this product keeps them
    const secrets = createSecretBox(t.config.secretsKey);
    const [prompt] = await t.db.select().from(prompts).where(eq(prompts.id, (await idOf('prompt', '1')) as number));
    expect(prompt).toMatchObject({ companyId, queueId: await idOf('queue', '1'), name: 'Recepção IA', maxTokens: 300 });
    expect(secrets.open(prompt.apiKey)).toBe('sk-kept-as-stored');
    const [integration] = await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, (await idOf('queueIntegration', '1')) as number));
    expect(integration).toMatchObject({ companyId, type: 'n8n', urlN8N: 'https://n8n.oficina.example/webhook/abc' });
    const [queue] = await t.db.select({ integrationId: queues.integrationId }).from(queues).where(eq(queues.id, (await idOf('queue', '1')) as number));
    expect(queue.integrationId).toBe(integration.id);

    const [prices] = await t.db.select().from(quickMessages).where(eq(quickMessages.id, (await idOf('quickMessage', '2')) as number));
    expect(prices).toMatchObject({ shortcode: 'precos', mediaName: 'tabela.pdf' });
    expect((await t.request('GET', prices.mediaPath as string)).headers.get('content-type')).toBe('application/pdf');

    // the connection's greeting photo
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, (await idOf('connection', '1')) as number));
    expect(connection).toMatchObject({ greetingMessage: 'Oficina do Zé, olá!', complationMessage: 'Atendimento encerrado' });
    // the bot's time limit, the inactivity message and the hand-over to a queue after 30 minutes
    expect(connection).toMatchObject({ timeUseBotQueues: 15, expiresInactiveMessage: 'Encerramos por falta de resposta', timeSendQueue: 30, sendIdQueue: await idOf('queue', '1') });
    expect((await t.request('GET', connection.greetingMediaAttachment as string)).headers.get('content-type')).toBe('image/jpeg');

    // the schedule still to send, with its photo
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.id, (await idOf('schedule', '1')) as number));
    expect(schedule).toMatchObject({ companyId, body: 'Revisão marcada', mediaName: 'revisao.jpg', mediaType: 'image' });
    expect((await t.request('GET', schedule.mediaPath as string)).headers.get('content-type')).toBe('image/jpeg');

    // the file list, its files copied into storage in the source's order
    const [list] = await t.db.select().from(fileLists).where(eq(fileLists.id, (await idOf('fileList', '1')) as number));
    expect(list).toMatchObject({ companyId, name: 'Tabela de preços', message: 'Segue nossa tabela' });
    const files = await t.db.select().from(fileListOptions).where(eq(fileListOptions.fileListId, list.id)).orderBy(asc(fileListOptions.position));
    expect(files.map((f) => [f.name, f.mediaType])).toEqual([
      ['Tabela 2023', 'application'],
      ['Fachada', 'image'],
    ]);
    expect((await t.request('GET', files[0].path as string)).headers.get('content-type')).toBe('application/pdf');
    expect((await t.request('GET', files[1].path as string)).headers.get('content-type')).toBe('image/jpeg');
    // read again from the start, the lists and their files are recognised by their source ids
    await importFrom({ fromStart: true });
    expect(await t.db.$count(fileLists, eq(fileLists.companyId, companyId))).toBe(1);
    expect(await t.db.$count(fileListOptions, eq(fileListOptions.fileListId, list.id))).toBe(2);

    const ticketId = (await idOf('ticket', '1')) as number;
    const conversation = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));
    const voice = conversation.find((m) => m.providerMessageId === 'BAE5F2');
    expect(voice?.mediaType).toBe('audio');
    expect((await t.request('GET', voice?.mediaUrl as string)).headers.get('content-type')).toBe('audio/ogg');
    const photo = conversation.find((m) => m.providerMessageId === 'BAE5X2');
    expect(photo).toMatchObject({ body: 'foto', mediaUrl: null });
    const answer = conversation.find((m) => m.providerMessageId === 'BAE5F3');
    expect(answer?.quotedMsgId).toBe(conversation.find((m) => m.providerMessageId === 'BAE5F1')?.id);
    expect(await t.db.$count(messages, eq(messages.providerMessageId, 'BAE5X1'))).toBe(0);
  });

  it('issue 39 point 1: a connection logged in at the source resumes here with its Baileys session, without a QR code', async () => {
    const connectionId = (await idOf('connection', '1')) as number;
    const keys = await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId));
    expect(keys.map((k) => `${k.type}/${k.keyId}`).sort()).toEqual(['creds/', 'pre-key/5', 'session/5521911112222.0']);

    const socket = await waitFor(() => app.whatsapp.latest(connectionId), 'the resumed session socket');
    expect(socket.options.auth.creds.me?.id).toBe('5521977776666:3@s.whatsapp.net');
    const preKeys = await socket.options.auth.keys.get('pre-key', ['5']);
    expect(Buffer.from(preKeys['5'].public).toString()).toBe('a'.repeat(32));
    socket.open('5521977776666');
    const connected = await waitFor(async () => {
      const [row] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connectionId));
      return row.status === 'CONNECTED' ? row : undefined;
    }, 'the connection to be connected');
    expect(connected.status).toBe('CONNECTED');
  });

  it("issue 39 point 1: a ticketz connection resumes here from its creds and its BaileysKeys rows, without a QR code", async () => {
    const ticketz = await createSource('ticketz');
    try {
      const ticketzImport = importerOf(t, ticketz, 'ticketz-session');
      await ticketzImport.run();
      const connectionId = (await ticketzImport.idOf('connection', '1')) as number;
      const socket = await waitFor(() => app.whatsapp.latest(connectionId), 'the resumed ticketz session socket');
      expect(socket.options.auth.creds.me?.id).toBe('5511988887777:12@s.whatsapp.net');
      // a signal key that was a BaileysKeys row there
      const preKeys = await socket.options.auth.keys.get('pre-key', ['7']);
      expect(Buffer.from(preKeys['7'].public).toString()).toBe('a'.repeat(32));
      socket.open('5511988887777');
      await waitFor(async () => {
        const [row] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connectionId));
        return row.status === 'CONNECTED' ? row : undefined;
      }, 'the ticketz connection to be connected');
      // the source's other connection kept no session: it waits for a QR code
      const [other] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, (await ticketzImport.idOf('connection', '2')) as number));
      expect(other.status).toBe('DISCONNECTED');
    } finally {
      await ticketz.drop();
    }
  });
});
