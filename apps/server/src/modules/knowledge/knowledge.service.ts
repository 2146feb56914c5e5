// The knowledge screen (issue 42 point 1): a company's articles, the "try a question" search that
// answers what retrieval gives the copilot, and the intake of its sources in the background.
import {
  KNOWLEDGE_PAGE_SIZE,
  KNOWLEDGE_TRY_PASSAGES,
  type KnowledgeIntakeState,
  type knowledgeArticleBody,
  type knowledgeArticleUpdateBody,
  type KnowledgeLanguage,
  type knowledgeIntakeBody,
  type knowledgePageQuery,
  type knowledgeSearchBody,
} from '@atende/shared/knowledge';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { readLastIntakeReport } from './knowledge-intake-report.repo.ts';
import { enqueueKnowledgeIntake, unfinishedKnowledgeIntake } from './knowledge-intake.jobs.ts';
import { retrievePassages } from './knowledge-retrieval.repo.ts';
import * as repo from './knowledge.repo.ts';
import { toArticleSummary, toArticleView } from './knowledge.view.ts';

const articleNotFound = () => notFound('ERR_NOT_FOUND');

export const createKnowledgeService = ({ db }: { db: Db }) => {
  const checkQueue = async (companyId: number, queueId: number | null | undefined, path: string) => {
    if (queueId != null && !(await findQueue(db, companyId, queueId))) throw invalidField(path, 'knowledge.queueNotFound');
  };

  return {
    page: async (tenant: TenantContext, query: z.output<typeof knowledgePageQuery>) => {
      const offset = (query.pageNumber - 1) * KNOWLEDGE_PAGE_SIZE;
      const page = await repo.pageArticles(db, tenant.companyId, { search: query.searchParam.trim(), limit: KNOWLEDGE_PAGE_SIZE, offset });
      return { records: page.rows.map(toArticleSummary), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    show: async (tenant: TenantContext, articleId: number) => {
      const row = await repo.findArticle(db, tenant.companyId, articleId);
      if (!row) throw articleNotFound();
      return toArticleView(row);
    },

    create: async (tenant: TenantContext, body: z.output<typeof knowledgeArticleBody>) => {
      await checkQueue(tenant.companyId, body.queueId, 'body.queueId');
      const row = await repo.saveArticle(db, tenant.companyId, { ...body, source: 'article', sourceId: null });
      if (!row) throw new Error('knowledge article not written');
      return toArticleView(row);
    },

    update: async (tenant: TenantContext, articleId: number, body: z.output<typeof knowledgeArticleUpdateBody>) => {
      const current = await repo.findArticle(db, tenant.companyId, articleId);
      if (!current) throw articleNotFound();
      await checkQueue(tenant.companyId, body.queueId, 'body.queueId');
      const row = await repo.saveArticle(
        db,
        tenant.companyId,
        {
          queueId: body.queueId === undefined ? current.queueId : body.queueId,
          source: current.source,
          sourceId: current.sourceId,
          title: body.title ?? current.title,
          body: body.body ?? current.body,
          language: body.language ?? (current.language as KnowledgeLanguage),
        },
        articleId,
      );
      if (!row) throw articleNotFound();
      return toArticleView(row);
    },

    remove: async (tenant: TenantContext, articleId: number) => {
      if (!(await repo.deleteArticle(db, tenant.companyId, articleId))) throw articleNotFound();
    },

    search: async (tenant: TenantContext, body: z.output<typeof knowledgeSearchBody>) => {
      await checkQueue(tenant.companyId, body.queueId, 'body.queueId');
      return { passages: await retrievePassages(db, tenant.companyId, { queueId: body.queueId, text: body.question, limit: KNOWLEDGE_TRY_PASSAGES }) };
    },

    intakeState: async (tenant: TenantContext): Promise<KnowledgeIntakeState> => {
      const job = await unfinishedKnowledgeIntake(db, tenant.companyId);
      return { state: job?.state === 'running' ? 'running' : job ? 'waiting' : 'idle', last: await readLastIntakeReport(db, tenant.companyId) };
    },

    startIntake: async (tenant: TenantContext, body: z.output<typeof knowledgeIntakeBody>): Promise<KnowledgeIntakeState> => {
      await enqueueKnowledgeIntake(db, tenant.companyId, tenant.userId, body.language);
      return { state: 'waiting', last: await readLastIntakeReport(db, tenant.companyId) };
    },
  };
};

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
