import { knowledgeEndpoints, type KnowledgeArticleBody, type knowledgeArticleUpdateBody, type KnowledgeIntakeBody, type KnowledgeSearchBody } from '@atende/shared/knowledge';
import type { z } from 'zod';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const knowledgeApi = {
  page: (search: string, pageNumber: number) => callEndpoint(knowledgeEndpoints.page, { query: { searchParam: search, pageNumber } }),
  get: (id: number) => callEndpoint(knowledgeEndpoints.show, { params: { articleId: id } }),
  create: (body: KnowledgeArticleBody) => callEndpoint(knowledgeEndpoints.create, { body }),
  update: (id: number, body: z.input<typeof knowledgeArticleUpdateBody>) => callEndpoint(knowledgeEndpoints.update, { params: { articleId: id }, body }),
  remove: (id: number) => callEndpoint(knowledgeEndpoints.remove, { params: { articleId: id } }),
  search: (body: KnowledgeSearchBody) => callEndpoint(knowledgeEndpoints.search, { body }),
  intakeState: () => callEndpoint(knowledgeEndpoints.intakeState),
  startIntake: (body: KnowledgeIntakeBody) => callEndpoint(knowledgeEndpoints.intake, { body }),
};

export const knowledgeQueryKeys = {
  all: ['knowledge'] as const,
  pages: (search: string) => ['knowledge', 'pages', search] as const,
  one: (id: number) => ['knowledge', 'one', id] as const,
  intake: ['knowledge', 'intake'] as const,
};
