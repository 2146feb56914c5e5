// AI prompts (02-operations §3 Prompt). apiKey and voiceKey hold AES-256-GCM ciphertexts
// (platform/secret-box.ts), never the keys themselves.
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { queues } from './queues.ts';

export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    voice: text('voice').notNull().default('texto'),
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: text('voice_region').notNull().default(''),
    maxTokens: integer('max_tokens').notNull().default(100),
    temperature: doublePrecision('temperature').notNull().default(1),
    maxMessages: integer('max_messages').notNull().default(10),
    apiKey: text('api_key').notNull(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompts_company_id_idx').on(t.companyId), index('prompts_queue_id_idx').on(t.queueId)],
);
