import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { companies, connectionQueues, connections, queues } from '../../db/schema.ts';
import { coalescingRows } from '../../platform/coalesce.ts';

export type ConnectionChannel = (typeof connections.$inferSelect)['channel'];
export type ConnectionRow = typeof connections.$inferSelect;
export type NewConnection = Omit<typeof connections.$inferInsert, 'id' | 'companyId'>;

const byCompany = (companyId: number, connectionId?: number) =>
  and(eq(connections.companyId, companyId), connectionId === undefined ? undefined : eq(connections.id, connectionId));

export const listConnections = (db: DbOrTx, companyId: number, channel?: ConnectionChannel) =>
  db
    .select()
    .from(connections)
    .where(and(byCompany(companyId), channel ? eq(connections.channel, channel) : undefined))
    .orderBy(asc(connections.name), asc(connections.id));

const connectionById = preparedStatement('connections_by_id', connections, (db) =>
  db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, sql.placeholder('companyId')), eq(connections.id, sql.placeholder('connectionId'))))
    .limit(1),
);

export const findConnection = async (db: DbOrTx, companyId: number, connectionId: number): Promise<ConnectionRow | undefined> =>
  (await connectionById(db, { companyId, connectionId }))[0];

// The connection a caller already read in its transaction, or read now: an inbound message reads
// its connection once and every step after it (bot, redirect countdown, reopening) needs it.
export const findConnectionUnlessKnown = (db: DbOrTx, companyId: number, connectionId: number, known?: ConnectionRow) =>
  known && known.id === connectionId && known.companyId === companyId ? Promise.resolve(known) : findConnection(db, companyId, connectionId);

export const findConnectionOfChannel = async (db: DbOrTx, companyId: number, connectionId: number, channel: ConnectionChannel) => {
  const row = await findConnection(db, companyId, connectionId);
  return row?.channel === channel ? row : undefined;
};

const connectionsByIds = preparedStatement('connections_by_ids', connections, (db) =>
  db
    .select()
    .from(connections)
    .where(
      sql`(${connections.companyId}, ${connections.id}) in
        (select * from unnest(${sql.placeholder('companyIds')}::int[], ${sql.placeholder('connectionIds')}::int[]))`,
    ),
);

const connectionsByExternalIds = preparedStatement('connections_by_external_ids', connections, (db) =>
  db
    .select()
    .from(connections)
    .where(
      sql`${connections.externalId} is not null and (${connections.channel}, ${connections.externalId}) in
        (select * from unnest(${sql.placeholder('channels')}::text[], ${sql.placeholder('externalIds')}::text[]))`,
    ),
);

type ConnectionKey = { companyId: number; connectionId: number };
type ExternalKey = { channel: ConnectionChannel; externalId: string };

const keyOf = ({ companyId, connectionId }: ConnectionKey) => `${companyId}:${connectionId}`;
const externalKeyOf = ({ channel, externalId }: ExternalKey) => `${channel}:${externalId}`;

// Reads on the pool by requests (deliveries to a webhook): those that arrive in one turn of the
// event loop are answered by one statement (platform/coalesce.ts).
const readers = new WeakMap<Db, { byId: (key: ConnectionKey) => Promise<ConnectionRow | undefined>; byExternalId: (key: ExternalKey) => Promise<ConnectionRow | undefined> }>();

const readersOf = (db: Db) => {
  let found = readers.get(db);
  if (!found) {
    found = {
      byId: coalescingRows(
        keyOf,
        (keys: ConnectionKey[]) => connectionsByIds(db, { companyIds: keys.map((key) => key.companyId), connectionIds: keys.map((key) => key.connectionId) }),
        (row) => keyOf({ companyId: row.companyId, connectionId: row.id }),
      ),
      byExternalId: coalescingRows(
        externalKeyOf,
        (keys: ExternalKey[]) => connectionsByExternalIds(db, { channels: keys.map((key) => key.channel), externalIds: keys.map((key) => key.externalId) }),
        (row) => externalKeyOf({ channel: row.channel, externalId: row.externalId ?? '' }),
      ),
    };
    readers.set(db, found);
  }
  return found;
};

export const readConnectionOfChannel = async (db: Db, companyId: number, connectionId: number, channel: ConnectionChannel) => {
  const row = await readersOf(db).byId({ companyId, connectionId });
  return row?.channel === channel ? row : undefined;
};

// Webhooks name the provider's account, not a company: this lookup is the routing step that
// finds the one connection (and so the company) a page's or a phone number's id belongs to.
export const readConnectionByExternalId = (db: Db, channel: ConnectionChannel, externalId: string) => readersOf(db).byExternalId({ channel, externalId });

// The external messages API authenticates with a connection's token; tokens are unique.
export const findConnectionByToken = async (db: DbOrTx, token: string) => {
  const [row] = await db.select().from(connections).where(eq(connections.token, token)).limit(1);
  return row;
};

export const countConnections = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select({ value: count() }).from(connections).where(byCompany(companyId));
  return row?.value ?? 0;
};

