// What an import writes into this product's database (issue 39): the records, the source ids each
// came from (so a re-run merges instead of doubling) and how far each source table got.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { arrayColumnsOf, columnArrays, columnNames, preparedSql, unnestRows } from '../db/prepared-statement.ts';
import {
  chatbots,
  companies,
  companySettings,
  connectionQueues,
  connections,
  contactExtraInfo,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  fileListOptions,
  fileLists,
  messages,
  plans,
  prompts,
  queueIntegrations,
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
} from '../db/schema.ts';

export type MappedId = { targetId: number; companyId: number | null };
export type ProgressRow = typeof sourceImportProgress.$inferSelect;

export const mappedIds = async (db: DbOrTx, source: string, entity: string, sourceIds: readonly string[]) => {
  const found = new Map<string, MappedId>();
  if (sourceIds.length === 0) return found;
  const rows = await db
    .select({ sourceId: sourceImportIds.sourceId, targetId: sourceImportIds.targetId, companyId: sourceImportIds.companyId })
    .from(sourceImportIds)
    .where(and(eq(sourceImportIds.source, source), eq(sourceImportIds.entity, entity), inArray(sourceImportIds.sourceId, [...new Set(sourceIds)])));
  for (const row of rows) found.set(row.sourceId, { targetId: row.targetId, companyId: row.companyId });
  return found;
};

export const recordMappedIds = async (db: DbOrTx, source: string, entity: string, rows: Array<{ sourceId: string } & MappedId>) => {
  if (rows.length === 0) return;
  await db
    .insert(sourceImportIds)
    .values(rows.map((row) => ({ source, entity, ...row })))
    .onConflictDoNothing();
};

export const readProgress = async (db: DbOrTx, source: string) =>
  new Map((await db.select().from(sourceImportProgress).where(eq(sourceImportProgress.source, source))).map((row) => [row.sourceTable, row]));

export const saveProgress = async (db: DbOrTx, source: string, sourceTable: string, lastKey: string | null, rowsRead: number, finished: boolean) => {
  const finishedAt = finished ? sql`now()` : null;
  await db
    .insert(sourceImportProgress)
    .values({ source, sourceTable, lastKey, rows: rowsRead, finishedAt })
    .onConflictDoUpdate({
      target: [sourceImportProgress.source, sourceImportProgress.sourceTable],
      set: {
        lastKey: sql`coalesce(excluded.last_key, ${sourceImportProgress.lastKey})`,
        rows: sql`${sourceImportProgress.rows} + excluded.rows`,
        finishedAt,
        updatedAt: sql`now()`,
      },
    });
};

const recordTables = {
  plans,
  companies,
  queues,
  chatbots,
  connections,
  users,
  tags,
  quickMessages,
  contacts,
  contactExtraInfo,
  tickets,
  ticketNotes,
  schedules,
  contactLists,
  fileLists,
  fileListOptions,
  queueIntegrations,
  prompts,
};
// rows without an id map of their own: links, list entries (one per number in a list), ratings
// (one per ticket) and ticket logs (their tracking row is mapped)
const linkTables = { userQueues, connectionQueues, contactTags, ticketTags, contactListItems, userRatings, ticketLogs };
export type NewRecord<K extends keyof typeof recordTables> = PgInsertValue<(typeof recordTables)[K]>;
export type NewMessage = typeof messages.$inferInsert;

// A table read to its end is read again from its start by the next run.
export const restartProgress = async (db: DbOrTx, source: string, sourceTable: string) => {
  await db
    .update(sourceImportProgress)
    .set({ lastKey: null, rows: 0, finishedAt: null, updatedAt: sql`now()` })
    .where(and(eq(sourceImportProgress.source, source), eq(sourceImportProgress.sourceTable, sourceTable)));
};

// Rows in the order given, their new ids in the same order.
export const insertRows = async <K extends keyof typeof recordTables>(db: DbOrTx, name: K, values: NewRecord<K>[]): Promise<number[]> => {
  if (values.length === 0) return [];
  const table: PgTable & { id: PgColumn } = recordTables[name];
  const rows = (await db.insert(table).values(values as never[]).returning({ id: table.id })) as Array<{ id: number }>;
  return rows.map((row) => row.id);
};

