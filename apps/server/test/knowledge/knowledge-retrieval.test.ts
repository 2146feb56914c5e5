// Retrieval of the copilot's knowledge on the real database (issue 42 point 1): ranking, queue
// scoping, company isolation and stemming in the article's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { retrievePassages } from '../../src/modules/knowledge/knowledge-retrieval.repo.ts';
import { saveArticle, type KnowledgeArticleInput } from '../../src/modules/knowledge/knowledge.repo.ts';
import { createCompany, createQueue } from '../factories/company.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const article = (values: Partial<KnowledgeArticleInput> & Pick<KnowledgeArticleInput, 'title' | 'body'>): KnowledgeArticleInput => ({
  queueId: null,
  source: 'article',
  sourceId: null,
  language: 'portuguese',
  ...values,
});

const titles = async (companyId: number, text: string, queueId: number | null = null, limit = 10) =>
  (await retrievePassages(database.db, companyId, { queueId, text, limit })).map((passage) => passage.title);

describe('knowledge retrieval (issue 42 point 1)', () => {
  it('ranks the passage that answers more of the question first, and finds partial matches (issue 42 point 1)', async () => {
    const { company } = await createCompany(database.db);
    await saveArticle(database.db, company.id, article({ title: 'Entrega', body: 'O prazo de entrega é de cinco dias úteis para todo o Brasil.' }));
    await saveArticle(database.db, company.id, article({ title: 'Trocas', body: 'Trocas e devoluções em até sete dias, com a nota fiscal.' }));
    await saveArticle(database.db, company.id, article({ title: 'Pagamento', body: 'Aceitamos Pix, boleto e cartão de crédito em até doze vezes.' }));

    expect((await titles(company.id, 'Qual é o prazo de entrega para o Nordeste?'))[0]).toBe('Entrega');
    expect(await titles(company.id, 'posso pagar com pix ou trocar o produto?')).toEqual(expect.arrayContaining(['Pagamento', 'Trocas']));
    expect(await titles(company.id, 'horário da loja física')).toEqual([]);
    const [best] = await retrievePassages(database.db, company.id, { queueId: null, text: 'prazo de entrega', limit: 3 });
    expect(best).toMatchObject({ title: 'Entrega', text: 'O prazo de entrega é de cinco dias úteis para todo o Brasil.' });
    expect(best.score).toBeGreaterThan(0);
  });

  it('a Portuguese plural finds the singular, an English one too, and a misspelt word still finds its passage (issue 42 point 1)', async () => {
    const { company } = await createCompany(database.db);
    await saveArticle(database.db, company.id, article({ title: 'Garantia', body: 'Cada aparelho tem garantia de um ano contra defeito de fabricação.' }));
    await saveArticle(database.db, company.id, article({ title: 'Shipping', body: 'Every parcel is tracked from our warehouse.', language: 'english' }));
    expect(await titles(company.id, 'aparelhos com defeitos')).toEqual(['Garantia']);
    expect(await titles(company.id, 'where are my parcels?')).toEqual(['Shipping']);
    expect(await titles(company.id, 'garantai')).toEqual(['Garantia']);
  });

  it('answers the articles for every queue and for the ticket queue, never another queue (issue 42 point 1)', async () => {
    const { company } = await createCompany(database.db);
    const sales = await createQueue(database.db, company.id);
    const support = await createQueue(database.db, company.id);
    await saveArticle(database.db, company.id, article({ title: 'Todos', body: 'Horário de atendimento: segunda a sexta.' }));
    await saveArticle(database.db, company.id, article({ title: 'Vendas', body: 'Horário de atendimento das vendas: sábado também.', queueId: sales.id }));
    await saveArticle(database.db, company.id, article({ title: 'Suporte', body: 'Horário de atendimento do suporte: domingo também.', queueId: support.id }));
    expect((await titles(company.id, 'horário de atendimento', sales.id)).sort()).toEqual(['Todos', 'Vendas']);
    expect((await titles(company.id, 'horário de atendimento', support.id)).sort()).toEqual(['Suporte', 'Todos']);
    expect(await titles(company.id, 'horário de atendimento', null)).toEqual(['Todos']);
  });

  it("never answers another company's passages (issue 42 bad input: knowledge of one company never reaches another)", async () => {
    const mine = await createCompany(database.db);
    const theirs = await createCompany(database.db);
    await saveArticle(database.db, theirs.company.id, article({ title: 'Segredo', body: 'A senha do cofre é girassol.' }));
    expect(await titles(mine.company.id, 'senha do cofre')).toEqual([]);
    expect(await titles(theirs.company.id, 'senha do cofre')).toEqual(['Segredo']);
  });

  it('is bounded: at most ten passages, a long question cut, an empty or stop-word question answers nothing (issue 42 point 1)', async () => {
    const { company } = await createCompany(database.db);
    for (let i = 0; i < 12; i++) await saveArticle(database.db, company.id, article({ title: `Cupom ${i}`, body: `O cupom número ${i} dá desconto na primeira compra.` }));
    expect(await titles(company.id, 'cupom de desconto', null, 50)).toHaveLength(10);
    expect(await titles(company.id, 'cupom de desconto', null, 3)).toHaveLength(3);
    expect(await titles(company.id, `cupom ${'muito '.repeat(5000)}`, null, 5)).toHaveLength(5);
    expect(await titles(company.id, '   ')).toEqual([]);
    expect(await titles(company.id, 'o de a')).toEqual([]);
    await expect(saveArticle(database.db, company.id, article({ title: 'x', body: 'y', language: "english'::regconfig" as never }))).rejects.toThrow(/not a knowledge language/);
    expect(await titles(company.id, "'); drop table knowledge_passages; -- & | ! <->")).toEqual([]);
  });

  it('cuts a long body into passages at paragraph and word boundaries; saving again replaces them; a source is updated, not doubled (issue 42 point 1)', async () => {
    const { company } = await createCompany(database.db);
    const paragraph = (word: string) => `${word} ${'palavra '.repeat(90).trim()}.`;
    const body = [paragraph('abacaxi'), paragraph('banana'), paragraph('caju'), 'x'.repeat(10) + ' ' + 'longa '.repeat(400)].join('\n\n');
    const saved = await saveArticle(database.db, company.id, article({ title: 'Frutas', body }));
    const passages = await retrievePassages(database.db, company.id, { queueId: null, text: 'palavra longa', limit: 10 });
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) {
      expect(passage.text.length).toBeLessThanOrEqual(1000);
      expect(body).toContain(passage.text.split('\n\n')[0]);
      expect(passage.text).not.toMatch(/^\s|\s$/);
    }
    expect(await titles(company.id, 'banana')).toEqual(['Frutas']);

    await saveArticle(database.db, company.id, article({ title: 'Frutas', body: 'Só manga agora.' }), saved!.id);
    expect(await titles(company.id, 'banana')).toEqual([]);
    expect(await titles(company.id, 'manga')).toEqual(['Frutas']);

    const other = await createCompany(database.db);
    expect(await saveArticle(database.db, other.company.id, article({ title: 'Invasão', body: 'manga' }), saved!.id)).toBeUndefined();
    expect(await titles(company.id, 'manga')).toEqual(['Frutas']);

    const quick = article({ title: '/frete', body: 'Frete grátis acima de cem reais.', source: 'quickMessage', sourceId: 77 });
    const first = await saveArticle(database.db, company.id, quick);
    const again = await saveArticle(database.db, company.id, { ...quick, body: 'Frete grátis acima de duzentos reais.' });
    expect(again!.id).toBe(first!.id);
    expect((await retrievePassages(database.db, company.id, { queueId: null, text: 'frete grátis', limit: 10 })).map((passage) => passage.text)).toEqual([
      'Frete grátis acima de duzentos reais.',
    ]);
  });
});
