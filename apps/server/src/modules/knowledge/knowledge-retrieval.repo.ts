// Retrieval of the passages that fit a question (issue 42 point 1), all in the database: full-text
// rank in each article's own language plus trigram word similarity, so a question finds a passage
// through stemming ("prazos" finds "prazo") and through a misspelt word alike, with no vector service.
import { sql, type SQL } from 'drizzle-orm';
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
// the full-text matches re-ranked with the trigram signal: word_similarity over a long passage is
// the costly part, so it is computed for these only
const FULL_TEXT_CANDIDATES = 50;

type Scope = { companyId: number; queue: SQL };

// Passages matching the question's words in their article's language, best first. The matches
// are taken through the GIN index once, before the articles are joined: with the join first, the
// planner may scan the index again for every article.
const fullTextMatches = async (db: DbOrTx, scope: Scope, question: string, limit: number) => {
  const { rows } = (await db.execute(sql`
    with matched as materialized (
      select p.id, p.article_id, p.text, p.search
      from knowledge_passages p
      where p.company_id = ${scope.companyId} and p.search @@ (${queryInAnyLanguage(question)})
    ),
    candidates as materialized (
      select p.id as passage_id, p.article_id, a.title, p.text, ts_rank(p.search, q.query) as rank
      from matched p
      join knowledge_articles a on a.id = p.article_id and a.company_id = ${scope.companyId}
      cross join lateral (select ${queryInArticleLanguage(question)} as query) q
      where ${scope.queue} and p.search @@ q.query
      order by rank desc, p.id
      limit ${FULL_TEXT_CANDIDATES}
    )
    select passage_id as "passageId", article_id as "articleId", title, text,
      (rank + ${SIMILARITY_WEIGHT} * word_similarity(${question}, text))::float8 as score
    from candidates
    order by score desc, passage_id
    limit ${limit}
  `)) as unknown as Rows<RetrievedPassage>;
  return rows;
};

// Passages whose words are close to the question's (a misspelt word), when the words themselves
// found too few; pg_trgm's word similarity threshold (<%) picks them through the trigram index.
const trigramMatches = async (db: DbOrTx, scope: Scope, question: string, limit: number, except: number[]) => {
  const { rows } = (await db.execute(sql`
    with near as materialized (
      select p.id, p.article_id, p.text
      from knowledge_passages p
      where p.company_id = ${scope.companyId} and ${question} <% p.text
      ${except.length ? sql`and p.id not in (${sql.join(except.map((id) => sql`${id}`), sql`, `)})` : sql``}
    )
    select p.id as "passageId", p.article_id as "articleId", a.title, p.text,
      (${SIMILARITY_WEIGHT} * word_similarity(${question}, p.text))::float8 as score
    from near p
    join knowledge_articles a on a.id = p.article_id and a.company_id = ${scope.companyId}
    where ${scope.queue}
    order by score desc, p.id
    limit ${limit}
  `)) as unknown as Rows<RetrievedPassage>;
  return rows;
};

export const retrievePassages = async (
  db: DbOrTx,
  companyId: number,
  options: { queueId: number | null; text: string; limit: number },
): Promise<RetrievedPassage[]> => {
  const question = options.text.slice(0, KNOWLEDGE_QUESTION_MAX_CHARS).trim();
  const limit = Math.min(Math.max(Math.trunc(options.limit), 0), KNOWLEDGE_MAX_PASSAGES);
  if (!question || limit === 0) return [];
  const queue = options.queueId === null ? sql`a.queue_id is null` : sql`(a.queue_id is null or a.queue_id = ${options.queueId})`;
  const scope = { companyId, queue };
  const found = await fullTextMatches(db, scope, question, limit);
  const similar =
    found.length < limit
      ? await trigramMatches(
          db,
          scope,
          question,
          limit - found.length,
          found.map((row) => Number(row.passageId)),
        )
      : [];
  return [...found, ...similar]
    .map((row) => ({ ...row, passageId: Number(row.passageId), articleId: Number(row.articleId), score: Number(row.score) }))
    .sort((a, b) => b.score - a.score || a.passageId - b.passageId);
};
