// Teams that run on rules (issue 40): automation rules, macros, SLA policies and the SLA targets
// each ticket is measured against. Conditions and actions are JSON in the shapes packages/shared
// describes, checked by its schemas on every write.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { queues } from './queues.ts';
import { ticketPriorities, tickets } from './tickets.ts';
import { users } from './users.ts';

export const automationTriggers = ['ticketCreated', 'messageReceived', 'ticketUpdated', 'ticketIdle', 'ticketClosed', 'slaBreached'] as const;

export const automationRules = pgTable(
  'automation_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    trigger: text('trigger', { enum: automationTriggers }).notNull(),
    // for ticketIdle: the minutes without a message after which the rule runs
    idleMinutes: integer('idle_minutes'),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull(),
    // rules of one trigger run in this order (then by id)
    position: integer('position').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastTicketId: integer('last_ticket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_rules_company_trigger_idx').on(t.companyId, t.trigger, t.position)],
);

// One row per rule and event it ran for: a rule runs at most once per event, whatever retries or
// a second process do.
export const automationRuleRuns = pgTable(
  'automation_rule_runs',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id'),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.eventKey] }), index('automation_rule_runs_ran_at_idx').on(t.ranAt)],
);

// userId null: shared with the company; else the user's own
export const macros = pgTable(
  'macros',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macros_company_user_idx').on(t.companyId, t.userId)],
);

export const slaHoursModes = ['calendar', 'service'] as const;

// A queue's targets (queueId null: the company's default), optionally for one priority only.
export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    priority: text('priority', { enum: ticketPriorities }),
    firstResponseMinutes: integer('first_response_minutes'),
    nextResponseMinutes: integer('next_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    hoursMode: text('hours_mode', { enum: slaHoursModes }).notNull().default('calendar'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sla_policies_company_queue_idx').on(t.companyId, t.queueId)],
);

export const slaTargetKinds = ['firstResponse', 'nextResponse', 'resolution'] as const;

// Each time a ticket must be answered or resolved by a moment: met when it was in time, breached
// (once) when the moment passed first. The report's hit rate is met / (met + breached).
export const slaTargets = pgTable(
  'sla_targets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: slaTargetKinds }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    metAt: timestamp('met_at', { withTimezone: true }),
    breachedAt: timestamp('breached_at', { withTimezone: true }),
    // who and where the ticket was when the target was met or breached, for the report
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sla_targets_ticket_kind_due_key').on(t.ticketId, t.kind, t.dueAt),
    index('sla_targets_company_created_idx').on(t.companyId, t.createdAt),
    index('sla_targets_open_due_idx').on(t.dueAt),
  ],
);
