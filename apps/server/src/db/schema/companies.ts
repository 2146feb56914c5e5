import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { defaultServiceHours, type WeekdayServiceHours } from '@atende/shared/service-hours';
import { plans } from './plans.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    planId: integer('plan_id').references(() => plans.id),
    status: boolean('status').notNull().default(true),
    document: text('document').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    recurrence: text('recurrence').notNull().default('MENSAL'),
    paymentMethod: text('payment_method').notNull().default(''),
    // a custom plan bought at the checkout (03-saas §9): these limits replace the plan's until the
    // super admin puts the company on another plan
    customUsers: integer('custom_users'),
    customConnections: integer('custom_connections'),
    // service hours used when the company setting scheduleType is 'company' (03-saas §3)
    schedules: jsonb('schedules').$type<WeekdayServiceHours[]>().notNull().default(defaultServiceHours),
    // a company made by the public sign-up until its email is verified (issue 38 point 3): it
    // cannot be used, and it is removed when a day passes unverified
    awaitingVerification: boolean('awaiting_verification').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    // the company's upload folder, measured by the folder-stats job (03-saas §2 Companies screen)
    folderSize: bigint('folder_size', { mode: 'number' }).notNull().default(0),
    numberFileFolder: integer('number_file_folder').notNull().default(0),
    updatedAtFolder: timestamp('updated_at_folder', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_plan_id_idx').on(t.planId)],
);
