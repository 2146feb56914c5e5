// Migration 0009 (issue 12 point 1): the pending rows of the two queues the job runner replaced
// (outbound_jobs, timers) move into jobs, in a shape the runner's kinds accept, and the old tables
// go. A database is migrated to 0008, given pending work, then migrated to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { outboundMessageJob } from '../../src/modules/messages/outbound-message.jobs.ts';
import { ticketTimerJobs } from '../../src/modules/tickets/ticket-timers.jobs.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const before0009 = mkdtempSync(join(tmpdir(), 'atende-migrations-'));
cpSync(migrationsFolder, before0009, { recursive: true });
const journalFile = join(before0009, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < 9) }));

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(before0009, { recursive: true, force: true });
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('migration 0009 carries pending work over (issue 12 point 1: nothing lost)', () => {
  it('moves unfinished outbound jobs and every timer into jobs, drops done ones and the old tables', async () => {
    database = await openDatabase({ inMemory: true });
    const { db } = database;
    await migrate(db as never, { migrationsFolder: before0009 });
    await db.execute(sql`insert into plans (name, users, connections, queues) values ('p', 1, 1, 1)`);
    await db.execute(sql`insert into companies (name, plan_id, due_date) values ('c', 1, '2999-01-01')`);
    await db.execute(sql`insert into connections (company_id, name, channel, token) values (1, 'w', 'sandbox', 't')`);
    await db.execute(sql`insert into contacts (company_id, name, number) values (1, 'x', '5511900000001')`);
    await db.execute(sql`insert into tickets (company_id, contact_id, whatsapp_id) values (1, 1, 1)`);
    await db.execute(sql`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me) values (1, 1, 1, 1, 'oi', true)`);
    await db.execute(sql`insert into outbound_jobs (company_id, kind, message_id, attempts, last_error) values (1, 'send', 1, 40, 'provider down')`);
    await db.execute(sql`insert into outbound_jobs (company_id, kind, message_id) values (1, 'edit', 999)`);
    await db.execute(sql`insert into outbound_jobs (company_id, kind, message_id, done_at) values (1, 'delete', 1, now())`);
    await db.execute(sql`insert into timers (company_id, kind, ticket_id, due_at, attempts) values (1, 'npsExpiry', 1, '2026-03-02T12:30:00Z', 2)`);

    await database.migrate();

    // a later migration queues every company's folder-stats job; only what 0009 moved is looked at
    const moved = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select kind, company_id, payload, priority, ordering_key, singleton_key, state,
        to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as run_at, attempts, last_error from jobs where kind <> 'company.folderStats' order by id`),
    );
    expect(moved).toEqual([
      {
        kind: 'message.outbound',
        company_id: 1,
        payload: { companyId: 1, messageId: 1, connectionId: 1, action: 'send' },
        priority: 20,
        ordering_key: 'outbound:1:1',
        singleton_key: null,
        state: 'waiting',
        run_at: null,
        attempts: 0,
        last_error: 'provider down',
      },
      // its message is gone: the handler will find nothing to deliver
      expect.objectContaining({ kind: 'message.outbound', payload: { companyId: 1, messageId: 999, connectionId: null, action: 'edit' }, ordering_key: 'outbound:-:-' }),
      expect.objectContaining({
        kind: 'ticket.npsExpiry',
        payload: { companyId: 1, ticketId: 1 },
        priority: 10,
        singleton_key: '1',
        state: 'waiting',
        run_at: '2026-03-02T12:30:00Z',
        attempts: 2,
      }),
    ]);
    expect(outboundMessageJob.payload.safeParse(moved[0].payload).success).toBe(true);
    expect(outboundMessageJob.payload.safeParse(moved[1].payload).success).toBe(true);
    expect(moved[2].kind).toBe(ticketTimerJobs.npsExpiry.name);
    expect(ticketTimerJobs.npsExpiry.payload.safeParse(moved[2].payload).success).toBe(true);
    const old = rowsOf<{ timers: string | null; outbound: string | null }>(
      await db.execute(sql`select to_regclass('timers')::text as timers, to_regclass('outbound_jobs')::text as outbound`),
    );
    expect(old).toEqual([{ timers: null, outbound: null }]);
    // every migration run from an empty database, on a machine busy with the other test file
  }, 120_000);
});
