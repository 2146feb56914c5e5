// The copilot's knowledge (issue 42): what a company knows, as articles written on the knowledge
// screen or taken in from its file lists' documents and its quick messages, each cut into passages
// that retrieval ranks in the database (full-text search in the article's language plus trigram
// similarity), so no vector service is needed.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { queues } from './queues.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // null: for every queue; a deleted queue's articles become the company's
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    // where it came from: written here, a file list option's document, or a quick message
    source: text('source', { enum: ['article', 'fileList', 'quickMessage'] }).notNull().default('article'),
    // the file list option's or the quick message's id, so taking them in again updates, not doubles
    sourceId: integer('source_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // a PostgreSQL text search configuration name ('portuguese', 'english', 'spanish', 'turkish', 'simple')
    language: text('language').notNull().default('simple'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_articles_company_idx').on(t.companyId, t.updatedAt),
    uniqueIndex('knowledge_articles_source_uq').on(t.companyId, t.source, t.sourceId).where(sql`${t.sourceId} is not null`),
  ],
);

export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    // to_tsvector(article language, title + passage), written by the repo with the passage
    search: tsvector('search').notNull(),
  },
  (t) => [
    index('knowledge_passages_article_idx').on(t.articleId, t.position),
    index('knowledge_passages_search_idx').using('gin', t.search),
    index('knowledge_passages_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
  ],
);

// One row per copilot call, with the tokens the API itself counted: the admin's monthly figures
// per company and user, and the plan's monthly limit, are sums over these.
export const aiCalls = pgTable(
  'ai_calls',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // suggest, summary, rewrite, translate, transferSummary
    feature: text('feature').notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_calls_company_created_idx').on(t.companyId, t.createdAt)],
);
