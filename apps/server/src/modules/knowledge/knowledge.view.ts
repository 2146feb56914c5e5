import type { KnowledgeArticleSummary, KnowledgeArticleView, KnowledgeLanguage } from '@atende/shared/knowledge';
import type { KnowledgeArticleRow } from './knowledge.repo.ts';

const EXCERPT_CHARS = 160;

export const toArticleSummary = (row: KnowledgeArticleRow): KnowledgeArticleSummary => ({
  id: row.id,
  queueId: row.queueId,
  source: row.source,
  title: row.title,
  language: row.language as KnowledgeLanguage,
  excerpt: row.body.slice(0, EXCERPT_CHARS),
  updatedAt: row.updatedAt.toISOString(),
});

export const toArticleView = (row: KnowledgeArticleRow): KnowledgeArticleView => ({ ...toArticleSummary(row), sourceId: row.sourceId, body: row.body });
