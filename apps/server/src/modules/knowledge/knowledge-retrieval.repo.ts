// Retrieval of the passages that fit a question (issue 42 point 1), all in the database: full-text
// rank in each article's own language plus trigram word similarity, so a question finds a passage
// through stemming ("prazos" finds "prazo") and through a misspelt word alike, with no vector service.
import { sql } from 'drizzle-orm';
import { KNOWLEDGE_LANGUAGES, KNOWLEDGE_MAX_PASSAGES, KNOWLEDGE_QUESTION_MAX_CHARS } from '@atende/shared/knowledge';
import type { DbOrTx } from '../../db/client.ts';

export type RetrievedPassage = { passageId: number; articleId: number; title: string; text: string; score: number };

type Rows<T> = { rows: T[] };

// The question's words OR-ed, not AND-ed as plainto_tsquery has them, so a passage answering part of
// a long question still matches; ts_rank then favours the passages that match more of its words.
const orQuery = (language: string, question: string) =>
  sql`(select replace(plainto_tsquery(${language}::regconfig, ${question})::text, ' & ', ' | ')::tsquery)`;

// One query per configuration, each computed once, chosen by the article's language.
const queryInArticleLanguage = (question: string) =>
  sql`case a.language ${sql.join(
    KNOWLEDGE_LANGUAGES.map((language) => sql`when ${language} then ${orQuery(language, question)}`),
    sql` `,
  )} end`;

// Every language's query OR-ed: a constant the GIN index on the passages' tsvector can take, so only
// candidate passages are ranked; the rank and the final match use the article's own language.
const queryInAnyLanguage = (question: string) => sql.join(
  KNOWLEDGE_LANGUAGES.map((language) => orQuery(language, question)),
  sql` || `,
);

// the trigram signal counts less than a full-text match, enough to lift a misspelt word's passage
const SIMILARITY_WEIGHT = 0.5;

export const retrievePassages = async (
  db: DbOrTx,
  companyId: number,
  options: { queueId: number | null; text: string; limit: number },
): Promise<RetrievedPassage[]> => {
  const question = options.text.slice(0, KNOWLEDGE_QUESTION_MAX_CHARS).trim();
  const limit = Math.min(Math.max(Math.trunc(options.limit), 0), KNOWLEDGE_MAX_PASSAGES);
  if (!question || limit === 0) return [];
  const queue = options.queueId === null ? sql`a.queue_id is null` : sql`(a.queue_id is null or a.queue_id = ${options.queueId})`;
  const { rows } = (await db.execute(sql`
    select passage_id as "passageId", article_id as "articleId", title, text, score
    from (
      select p.id as passage_id, p.article_id, a.title, p.text,
        (ts_rank(p.search, q.query) + ${SIMILARITY_WEIGHT} * word_similarity(${question}, p.text))::float8 as score,
        p.search @@ q.query or ${question} <% p.text as matches
      from knowledge_passages p
      join knowledge_articles a on a.id = p.article_id and a.company_id = ${companyId}
      cross join lateral (select ${queryInArticleLanguage(question)} as query) q
      where p.company_id = ${companyId} and ${queue}
        and (p.search @@ (${queryInAnyLanguage(question)}) or ${question} <% p.text)
    ) ranked
    where matches
    order by score desc, passage_id
    limit ${limit}
  `)) as unknown as Rows<RetrievedPassage>;
  return rows.map((row) => ({ ...row, passageId: Number(row.passageId), articleId: Number(row.articleId), score: Number(row.score) }));
};
