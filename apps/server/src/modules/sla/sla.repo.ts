// SLA policies and the targets tickets are measured against (issue 40 point 3). A target's metAt is
// when it was answered (or its ticket closed); breachedAt when its due moment passed first, so a
// target answered late has both and only one with metAt alone was met in time.
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { companySettingDefaults } from '@atende/shared/settings';
import type { SlaPolicyInput, SlaPolicyUpdateBody } from '@atende/shared/sla';
import type { SlaTargetKind, TicketSlaView } from '@atende/shared/sla-view';
import type { TicketPriority } from '@atende/shared/tickets';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { slaPolicies, slaTargets } from '../../db/schema/automation.ts';
import { companies } from '../../db/schema/companies.ts';
import { planAllowsAutomation } from '../automation-triggers/automation-triggers.repo.ts';
import { connections } from '../../db/schema/connections.ts';
import { messages } from '../../db/schema/messages.ts';
import { queues } from '../../db/schema/queues.ts';
import { companySettings } from '../../db/schema/settings.ts';
import { tickets } from '../../db/schema/tickets.ts';

export type SlaPolicyRow = typeof slaPolicies.$inferSelect;
export type SlaTargetRow = typeof slaTargets.$inferSelect;

const isoText = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The open target nearest its due moment of the statement's ticket: what its chip counts down to,
// as the ticket view carries it (tickets.repo.ts). The (ticket, kind, due) index finds the rows.
export const nearestOpenTargetOf = (ticketId: AnyColumn) => sql<TicketSlaView | null>`(
  select json_build_object('kind', ${slaTargets.kind}, 'dueAt', ${isoText(slaTargets.dueAt)}, 'startedAt', ${isoText(slaTargets.createdAt)},
    'breached', ${slaTargets.breachedAt} is not null)
  from ${slaTargets}
  where ${slaTargets.ticketId} = ${ticketId} and ${slaTargets.metAt} is null
  order by ${slaTargets.dueAt}, ${slaTargets.id}
  limit 1)`;

const policyOf = (companyId: number, policyId: number) => and(eq(slaPolicies.companyId, companyId), eq(slaPolicies.id, policyId));

export const listPolicies = (db: DbOrTx, companyId: number) =>
  db.select().from(slaPolicies).where(eq(slaPolicies.companyId, companyId)).orderBy(asc(slaPolicies.name), asc(slaPolicies.id));

export const findPolicy = async (db: DbOrTx, companyId: number, policyId: number) =>
  (await db.select().from(slaPolicies).where(policyOf(companyId, policyId)).limit(1))[0];

export const insertPolicy = async (db: DbOrTx, companyId: number, values: SlaPolicyInput) =>
  (await db.insert(slaPolicies).values({ ...values, companyId }).returning())[0];

export const updatePolicy = async (db: DbOrTx, companyId: number, policyId: number, values: SlaPolicyUpdateBody) =>
  (
    await db
      .update(slaPolicies)
      .set({ ...values, updatedAt: new Date() })
      .where(policyOf(companyId, policyId))
      .returning()
  )[0];

export const deletePolicy = async (db: DbOrTx, companyId: number, policyId: number) =>
  (await db.delete(slaPolicies).where(policyOf(companyId, policyId)).returning({ id: slaPolicies.id })).length > 0;

// The policy a ticket in this queue with this priority follows: the queue's own before the
// company default, one for its priority before one for every priority; none on a plan without
// automation.
export const policyFor = async (db: DbOrTx, companyId: number, queueId: number | null, priority: TicketPriority) =>
  (
    await db
      .select()
      .from(slaPolicies)
      .where(
        and(
          eq(slaPolicies.companyId, companyId),
          eq(slaPolicies.active, true),
          queueId === null ? isNull(slaPolicies.queueId) : or(eq(slaPolicies.queueId, queueId), isNull(slaPolicies.queueId)),
          or(eq(slaPolicies.priority, priority), isNull(slaPolicies.priority)),
          planAllowsAutomation(companyId),
        ),
      )
      .orderBy(sql`${slaPolicies.queueId} is null`, sql`${slaPolicies.priority} is null`, asc(slaPolicies.id))
      .limit(1)
  )[0];

