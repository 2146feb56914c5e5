// The audit log (issue 38 point 6): who changed what, when, from where, with the values before and
// after (secrets masked). Rows are written in the transaction of the change they record and never
// updated; only the retention prune deletes them. companyId and actorUserId carry no foreign key:
// an entry outlives the company or the user it names (the removal of a company is itself recorded).
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // the company the change belongs to; null for the platform's own records (plans, global settings)
    companyId: integer('company_id'),
    actorUserId: integer('actor_user_id'),
    // the actor as it was then ("Name <email>", or an API key's name), kept when the user is gone
    actorLabel: text('actor_label').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    // e.g. 'user.update', 'auth.signIn', 'auth.signInFailed' (the catalogue in packages/shared)
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_company_id_idx').on(t.companyId, t.id.desc()), index('audit_log_created_at_idx').on(t.createdAt)],
);