export const insertLinks = async <K extends keyof typeof linkTables>(db: DbOrTx, name: K, values: PgInsertValue<(typeof linkTables)[K]>[]) => {
  if (values.length === 0) return;
  const table: PgTable = linkTables[name];
  await db.insert(table).values(values as never[]).onConflictDoNothing();
};

export const plansByName = async (db: DbOrTx, names: string[]) =>
  new Map((await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.name, names))).map((row) => [row.name, row.id]));

export const companyExists = async (db: DbOrTx, companyId: number) =>
  (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))).length > 0;

export const saveCompanySettings = async (db: DbOrTx, values: Array<{ companyId: number; key: string; value: string }>) => {
  if (values.length === 0) return;
  await db
    .insert(companySettings)
    .values(values)
    .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
};

export const takenConnectionTokens = async (db: DbOrTx, tokens: string[]) =>
  new Set(tokens.length === 0 ? [] : (await db.select({ token: connections.token }).from(connections).where(inArray(connections.token, tokens))).map((row) => row.token));

export const usersByEmail = async (db: DbOrTx, emails: string[]) => {
  const lower = emails.map((email) => email.toLowerCase());
  const rows = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
};

// a company's queues and tags are few: all of them, to match names and colours
export const queuesOf = (db: DbOrTx, companyIds: number[]) =>
  db.select({ id: queues.id, companyId: queues.companyId, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.companyId, companyIds));

export const tagsOf = (db: DbOrTx, companyIds: number[]) =>
  db.select({ id: tags.id, companyId: tags.companyId, name: tags.name }).from(tags).where(inArray(tags.companyId, companyIds));

export const contactsByNumber = (db: DbOrTx, companyIds: number[], numbers: string[]) =>
  db
    .select({ id: contacts.id, companyId: contacts.companyId, number: contacts.number })
    .from(contacts)
    .where(and(inArray(contacts.companyId, companyIds), inArray(contacts.number, numbers)));

export const liveTicketsOf = (db: DbOrTx, contactIds: number[]) =>
  db
    .select({ companyId: tickets.companyId, contactId: tickets.contactId, whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(and(inArray(tickets.contactId, contactIds), ne(tickets.status, 'closed')));

export const takenTicketUuids = async (db: DbOrTx, uuids: string[]) =>
  new Set(uuids.length === 0 ? [] : (await db.select({ uuid: tickets.uuid }).from(tickets).where(inArray(tickets.uuid, uuids))).map((row) => row.uuid));

export const ticketsByIds = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: tickets.id, companyId: tickets.companyId, contactId: tickets.contactId, whatsappId: tickets.whatsappId, queueId: tickets.queueId })
    .from(tickets)
    .where(inArray(tickets.id, ids));

export type MessageKey = { companyId: number; whatsappId: number | null; providerMessageId: string };

// An array as one parameter in PostgreSQL's literal form (a JS array in a sql template would
// become a list of parameters).
const arrayLiteral = (values: ReadonlyArray<string | number>) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;

const keyArrays = (keys: MessageKey[]) => ({
  companyIds: arrayLiteral(keys.map((k) => k.companyId)),
  whatsappIds: arrayLiteral(keys.map((k) => k.whatsappId ?? 0)),
  providerIds: arrayLiteral(keys.map((k) => k.providerMessageId)),
});

