// Retrieval of the copilot's knowledge (issue 42 point 1: "npm run bench prints retrieval time on
// 10,000 articles"). A fresh database whose company gets 10,000 articles of one to three passages,
// written through the knowledge repo (so each passage carries its tsvector), in Portuguese with a
// few hundred topics; then typical customer questions through POST /knowledge/search, the "try a
// question" call that answers what the copilot retrieves, timed at 1 client: p50 / p95 / p99.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { saveArticle } from '../apps/server/src/modules/knowledge/knowledge.repo.ts';
import { call, freshDatabase, heading, line, loadAverages, login, ms, startServer, summary, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';

const ARTICLES = Number(process.env.BENCH_KNOWLEDGE_ARTICLES ?? 10_000);
const ROUNDS = 10;
const WRITERS = 8;

const products = ['geladeira', 'fogão', 'micro-ondas', 'televisão', 'notebook', 'celular', 'fone', 'cadeira', 'mesa', 'colchão', 'sofá', 'bicicleta', 'impressora', 'ventilador', 'aspirador', 'liquidificador', 'cafeteira', 'tablet', 'monitor', 'roteador'];
const topics = ['prazo de entrega', 'troca e devolução', 'garantia', 'pagamento com Pix', 'parcelamento no cartão', 'nota fiscal', 'assistência técnica', 'instalação', 'frete grátis', 'cupom de desconto', 'rastreamento do pedido', 'cancelamento', 'estoque', 'retirada na loja', 'horário de atendimento'];
const details = [
  'O prazo conta a partir da confirmação do pagamento e vale para capitais e regiões metropolitanas.',
  'Guarde a embalagem original e a nota fiscal; sem elas o pedido pode ser recusado pela transportadora.',
  'Para o interior, acrescente até três dias úteis; em feriados o prazo recomeça no dia útil seguinte.',
  'O atendimento responde de segunda a sexta, das oito às dezoito horas, e aos sábados até o meio-dia.',
  'Pedidos pagos com boleto só seguem depois da compensação, que leva até dois dias úteis.',
  'A assistência técnica autorizada fica nas capitais; no interior, a coleta é agendada pelo suporte.',
];

const articleOf = (n: number) => {
  const product = products[n % products.length];
  const topic = topics[Math.floor(n / products.length) % topics.length];
  const paragraphs = Array.from({ length: 1 + (n % 3) }, (_, i) => `${topic} de ${product} (caso ${n}-${i}). ${details[(n + i) % details.length]} ${details[(n + i + 2) % details.length]}`);
  return { title: `${topic} — ${product} ${n}`, body: paragraphs.join('\n\n') };
};

const questions = [
  'qual o prazo de entrega da geladeira?',
  'como faço para trocar o celular que veio com defeito',
  'a garantia do notebook cobre a bateria?',
  'posso pagar com pix?',
  'parcela em quantas vezes no cartão',
  'preciso da nota fiscal para a troca?',
  'onde fica a assistência técnica do fogão',
  'vocês fazem a instalação do ar?',
  'o frete é grátis para o interior?',
  'meu cupom de desconto não funcionou',
  'como rastreio meu pedido',
  'quero cancelar a compra da bicicleta',
  'qual o horário de atendimento no sábado',
  'tem a impressora em estoque?',
  'posso retirar o colchão na loja?',
];

const writeArticles = async (url: string, companyId: number) => {
  const pool = new pg.Pool({ connectionString: url, max: WRITERS });
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    let next = 0;
    const writer = async () => {
      for (let n = next++; n < ARTICLES; n = next++) {
        await saveArticle(db, companyId, { queueId: null, source: 'article', sourceId: null, language: 'portuguese', ...articleOf(n) });
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const { rows } = await pool.query<{ passages: string }>('select count(*) as passages from knowledge_passages where company_id = $1', [companyId]);
    return Number(rows[0]?.passages ?? 0);
  } finally {
    await pool.end();
  }
};

export const benchKnowledge = async () => {
  const url = await freshDatabase('bench_knowledge');
  const server = await startServer(url);
  try {
    const session = await login(server.url, SUPER_EMAIL);
    const writeStart = performance.now();
    const passages = await writeArticles(url, session.user.companyId);
    const writeSeconds = (performance.now() - writeStart) / 1000;
    heading(`Knowledge retrieval, ${ARTICLES} articles (${passages} passages), POST /knowledge/search at 1 client (${questions.length} questions x ${ROUNDS})`);
    line(`load averages before: ${loadAverages()}`);
    const times: number[] = [];
    let found = 0;
    for (const question of questions) await call(server.url, 'POST', '/knowledge/search', session.token, { question });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const question of questions) {
        const at = performance.now();
        const answer = await call<{ passages: unknown[] }>(server.url, 'POST', '/knowledge/search', session.token, { question });
        times.push(performance.now() - at);
        if (round === 0 && answer.passages.length > 0) found += 1;
      }
    }
    const figures = summary(times);
    line('| articles | passages | written in | questions answered | p50 | p95 | p99 |');
    line('|---|---|---|---|---|---|---|');
    line(`| ${ARTICLES} | ${passages} | ${writeSeconds.toFixed(1)} s | ${found} / ${questions.length} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} |`);
    record('knowledge retrieval p50', figures.p50, 'ms');
    record('knowledge retrieval p95', figures.p95, 'ms');
  } finally {
    await server.stop();
  }
};
