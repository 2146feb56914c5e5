// Webhook endpoints and their deliveries (issue 37 point 1), always filtered on the company.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookEndpoint = Pick<typeof webhookEndpoints.$inferInsert, 'url' | 'description' | 'events' | 'active' | 'secret'>;

const endpointOf = (companyId: number, endpointId: number) => and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, endpointId));

export const listEndpoints = (db: DbOrTx, companyId: number) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(webhookEndpoints.id);

export const findEndpoint = async (db: DbOrTx, companyId: number, endpointId: number) =>
  (await db.select().from(webhookEndpoints).where(endpointOf(companyId, endpointId)).limit(1))[0];

// The company's active endpoints that want this event: one indexed read, the only cost an event
// adds when the company has none.
export const subscribedEndpoints = (db: DbOrTx, companyId: number, event: string) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.active, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`));

export const insertEndpoint = async (db: DbOrTx, companyId: number, values: NewWebhookEndpoint) =>
  (await db.insert(webhookEndpoints).values({ ...values, companyId }).returning())[0];

export const updateEndpoint = async (
  db: DbOrTx,
  companyId: number,
  endpointId: number,
  values: Partial<NewWebhookEndpoint & Pick<WebhookEndpointRow, 'disabledReason' | 'failingSince'>>,
) => (await db.update(webhookEndpoints).set({ ...values, updatedAt: sql`now()` }).where(endpointOf(companyId, endpointId)).returning())[0];

export const deleteEndpoint = async (db: DbOrTx, companyId: number, endpointId: number) =>
  (await db.delete(webhookEndpoints).where(endpointOf(companyId, endpointId)).returning({ id: webhookEndpoints.id })).length > 0;

// A success ends the endpoint's run of failures.
export const markEndpointSucceeded = (db: DbOrTx, companyId: number, endpointId: number) =>
  db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(endpointOf(companyId, endpointId), sql`${webhookEndpoints.failingSince} is not null`));

// A failure starts the run of failures unless one is under way; answers when it started.
export const markEndpointFailing = async (db: DbOrTx, companyId: number, endpointId: number, at: Date) =>
  (
    await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(endpointOf(companyId, endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, active: webhookEndpoints.active })
  )[0];

// Switches an active endpoint off; answers the row only for the one call that did it.
export const disableEndpoint = async (db: DbOrTx, companyId: number, endpointId: number, reason: string) =>
  (
    await db
      .update(webhookEndpoints)
      .set({ active: false, disabledReason: reason, updatedAt: sql`now()` })
      .where(and(endpointOf(companyId, endpointId), eq(webhookEndpoints.active, true)))
      .returning()
  )[0];

export const insertDeliveries = (
  db: DbOrTx,
  values: Pick<typeof webhookDeliveries.$inferInsert, 'companyId' | 'endpointId' | 'eventId' | 'event' | 'payload'>[],
) => db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });

const deliveryOf = (companyId: number, deliveryId: number) => and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, deliveryId));

export const findDelivery = async (db: DbOrTx, companyId: number, deliveryId: number) =>
  (await db.select().from(webhookDeliveries).where(deliveryOf(companyId, deliveryId)).limit(1))[0];

export const findDeliveryOfEndpoint = async (db: DbOrTx, companyId: number, endpointId: number, deliveryId: number) =>
  (await db.select().from(webhookDeliveries).where(and(deliveryOf(companyId, deliveryId), eq(webhookDeliveries.endpointId, endpointId))).limit(1))[0];

export const recentDeliveries = (db: DbOrTx, companyId: number, endpointId: number, limit: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);

export const updateDelivery = async (
  db: DbOrTx,
  companyId: number,
  deliveryId: number,
  values: Partial<Pick<WebhookDeliveryRow, 'state' | 'attempts' | 'responseStatus' | 'durationMs' | 'lastError' | 'lastAttemptAt'>>,
) => (await db.update(webhookDeliveries).set(values).where(deliveryOf(companyId, deliveryId)).returning())[0];

// Each attempt counts once, whatever another run recorded meanwhile.
export const recordAttempt = async (
  db: DbOrTx,
  companyId: number,
  deliveryId: number,
  values: Pick<WebhookDeliveryRow, 'state' | 'responseStatus' | 'durationMs' | 'lastError' | 'lastAttemptAt'>,
) =>
  (
    await db
      .update(webhookDeliveries)
      .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(deliveryOf(companyId, deliveryId))
      .returning()
  )[0];

export const adminIdsOf = async (db: DbOrTx, companyId: number) =>
  (await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.profile, 'admin')))).map((row) => row.id);

// The platform's housekeeping, across every company: up to `limit` finished deliveries made before
// `before`; a pending one (its job still queued) stays whatever its age. Answers how many went.
export const deleteFinishedDeliveriesBefore = async (db: DbOrTx, before: Date, limit: number) =>
  (
    await db
      .delete(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.id} in (select ${webhookDeliveries.id} from ${webhookDeliveries} where ${webhookDeliveries.state} in ('delivered', 'failed') and ${webhookDeliveries.createdAt} < ${before.toISOString()} limit ${limit})`,
      )
      .returning({ id: webhookDeliveries.id })
  ).length;