// The messages already here under these provider ids, by the unique index's own expression.
export const existingMessageKeys = async (db: DbOrTx, keys: MessageKey[]) => {
  if (keys.length === 0) return new Set<string>();
  const { companyIds, whatsappIds, providerIds } = keyArrays(keys);
  // one lookup of the unique index per key, whatever the planner guesses of a table just filled
  const result = await db.execute(sql`
    select page.company_id as "companyId", page.whatsapp_id as "whatsappId", page.provider_id as "providerMessageId"
      from unnest(${companyIds}::int[], ${whatsappIds}::int[], ${providerIds}::text[]) as page(company_id, whatsapp_id, provider_id)
     cross join lateral (
       select 1 from ${messages} m
        where m.company_id = page.company_id and coalesce(m.whatsapp_id, 0) = page.whatsapp_id and m.provider_message_id = page.provider_id
        limit 1) found`);
  const rows = (result as { rows?: MessageKey[] }).rows ?? [];
  return new Set(rows.map((row) => messageKeyOf(row)));
};

export const messageKeyOf = (key: MessageKey) => `${key.companyId}:${key.whatsappId ?? 0}:${key.providerMessageId}`;

// A page of messages as one statement, prepared once, of one array per column: a page of 1000
// costs a short statement rather than 18,000 parameters built and parsed each time.
const IMPORTED_MESSAGE_VALUES = arrayColumnsOf(messages, [
  'companyId',
  'ticketId',
  'contactId',
  'whatsappId',
  'queueId',
  'providerMessageId',
  'body',
  'fromMe',
  'read',
  'mediaUrl',
  'mediaType',
  'ack',
  'isDeleted',
  'isEdited',
  'participant',
  'dataJson',
  'createdAt',
  'updatedAt',
] as const);
const insertMessagePage = preparedSql<{ id: number }>(
  'source_import_messages',
  { id: messages.id },
  sql`insert into ${messages} (${columnNames(IMPORTED_MESSAGE_VALUES)})
    select ${columnNames(IMPORTED_MESSAGE_VALUES)} from ${unnestRows('page', IMPORTED_MESSAGE_VALUES)}
    on conflict do nothing
    returning id`,
);

export type ImportedMessage = Required<Pick<NewMessage, (typeof IMPORTED_MESSAGE_VALUES)[number]['key']>>;

export const insertMessages = async (db: DbOrTx, values: ImportedMessage[]) => {
  if (values.length === 0) return 0;
  // JSON and times as text, which each array element is cast from
  const rows = values.map((message) => ({
    ...message,
    dataJson: message.dataJson === null ? null : JSON.stringify(message.dataJson),
    createdAt: message.createdAt instanceof Date ? message.createdAt.toISOString() : message.createdAt,
    updatedAt: message.updatedAt instanceof Date ? message.updatedAt.toISOString() : message.updatedAt,
  }));
  return (await insertMessagePage(db, columnArrays(IMPORTED_MESSAGE_VALUES, rows))).length;
};

// Points each message at the one it quotes, found by the quoted provider id on the same
// connection; a quote of a message not (yet) here stays empty.
export const linkQuotes = async (db: DbOrTx, quotes: Array<MessageKey & { quotedProviderId: string }>) => {
  if (quotes.length === 0) return;
  const { companyIds, whatsappIds, providerIds } = keyArrays(quotes);
  const quoted = arrayLiteral(quotes.map((q) => q.quotedProviderId));
  // each message is looked up by its own key through the unique index, then updated by id (a
  // join left to the planner reached the quoting message from the quoted one's connection and read
  // all its messages, before the new table's statistics were in)
  await db.execute(sql`
    with pairs as materialized (
      select (select m.id from ${messages} m
               where m.company_id = page.company_id and coalesce(m.whatsapp_id, 0) = page.whatsapp_id and m.provider_message_id = page.provider_id
                 and m.quoted_msg_id is null) as message_id,
             (select q.id from ${messages} q
               where q.company_id = page.company_id and coalesce(q.whatsapp_id, 0) = page.whatsapp_id and q.provider_message_id = page.quoted_id) as quoted_id
        from unnest(${companyIds}::int[], ${whatsappIds}::int[], ${providerIds}::text[], ${quoted}::text[]) as page(company_id, whatsapp_id, provider_id, quoted_id)
    )
    update ${messages} set quoted_msg_id = pairs.quoted_id from pairs where ${messages.id} = pairs.message_id and pairs.quoted_id is not null`);
};
