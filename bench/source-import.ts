// The switch from ticketz (issue 39 point 3): a ticketz database in a database of its own on the
// PostgreSQL server (the ticketz schema of the importer's test fixture, with a tenant of the large
// tenant's shape added by generate_series), imported by `npm run import:whaticket` run as the
// operator runs it into a fresh PostgreSQL target. Prints the time, messages per second and the
// import process's peak resident memory, sampled from /proc. Both databases are dropped after.
// BENCH_SOURCE_MESSAGES sets the size (default 200,000 messages; 2,000,000 is the large tenant
// whole), the contacts and tickets in proportion.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl, freshDatabase, heading, line, onServer, residentBytes, root } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { CONTACTS, MESSAGES_PER_TICKET, TICKETS } from './seed-large-tenant.ts';

const MESSAGES = Number(process.env.BENCH_SOURCE_MESSAGES ?? 200_000);
const TICKET_COUNT = Math.max(1, Math.round(MESSAGES / MESSAGES_PER_TICKET));
const CONTACT_COUNT = Math.max(1, Math.round((TICKET_COUNT * CONTACTS) / TICKETS));
// one ticket in ten is live, each of a different contact (one live ticket per contact here)
const LIVE_COUNT = Math.min(Math.round(TICKET_COUNT / 10), CONTACT_COUNT);
// every 50th message quotes the one before it
const QUOTE_EVERY = 50;
// the generated tenant's rows start above the fixture's sample rows
const OFFSET = 1000;

const phrases = ['Olá, preciso de ajuda com meu pedido', 'Qual o prazo de entrega?', 'Obrigado pelo atendimento!', 'Bom dia, gostaria de um orçamento', 'Vocês abrem no sábado?'];

const generateTenant = [
  `insert into "Companies" (id, name, status, schedules, "planId", "dueDate", recurrence, "createdAt", "updatedAt")
   values (3, 'Bench Grande', true, '[]', 2, '2027-01-01', 'MENSAL', now(), now())`,
  `insert into "Users" (id, name, email, "passwordHash", profile, "companyId", "createdAt", "updatedAt")
   select ${OFFSET} + g, 'Agente ' || g, 'agent' || g || '@source.bench.test', '$2b$08$WyY5xIhtCDoRqCaHYw/N4.lj9A1wL4NQHeAGeLUmMVNaL.pXh.3D.', 'user', 3, now(), now()
     from generate_series(1, 30) g`,
  `insert into "Queues" (id, name, color, "companyId", "createdAt", "updatedAt")
   select ${OFFSET} + g, 'Fila ' || g, '#' || lpad(to_hex(g * 1234567 % 16777215), 6, '0'), 3, now(), now() from generate_series(1, 10) g`,
  `insert into "Whatsapps" (id, name, status, "companyId", channel, "createdAt", "updatedAt")
   select ${OFFSET} + g, 'Número ' || g, 'DISCONNECTED', 3, 'whatsapp', now(), now() from generate_series(1, 3) g`,
  `insert into "Contacts" (id, name, number, email, "companyId", "createdAt", "updatedAt")
   select ${OFFSET} + g, 'Contato ' || g, '55119' || lpad(g::text, 8, '0'), '', 3, now() - interval '1 year', now() from generate_series(1, ${CONTACT_COUNT}) g`,
  `insert into "Tickets" (id, status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", uuid, "createdAt", "updatedAt")
   select ${OFFSET} + g, case when g <= ${LIVE_COUNT} then 'open' else 'closed' end, 'Tudo certo por aqui', ${OFFSET} + 1 + (g - 1) % ${CONTACT_COUNT},
          ${OFFSET} + 1 + g % 30, ${OFFSET} + 1 + g % 3, ${OFFSET} + 1 + g % 10, 3, gen_random_uuid(),
          now() - interval '1 year' + g * interval '1 minute', now() - interval '1 year' + g * interval '1 minute' + interval '40 minutes'
     from generate_series(1, ${TICKET_COUNT}) g`,
  `insert into "Messages" (id, body, ack, read, "mediaType", "ticketId", "fromMe", "contactId", "quotedMsgId", "companyId", "createdAt", "updatedAt")
   select 'BENCH' || lpad(g::text, 10, '0'), (array[${phrases.map((p) => `'${p}'`).join(', ')}])[1 + g % ${phrases.length}], g % 4, true, 'conversation',
          ${OFFSET} + 1 + (g - 1) / ${MESSAGES_PER_TICKET}, g % 2 = 0, ${OFFSET} + 1 + ((g - 1) / ${MESSAGES_PER_TICKET}) % ${CONTACT_COUNT},
          case when g % ${QUOTE_EVERY} = 0 then 'BENCH' || lpad((g - 1)::text, 10, '0') end, 3,
          now() - interval '1 year' + g * interval '4 seconds', now() - interval '1 year' + g * interval '4 seconds'
     from generate_series(1, ${MESSAGES}) g`,
  'analyze',
];

