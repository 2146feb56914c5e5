// Where the crashed server keeps its data, and a read of what it stored, taken straight from the
// database after the server has stopped: PGlite's folder under DATA_DIR, or a fresh database on
// the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export type StoredMessage = { providerMessageId: string; ticketId: number; contactNumber: string; fromMe: boolean };
export type StoredTicket = { id: number; contactNumber: string; status: string; unreadMessages: number; inbound: number };
export type StoredState = { messages: StoredMessage[]; tickets: StoredTicket[] };

// A campaign's shipping rows, the company's messages to each number through the connection, and
// the jobs that ended failed.
export type StoredShipping = { number: string; contactId: number | null; deliveredAt: Date | null; failedAt: Date | null };
export type StoredSend = { number: string; body: string; providerMessageId: string | null; sendError: string | null };
export type StoredCampaign = { shipping: StoredShipping[]; sends: StoredSend[]; failedJobs: { kind: string; lastError: string | null }[] };

export type DatabaseUnderTest = {
  kind: 'pglite' | 'postgres';
  // DATABASE_URL for the server, or undefined for PGlite under DATA_DIR
  databaseUrl?: string;
  read: (connectionId: number) => Promise<StoredState>;
  readCampaign: (campaignId: number, connectionId: number) => Promise<StoredCampaign>;
  drop: () => Promise<void>;
};

const readState = async (query: Query, connectionId: number): Promise<StoredState> => {
  const messages = await query<StoredMessage>(
    `select m.provider_message_id as "providerMessageId", m.ticket_id as "ticketId", c.number as "contactNumber", m.from_me as "fromMe"
       from messages m join contacts c on c.id = m.contact_id
      where m.whatsapp_id = $1 order by m.id`,
    [connectionId],
  );
  const tickets = await query<StoredTicket>(
    `select t.id, c.number as "contactNumber", t.status, t.unread_messages as "unreadMessages",
            (select count(*)::int from messages m where m.ticket_id = t.id and not m.from_me) as inbound
       from tickets t join contacts c on c.id = t.contact_id
      where t.whatsapp_id = $1 order by t.id`,
    [connectionId],
  );
  return { messages, tickets };
};

const readCampaignState = async (query: Query, campaignId: number, connectionId: number): Promise<StoredCampaign> => ({
  shipping: await query<StoredShipping>(
    `select number, contact_id as "contactId", delivered_at as "deliveredAt", failed_at as "failedAt"
       from campaign_shipping where campaign_id = $1 order by id`,
    [campaignId],
  ),
  sends: await query<StoredSend>(
    `select c.number, m.body, m.provider_message_id as "providerMessageId", m.send_error as "sendError"
       from messages m join contacts c on c.id = m.contact_id
      where m.whatsapp_id = $1 and m.from_me order by m.id`,
    [connectionId],
  ),
  failedJobs: await query(`select kind, last_error as "lastError" from jobs where state = 'failed' order by id`, []),
});

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

const onServer = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

export const databaseUnderTest = async (dataDir: string): Promise<DatabaseUnderTest> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // only after the server process is gone: PGlite is single-process
  const onPglite = async <T>(work: (query: Query) => Promise<T>) => {
    const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      return await work(async (sql, params) => (await db.query(sql, params)).rows as never[]);
    } finally {
      await db.close();
    }
  };
  if (!serverUrl) {
    return {
      kind: 'pglite',
      read: (connectionId) => onPglite((query) => readState(query, connectionId)),
      readCampaign: (campaignId, connectionId) => onPglite((query) => readCampaignState(query, campaignId, connectionId)),
      drop: async () => undefined,
    };
  }
  const name = `crash_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const databaseUrl = withDatabaseName(serverUrl, name);
  const onPostgres = async <T>(work: (query: Query) => Promise<T>) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.end();
    }
  };
  return {
    kind: 'postgres',
    databaseUrl,
    read: (connectionId) => onPostgres((query) => readState(query, connectionId)),
    readCampaign: (campaignId, connectionId) => onPostgres((query) => readCampaignState(query, campaignId, connectionId)),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
};
