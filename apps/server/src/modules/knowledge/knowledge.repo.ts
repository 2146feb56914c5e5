// Knowledge articles and their passages (issue 42 point 1). An article is written with its passages in
// one transaction, so retrieval never sees an article half cut.
import { and, count, desc, eq, ilike, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { isKnowledgeLanguage, type KnowledgeLanguage } from '@atende/shared/knowledge';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { knowledgeArticles, knowledgePassages } from '../../db/schema.ts';
import { splitIntoPassages } from './knowledge-passages.ts';

export type KnowledgeArticleRow = typeof knowledgeArticles.$inferSelect;
export type KnowledgeArticleInput = {
  queueId: number | null;
  source: KnowledgeArticleRow['source'];
  // with a source other than 'article': the record it came from, so taking it in again updates it
  sourceId: number | null;
  title: string;
  body: string;
  language: KnowledgeLanguage;
};

const writePassages = async (db: DbOrTx, article: KnowledgeArticleRow, language: KnowledgeLanguage) => {
  await db.delete(knowledgePassages).where(and(eq(knowledgePassages.companyId, article.companyId), eq(knowledgePassages.articleId, article.id)));
  const passages = splitIntoPassages(article.body);
  if (passages.length === 0) return;
  await db.insert(knowledgePassages).values(
    passages.map((text, position) => ({
      companyId: article.companyId,
      articleId: article.id,
      position,
      text,
      // the language is a bound parameter cast to a configuration, never spliced into the SQL
      search: sql`to_tsvector(${language}::regconfig, ${article.title} || ' ' || ${text})`,
    })),
  );
};

const upsertArticle = async (db: DbOrTx, companyId: number, input: KnowledgeArticleInput, id: number | undefined) => {
  const values = { ...input, companyId, updatedAt: sql`now()` };
  if (id !== undefined) {
    const [row] = await db
      .update(knowledgeArticles)
      .set(values)
      .where(and(eq(knowledgeArticles.companyId, companyId), eq(knowledgeArticles.id, id)))
      .returning();
    return row;
  }
  if (input.sourceId === null) {
    const [row] = await db.insert(knowledgeArticles).values(values).returning();
    return row;
  }
  const [row] = await db
    .insert(knowledgeArticles)
    .values(values)
    .onConflictDoUpdate({
      target: [knowledgeArticles.companyId, knowledgeArticles.source, knowledgeArticles.sourceId],
      targetWhere: sql`${knowledgeArticles.sourceId} is not null`,
      set: { queueId: values.queueId, title: values.title, body: values.body, language: values.language, updatedAt: values.updatedAt },
    })
    .returning();
  return row;
};

// Creates an article (or, with a source id, creates or updates the one taken in from that record),
// or updates the company's article `id`; answers undefined when `id` is not one of the company's.
export const saveArticle = async (db: DbOrTx, companyId: number, input: KnowledgeArticleInput, id?: number) => {
  if (!isKnowledgeLanguage(input.language)) throw new Error(`not a knowledge language: ${String(input.language)}`);
  return db.transaction(async (tx) => {
    const article = await upsertArticle(tx, companyId, input, id);
    if (article) await writePassages(tx, article, input.language);
    return article;
  });
};

const ofCompany = (companyId: number, id?: number) => and(eq(knowledgeArticles.companyId, companyId), id === undefined ? undefined : eq(knowledgeArticles.id, id));

export const pageArticles = async (db: DbOrTx, companyId: number, page: { search: string; limit: number; offset: number }) => {
  const pattern = containsPattern(page.search);
  const where = and(ofCompany(companyId), page.search ? or(ilike(knowledgeArticles.title, pattern), ilike(knowledgeArticles.body, pattern)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(knowledgeArticles).where(where).orderBy(desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(knowledgeArticles).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const findArticle = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select().from(knowledgeArticles).where(ofCompany(companyId, id)).limit(1);
  return row;
};

export const deleteArticle = async (db: DbOrTx, companyId: number, id: number) =>
  (await db.delete(knowledgeArticles).where(ofCompany(companyId, id)).returning({ id: knowledgeArticles.id })).length > 0;

// Removes the articles taken in from a source whose record is no longer among `keptSourceIds`.
export const deleteArticlesOfGoneSources = async (db: DbOrTx, companyId: number, source: Exclude<KnowledgeArticleRow['source'], 'article'>, keptSourceIds: number[]) =>
  (
    await db
      .delete(knowledgeArticles)
      .where(
        and(
          ofCompany(companyId),
          eq(knowledgeArticles.source, source),
          isNotNull(knowledgeArticles.sourceId),
          keptSourceIds.length ? notInArray(knowledgeArticles.sourceId, keptSourceIds) : undefined,
        ),
      )
      .returning({ id: knowledgeArticles.id })
  ).length;