const createSource = async (name: string) => {
  await onServer(`create database ${name}`);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await client.query(readFileSync(join(root, 'apps/server/test/source-import/fixtures/ticketz.sql'), 'utf8'));
    for (const statement of generateTenant) await client.query(statement);
  } finally {
    await client.end();
  }
};

// The import command as an operator runs it, its resident memory sampled every 100 ms.
const runImportCommand = (sourceUrl: string, targetUrl: string, dataDir: string) =>
  new Promise<{ seconds: number; peak: number; code: number | null; output: string }>((done, fail) => {
    const started = performance.now();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATABASE_URL: targetUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/source-import/main.ts', '--from', sourceUrl, '--media', dataDir], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let peak = 0;
    const sampler = setInterval(() => {
      if (child.pid) peak = Math.max(peak, residentBytes(child.pid) || 0);
    }, 100);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', fail);
    child.once('exit', (code) => {
      clearInterval(sampler);
      done({ seconds: (performance.now() - started) / 1000, peak, code, output });
    });
  });

export const benchSourceImport = async () => {
  const suffix = randomBytes(4).toString('hex');
  const sourceName = `bench_source_${suffix}`;
  const targetName = `bench_source_target_${suffix}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-source-'));
  heading(`Import from ticketz (issue 39): ${MESSAGES.toLocaleString('en')} messages, ${TICKET_COUNT.toLocaleString('en')} tickets, ${CONTACT_COUNT.toLocaleString('en')} contacts into PostgreSQL`);
  try {
    const generating = performance.now();
    await createSource(sourceName);
    line(`source generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`);
    const run = await runImportCommand(databaseUrl(sourceName), await freshDatabase(targetName), dataDir);
    const summary = run.output.split('\n').filter((text) => !text.includes('\r') && /^( {2}(Contacts|Tickets|Messages|MessageQuotes) |\d+ problems)/.test(text));
    // 2: problems reported (the fixture's sample photo is not in the empty media folder)
    if (run.code !== 0 && run.code !== 2) throw new Error(`the import command exited with ${run.code}:\n${run.output.slice(-2000)}`);
    const perSecond = MESSAGES / run.seconds;
    const peakMb = run.peak / 1024 / 1024;
    line('| messages | total time | messages/s (whole import) | peak RSS of the import process |');
    line('|---|---|---|---|');
    line(`| ${MESSAGES.toLocaleString('en')} | ${run.seconds.toFixed(1)} s | ${Math.round(perSecond)} | ${peakMb.toFixed(0)} MB |`);
    for (const text of summary) line(`    ${text.trim()}`);
    record(`source import ${MESSAGES} messages: messages/s`, perSecond, '/s');
    record(`source import ${MESSAGES} messages: peak RSS`, peakMb, 'MB');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${sourceName} with (force)`);
    await onServer(`drop database if exists ${targetName} with (force)`);
  }
};
