import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { queues } from './queues.ts';

const toggle = (name: string, fallback: 'enabled' | 'disabled') =>
  text(name, { enum: ['enabled', 'disabled'] }).notNull().default(fallback);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // set on the super admin whose first password was generated and printed at the first start:
    // it must be replaced before anything else (issue 11 point 5)
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    profile: text('profile', { enum: ['admin', 'user'] }).notNull().default('user'),
    super: boolean('super').notNull().default(false),
    profileImage: text('profile_image'),
    startWork: text('start_work').notNull().default('00:00'),
    endWork: text('end_work').notNull().default('23:59'),
    farewellMessage: text('farewell_message').notNull().default(''),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    defaultTheme: text('default_theme', { enum: ['light', 'dark'] }).notNull().default('light'),
    defaultMenu: text('default_menu', { enum: ['open', 'closed'] }).notNull().default('open'),
    defaultTicketsManagerWidth: integer('default_tickets_manager_width').notNull().default(550),
    color: text('color').notNull().default('#7c7c7c'),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    allTicket: toggle('all_ticket', 'disabled'),
    allowGroup: toggle('allow_group', 'disabled'),
    allHistoric: toggle('all_historic', 'disabled'),
    allUserChat: toggle('all_user_chat', 'disabled'),
    userClosePendingTicket: toggle('user_close_pending_ticket', 'enabled'),
    showDashboard: toggle('show_dashboard', 'disabled'),
    allowRealTime: toggle('allow_real_time', 'disabled'),
    allowConnections: toggle('allow_connections', 'disabled'),
    // set while an invitation waits for its user to choose a password (issue 38 point 3): the
    // user cannot sign in until then
    // issue 40 point 4: at most this many open tickets assigned automatically; null: no limit
    capacity: integer('capacity'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    // two-factor sign-in (issue 38 point 4): the TOTP secret (a secret-box ciphertext), set at
    // enrolment and in force once a first code confirmed it; the last time step accepted, so a
    // code is accepted once
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // sign-in is by email alone, so an email is unique across companies
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_name_idx').on(t.companyId, t.name),
  ],
);

export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_id_idx').on(t.queueId)],
);