// The company's first connection becomes its default one.
export const insertConnection = async (db: DbOrTx, companyId: number, values: NewConnection) => {
  const existing = await countConnections(db, companyId);
  const [row] = await db
    .insert(connections)
    .values({ ...values, companyId, isDefault: existing === 0 || values.isDefault === true })
    .returning();
  return row;
};

export const updateConnection = async (db: DbOrTx, companyId: number, connectionId: number, values: Partial<NewConnection>) => {
  const [row] = await db
    .update(connections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(byCompany(companyId, connectionId))
    .returning();
  return row;
};

export const deleteConnection = async (db: DbOrTx, companyId: number, connectionId: number) =>
  (await db.delete(connections).where(byCompany(companyId, connectionId)).returning({ id: connections.id })).length > 0;

export const clearOtherDefaults = (db: DbOrTx, companyId: number, keepId: number) =>
  db
    .update(connections)
    .set({ isDefault: false })
    .where(and(byCompany(companyId), ne(connections.id, keepId), eq(connections.isDefault, true)));

export const countOtherDefaults = async (db: DbOrTx, companyId: number, exceptId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(connections)
    .where(and(byCompany(companyId), ne(connections.id, exceptId), eq(connections.isDefault, true)));
  return row?.value ?? 0;
};

export const promoteOldestToDefault = async (db: DbOrTx, companyId: number) => {
  const [oldest] = await db.select({ id: connections.id }).from(connections).where(byCompany(companyId)).orderBy(asc(connections.id)).limit(1);
  if (oldest) await db.update(connections).set({ isDefault: true }).where(byCompany(companyId, oldest.id));
};

export const replaceConnectionQueues = async (db: DbOrTx, companyId: number, connectionId: number, queueIds: number[]) => {
  await db.delete(connectionQueues).where(and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.connectionId, connectionId)));
  if (queueIds.length > 0) await db.insert(connectionQueues).values(queueIds.map((queueId) => ({ companyId, connectionId, queueId })));
};

export const queuesOfConnections = async (db: DbOrTx, companyId: number, connectionIds: number[]) => {
  if (connectionIds.length === 0) return [];
  return db
    .select({ connectionId: connectionQueues.connectionId, id: queues.id, name: queues.name, color: queues.color })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.companyId, companyId), inArray(connectionQueues.connectionId, connectionIds)))
    .orderBy(asc(queues.name));
};

const connectionByExternalId = preparedStatement('connections_by_external_id', connections, (db) =>
  db
    .select()
    .from(connections)
    .where(and(eq(connections.channel, sql.placeholder('channel')), eq(connections.externalId, sql.placeholder('externalId'))))
    .limit(1),
);

// The connection that holds a provider's account, read in the caller's transaction.
export const findConnectionByExternalId = async (db: DbOrTx, channel: ConnectionChannel, externalId: string): Promise<ConnectionRow | undefined> =>
  (await connectionByExternalId(db, { channel, externalId }))[0];

// Every company's WhatsApp (Baileys) sessions by status: the operator's view (/metrics).
export const countWhatsappSessionsByStatus = (db: DbOrTx) =>
  db
    .select({ status: connections.status, count: count() })
    .from(connections)
    .where(eq(connections.channel, 'whatsapp'))
    .groupBy(connections.status);

// The connection a ticket opened without one goes out through.
export const findDefaultConnection = async (db: DbOrTx, companyId: number) => {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(byCompany(companyId), eq(connections.isDefault, true)))
    .limit(1);
  return row;
};

// The connection's queues in menu order: orderQueue first (unset last), then name.
const connectionQueuesInMenuOrder = preparedStatement('connection_queues_in_menu_order', { queue: queues }, (db) =>
  db
    .select({ queue: queues })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.companyId, sql.placeholder('companyId')), eq(connectionQueues.connectionId, sql.placeholder('connectionId'))))
    .orderBy(asc(sql`coalesce(${queues.orderQueue}, 2147483647)`), asc(queues.name)),
);

export const queuesOfConnectionInMenuOrder = async (db: DbOrTx, companyId: number, connectionId: number) =>
  (await connectionQueuesInMenuOrder(db, { companyId, connectionId })).map((row) => row.queue);

export const connectionNames = async (db: DbOrTx, companyId: number, connectionIds: number[]) => {
  if (connectionIds.length === 0) return [];
  return db
    .select({ id: connections.id, name: connections.name })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), inArray(connections.id, connectionIds)));
};

// 02-operations §2 /allConnections: every company with its connections, for the super admin only
// (the one read here that crosses companies on purpose).
export const listConnectionsOfEveryCompany = (db: DbOrTx) =>
  db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      id: connections.id,
      name: connections.name,
      channel: connections.channel,
      status: connections.status,
      updatedAt: connections.updatedAt,
    })
    .from(companies)
    .leftJoin(connections, eq(connections.companyId, companies.id))
    .orderBy(asc(companies.id), asc(connections.name));
