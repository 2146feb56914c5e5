import { boolean, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    users: integer('users').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    queues: integer('queues').notNull().default(0),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
    isPublic: boolean('is_public').notNull().default(true),
    useWhatsapp: boolean('use_whatsapp').notNull().default(true),
    useFacebook: boolean('use_facebook').notNull().default(true),
    useInstagram: boolean('use_instagram').notNull().default(true),
    useCampaigns: boolean('use_campaigns').notNull().default(true),
    useSchedules: boolean('use_schedules').notNull().default(true),
    useInternalChat: boolean('use_internal_chat').notNull().default(true),
    useExternalApi: boolean('use_external_api').notNull().default(true),
    useKanban: boolean('use_kanban').notNull().default(true),
    useOpenAi: boolean('use_open_ai').notNull().default(true),
    useIntegrations: boolean('use_integrations').notNull().default(true),
    // automation rules, macros and SLA policies (issue 40)
    useAutomation: boolean('use_automation').notNull().default(true),
    // the channels of issue 41, each a connection kind a plan may leave out
    useTelegram: boolean('use_telegram').notNull().default(true),
    useWebchat: boolean('use_webchat').notNull().default(true),
    useEmail: boolean('use_email').notNull().default(true),
    // the copilot's monthly token allowance per company (issue 42); null: no limit
    aiMonthlyTokens: integer('ai_monthly_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_name_key').on(t.name)],
);
