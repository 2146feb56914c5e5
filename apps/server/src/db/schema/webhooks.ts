// Event webhooks (issue 37 point 1): a company's endpoints and each delivery made to them. The
// signing secret is an AES-256-GCM ciphertext (platform/secret-box.ts): deliveries need the secret
// itself to sign, so it cannot be a one-way hash.
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    // the event names wanted (the webhook event catalogue in packages/shared)
    events: jsonb('events').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    // set when the endpoint was switched off for failing too long, cleared when an admin turns it on
    disabledReason: text('disabled_reason'),
    // the first failure of the current run of failures; null after a success
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_id_idx').on(t.companyId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    // the id receivers use to refuse a replayed or repeated delivery
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: webhookDeliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: smallint('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
  ],
);