export const queueOfCompanyExists = async (db: DbOrTx, companyId: number, queueId: number) =>
  (await db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId))).limit(1)).length > 0;

// What setting a ticket's targets reads of it: where it is, its priority, and since when it exists.
export const findTicketForSla = async (db: DbOrTx, companyId: number, ticketId: number) =>
  (
    await db
      .select({
        id: tickets.id,
        status: tickets.status,
        userId: tickets.userId,
        isGroup: tickets.isGroup,
        queueId: tickets.queueId,
        whatsappId: tickets.whatsappId,
        priority: tickets.priority,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .limit(1)
  )[0];

// The service hours chosen by the company's scheduleType (03-saas §3), as the bot reads them;
// none when service hours are off. Stored rows override the settings' defaults.
export const serviceHoursOf = async (db: DbOrTx, companyId: number, ticket: { queueId: number | null; whatsappId: number | null }): Promise<WeekdayServiceHours[]> => {
  const [setting] = await db
    .select({ value: companySettings.value })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, 'scheduleType')));
  const scheduleType = setting?.value ?? companySettingDefaults.scheduleType;
  const first = async (rows: Promise<{ schedules: WeekdayServiceHours[] }[]>) => (await rows)[0]?.schedules ?? [];
  if (scheduleType === 'company') return first(db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId)));
  if (scheduleType === 'connection' && ticket.whatsappId !== null) {
    return first(db.select({ schedules: connections.schedules }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, ticket.whatsappId))));
  }
  if (scheduleType === 'queue' && ticket.queueId !== null) {
    return first(db.select({ schedules: queues.schedules }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, ticket.queueId))));
  }
  return [];
};

export type NewSlaTarget = { companyId: number; ticketId: number; policyId: number; kind: SlaTargetKind; dueAt: Date; createdAt: Date };

// the same target (ticket, kind, due moment) twice is one
export const insertTargets = (db: DbOrTx, targets: NewSlaTarget[]) =>
  targets.length === 0 ? Promise.resolve([]) : db.insert(slaTargets).values(targets).onConflictDoNothing().returning();

export const targetsOfTicket = (db: DbOrTx, ticketId: number) =>
  db.select().from(slaTargets).where(eq(slaTargets.ticketId, ticketId)).orderBy(asc(slaTargets.dueAt), asc(slaTargets.id));

// whether a user (not the bot) has answered the customer on this ticket
export const hasAttendantReply = async (db: DbOrTx, ticketId: number) =>
  (
    await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true), isNotNull(messages.userId), eq(messages.isPrivate, false)))
      .limit(1)
  ).length > 0;

// Ends the ticket's open targets of these kinds, with who and where the ticket was then.
export const meetTargets = (db: DbOrTx, ticketId: number, kinds: readonly SlaTargetKind[], at: Date) =>
  db
    .update(slaTargets)
    .set({
      metAt: at,
      userId: sql`coalesce(${slaTargets.userId}, (select ${tickets.userId} from ${tickets} where ${tickets.id} = ${ticketId}))`,
      queueId: sql`coalesce(${slaTargets.queueId}, (select ${tickets.queueId} from ${tickets} where ${tickets.id} = ${ticketId}))`,
    })
    .where(and(eq(slaTargets.ticketId, ticketId), inArray(slaTargets.kind, [...kinds]), isNull(slaTargets.metAt)))
    .returning({ id: slaTargets.id });

// Records the breach once: a target already met, or already breached, is left as it is, and so is
// one of a company whose plan has lost automation since the target was set.
export const breachTarget = async (db: DbOrTx, companyId: number, targetId: number, at: Date) =>
  (
    await db
      .update(slaTargets)
      .set({ breachedAt: at, userId: tickets.userId, queueId: tickets.queueId })
      .from(tickets)
      .where(
        and(
          eq(slaTargets.companyId, companyId),
          eq(slaTargets.id, targetId),
          isNull(slaTargets.breachedAt),
          isNull(slaTargets.metAt),
          eq(tickets.id, slaTargets.ticketId),
          planAllowsAutomation(companyId),
        ),
      )
      .returning({ id: slaTargets.id, ticketId: slaTargets.ticketId, kind: slaTargets.kind, dueAt: slaTargets.dueAt, ownerId: tickets.userId })
  )[0];
