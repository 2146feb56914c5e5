// The outbound job queue (db/schema/outbound-jobs.ts): services enqueue in their transaction,
// the channel dispatcher claims, runs and finishes jobs.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages, outboundJobs, whatsappSessionLeases } from '../../db/schema.ts';

export type OutboundKind = (typeof outboundJobs.$inferInsert)['kind'];
export type OutboundJob = typeof outboundJobs.$inferSelect;

export const enqueueOutbound = (db: DbOrTx, companyId: number, kind: OutboundKind, messageId: number) =>
  db.insert(outboundJobs).values({ companyId, kind, messageId });

// Claims due jobs for a while; a process that dies holding them lets the lease run out. Jobs of
// a WhatsApp session that another live process owns are left to that process (sessionOwner is
// this process's session-lease identity).
export const claimOutboundJobs = async (db: DbOrTx, limit: number, leaseSeconds: number, sessionOwner?: string) => {
  const ownedElsewhere = sql`exists (
    select 1 from ${messages} join ${whatsappSessionLeases} on ${whatsappSessionLeases.connectionId} = ${messages.whatsappId}
    where ${messages.id} = ${outboundJobs.messageId} and ${whatsappSessionLeases.owner} <> ${sessionOwner ?? ''}
      and ${whatsappSessionLeases.expiresAt} > now())`;
  const due = db
    .select({ id: outboundJobs.id })
    .from(outboundJobs)
    .where(
      and(
        isNull(outboundJobs.doneAt),
        lte(outboundJobs.runAfter, sql`now()`),
        or(isNull(outboundJobs.lockedUntil), lte(outboundJobs.lockedUntil, sql`now()`)),
        sql`not ${ownedElsewhere}`,
      ),
    )
    .orderBy(asc(outboundJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboundJobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${outboundJobs.attempts} + 1` })
    .where(inArray(outboundJobs.id, due))
    .returning();
};

export const finishOutboundJob = (db: DbOrTx, jobId: number) =>
  db.update(outboundJobs).set({ doneAt: sql`now()`, lockedUntil: null }).where(eq(outboundJobs.id, jobId));

export const retryOutboundJob = (db: DbOrTx, jobId: number, delaySeconds: number, error: string) =>
  db
    .update(outboundJobs)
    .set({ runAfter: sql`now() + make_interval(secs => ${delaySeconds})`, lockedUntil: null, lastError: error.slice(0, 1000) })
    .where(eq(outboundJobs.id, jobId));
