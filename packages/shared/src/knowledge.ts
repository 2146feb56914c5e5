// The copilot's knowledge (issue 42 point 1): articles a company writes or takes in from its file
// lists and quick messages, cut into passages that retrieval ranks in the database.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

// The PostgreSQL text search configurations an article may be written in; the server never passes
// any other name to to_tsvector.
export const KNOWLEDGE_LANGUAGES = ['portuguese', 'english', 'spanish', 'turkish', 'simple'] as const;
export type KnowledgeLanguage = (typeof KNOWLEDGE_LANGUAGES)[number];

export const isKnowledgeLanguage = (value: string): value is KnowledgeLanguage => (KNOWLEDGE_LANGUAGES as readonly string[]).includes(value);

// Retrieval answers at most this many passages, for a question cut to this many characters.
export const KNOWLEDGE_MAX_PASSAGES = 10;
export const KNOWLEDGE_QUESTION_MAX_CHARS = 1000;

// An article's text may be long (a taken-in document), but bounded: a larger one is refused with
// validation.tooLong, and a document taken in is cut to this.
export const KNOWLEDGE_BODY_MAX_CHARS = 100_000;
export const KNOWLEDGE_PAGE_SIZE = 20;
// how many passages the "try a question" box shows
export const KNOWLEDGE_TRY_PASSAGES = 5;

export const knowledgeSources = ['article', 'fileList', 'quickMessage'] as const;
export type KnowledgeSource = (typeof knowledgeSources)[number];

const language = z.enum(KNOWLEDGE_LANGUAGES);

export const knowledgeArticleSummary = z
  .object({
    id: z.number().int(),
    queueId: z.number().int().nullable(),
    source: z.enum(knowledgeSources),
    title: z.string(),
    language,
    // the start of the text, for the list
    excerpt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'KnowledgeArticleSummary' });
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummary>;

export const knowledgeArticleView = knowledgeArticleSummary.extend({ sourceId: z.number().int().nullable(), body: z.string() }).meta({ id: 'KnowledgeArticle' });
export type KnowledgeArticleView = z.infer<typeof knowledgeArticleView>;

export const knowledgePage = z
  .object({ records: z.array(knowledgeArticleSummary), count: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'KnowledgeArticlePage' });
export type KnowledgePage = z.infer<typeof knowledgePage>;

const queueField = z.number().int().positive().nullable();

const articleFields = {
  title: boundedText(1, 200),
  body: boundedText(1, KNOWLEDGE_BODY_MAX_CHARS),
  // null: for every queue
  queueId: queueField,
  language,
};

export const knowledgeArticleBody = z
  .object({ ...articleFields, queueId: queueField.default(null), language: language.default('portuguese') })
  .meta({ id: 'KnowledgeArticleBody' });
export type KnowledgeArticleBody = z.input<typeof knowledgeArticleBody>;

// PUT: the fields sent change, the others stay.
export const knowledgeArticleUpdateBody = z.object(articleFields).partial().meta({ id: 'KnowledgeArticleUpdateBody' });

export const knowledgePageQuery = z.object({ searchParam: searchParamQuery, pageNumber: pageNumberQuery });

// "Try a question": what retrieval would give the copilot for this question in this queue.
export const knowledgeSearchBody = z
  .object({ question: boundedText(1, KNOWLEDGE_QUESTION_MAX_CHARS), queueId: queueField.default(null) })
  .meta({ id: 'KnowledgeSearchBody' });
export type KnowledgeSearchBody = z.input<typeof knowledgeSearchBody>;

export const knowledgePassageView = z.object({ passageId: z.number().int(), articleId: z.number().int(), title: z.string(), text: z.string(), score: z.number() });
export type KnowledgePassageView = z.infer<typeof knowledgePassageView>;
export const knowledgeSearchAnswer = z.object({ passages: z.array(knowledgePassageView) }).meta({ id: 'KnowledgeSearchAnswer' });

