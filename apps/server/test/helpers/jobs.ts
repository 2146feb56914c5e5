// Reads the job runner's table the way tests need it: the outbound jobs of one message.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema.ts';
import { outboundMessageJob } from '../../src/modules/messages/outbound-message.jobs.ts';

export const outboundJobsOf = (db: Db, messageId: number) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, outboundMessageJob.name), sql`${jobs.payload}->>'messageId' = ${String(messageId)}`))
    .orderBy(asc(jobs.id));

// A job waiting for its retry becomes due at once, so a test walks through every attempt
// without waiting for the backoff.
export const dueRetriesNow = (db: Db, kind: string) =>
  db.update(jobs).set({ lockedUntil: null }).where(and(eq(jobs.kind, kind), eq(jobs.state, 'waiting')));

export const jobsOfKind = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));
