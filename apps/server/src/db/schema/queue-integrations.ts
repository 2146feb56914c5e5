// Queue integrations (02-operations §3 Queue integration). jsonContent holds an AES-256-GCM
// ciphertext of the service account (platform/secret-box.ts), or ''.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['dialogflow', 'n8n', 'webhook', 'typebot'] }).notNull(),
    name: text('name').notNull(),
    projectName: text('project_name').notNull().default(''),
    jsonContent: text('json_content').notNull().default(''),
    language: text('language').notNull().default('pt-BR'),
    urlN8N: text('url_n8n').notNull().default(''),
    typebotSlug: text('typebot_slug').notNull().default(''),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotKeywordFinish: text('typebot_keyword_finish').notNull().default(''),
    typebotKeywordRestart: text('typebot_keyword_restart').notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_integrations_company_id_idx').on(t.companyId)],
);