// Taking in the sources runs in the background; the language is the one the taken-in articles get.
export const knowledgeIntakeBody = z.object({ language: language.default('portuguese') }).meta({ id: 'KnowledgeIntakeBody' });
export type KnowledgeIntakeBody = z.input<typeof knowledgeIntakeBody>;

// Why a document was not taken in: its file could not be opened, it is over the size cap, its PDF
// took longer or needed more memory than its reader may, it has no text, or it is not a readable
// PDF. The detail is the reader's own words (pdf.js's message, the limit passed).
export const KNOWLEDGE_UNREADABLE_REASONS = ['missing', 'tooLarge', 'tooSlow', 'tooMuchMemory', 'noText', 'broken'] as const;
export type KnowledgeUnreadableReason = (typeof KNOWLEDGE_UNREADABLE_REASONS)[number];

// What an intake did: sent on company-{id}-knowledge to whoever started it, and kept, the last one,
// for the screen to show after a reload.
export const knowledgeIntakeReport = z
  .object({
    finishedAt: z.string(),
    quickMessages: z.number().int(),
    documents: z.number().int(),
    // articles whose quick message or document is gone, removed with it
    removed: z.number().int(),
    unreadable: z.array(z.object({ name: z.string(), reason: z.enum(KNOWLEDGE_UNREADABLE_REASONS), detail: z.string() })),
  })
  .meta({ id: 'KnowledgeIntakeReport' });
export type KnowledgeIntakeReport = z.infer<typeof knowledgeIntakeReport>;

export const knowledgeIntakeState = z
  .object({ state: z.enum(['idle', 'waiting', 'running']), last: knowledgeIntakeReport.nullable() })
  .meta({ id: 'KnowledgeIntakeState' });
export type KnowledgeIntakeState = z.infer<typeof knowledgeIntakeState>;

const articleParams = z.object({ articleId: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

// issue 42 point 1: the knowledge screen's calls (plan flag useOpenAi, the admin screens' permission)
export const knowledgeEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/knowledge',
    query: knowledgePageQuery,
    response: knowledgePage,
    operationId: 'listKnowledgeArticles',
    summary: "A page of the company's knowledge articles, searched by title and text, newest first",
  }),
  show: defineEndpoint({ method: 'GET', path: '/knowledge/:articleId', params: articleParams, response: knowledgeArticleView, operationId: 'showKnowledgeArticle', summary: 'One knowledge article', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/knowledge',
    body: knowledgeArticleBody,
    response: knowledgeArticleView,
    status: 201,
    operationId: 'createKnowledgeArticle',
    summary: 'Adds a knowledge article, cut into passages for retrieval',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/knowledge/:articleId',
    params: articleParams,
    body: knowledgeArticleUpdateBody,
    response: knowledgeArticleView,
    operationId: 'updateKnowledgeArticle',
    summary: 'Changes a knowledge article; fields left out are kept',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/knowledge/:articleId',
    params: articleParams,
    response: null,
    status: 204,
    operationId: 'deleteKnowledgeArticle',
    summary: 'Removes a knowledge article and its passages',
    errors: notFound,
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/knowledge/search',
    body: knowledgeSearchBody,
    response: knowledgeSearchAnswer,
    operationId: 'searchKnowledge',
    summary: 'The passages retrieval gives the copilot for a question in a queue',
  }),
  intakeState: defineEndpoint({
    method: 'GET',
    path: '/knowledge/intake',
    response: knowledgeIntakeState,
    operationId: 'knowledgeIntakeState',
    summary: "Whether taking in the sources is waiting or running, and the last intake's report",
  }),
  intake: defineEndpoint({
    method: 'POST',
    path: '/knowledge/intake',
    body: knowledgeIntakeBody,
    response: knowledgeIntakeState,
    operationId: 'startKnowledgeIntake',
    summary: "Takes in the company's shared quick messages and its file lists' PDFs and text documents, in the background",
  }),
};
