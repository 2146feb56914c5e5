// Durable background work of every kind (platform/jobs): outbound messages, ticket timers, and
// whatever comes next. A row is written in the transaction of the change that causes it.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobStates } from '@atende/shared/jobs';
import { companies } from './companies.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // higher runs first (platform/jobs/job-kind.ts jobPriorities)
    priority: smallint('priority').notNull(),
    // a job does not start while an earlier job with the same key is unfinished
    orderingKey: text('ordering_key'),
    // at most one unfinished job per (kind, key): enqueueing again moves it
    singletonKey: text('singleton_key'),
    state: text('state', { enum: jobStates }).notNull().default('waiting'),
    // due time read from the application's clock, so tests can move time by hand; null = at once
    runAt: timestamp('run_at', { withTimezone: true }),
    // on the database clock: the lease of a running job, or the backoff of a waiting retry
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // which claim holds a running job, so a run whose lease was lost or whose job moved cannot finish it
    claimToken: text('claim_token'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // the claim walks the companies with unfinished jobs, then each one's jobs by priority
    index('jobs_unfinished_company_idx').on(t.companyId, t.priority.desc(), t.id).where(sql`${t.state} in ('waiting', 'running')`),
    index('jobs_unfinished_ordering_idx').on(t.orderingKey, t.id).where(sql`${t.state} in ('waiting', 'running') and ${t.orderingKey} is not null`),
    uniqueIndex('jobs_unfinished_singleton_key').on(t.kind, t.singletonKey).where(sql`${t.state} in ('waiting', 'running') and ${t.singletonKey} is not null`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.state} in ('completed', 'failed')`),
    index('jobs_kind_state_idx').on(t.kind, t.state),
  ],
);
