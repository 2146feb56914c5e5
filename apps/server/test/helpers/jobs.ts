// Reads the job runner's table the way tests need it: the outbound jobs of one message.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema.ts';
import { outboundMessageJob } from '../../src/modules/messages/outbound.jobs.ts';

export const outboundJobsOf = (db: Db, messageId: number) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, outboundMessageJob.name), sql`${jobs.payload}->>'messageId' = ${String(messageId)}`))
    .orderBy(asc(jobs.id));
