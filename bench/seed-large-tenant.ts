// Seeds the `bench` database on the PostgreSQL server (BENCH_DATABASE_URL names the server) with a
// large tenant: 200,000 tickets, 50,000 contacts, 2,000,000 messages, 30 users, 10 queues, 3
// connections, 5 tags. Spread like real use: most tickets closed over a year, 20,000 live
// ones (8,000 open with an owner, 12,000 pending, a third of those without a queue) over the
// last week, ten messages per ticket. Kept when already there; BENCH_RESEED=1 rebuilds it.
// The tickets' history (log entries and ratings, which the dashboard reads) is added by its own
// step when missing, so a database seeded before that step gets it without being rebuilt.
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/modules/users/users.service.ts';
import { seedPlatform } from '../apps/server/src/seed.ts';
import { BENCH_DB, databaseUrl, freshDatabase, line, onServer, PASSWORD, SUPER_EMAIL, TENANT_ADMIN_EMAIL } from './lib/common.ts';

const BENCH_RANDOM_PAGE_COST = 1.1;
export const TICKETS = 200_000;
export const CONTACTS = 50_000;
export const MESSAGES_PER_TICKET = 10;
const LIVE = 20_000;
const AGENTS = 29;

const alreadySeeded = async () => {
  const exists = await onServer(`select 1 from pg_database where datname = '${BENCH_DB}'`);
  if (exists.rowCount === 0) return false;
  const client = new pg.Client({ connectionString: databaseUrl(BENCH_DB) });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*) from tickets)::int as tickets, (select count(*) from users where email = $1)::int as admins`,
      [TENANT_ADMIN_EMAIL],
    );
    return rows[0].tickets >= TICKETS && rows[0].admins === 1;
  } catch {
    return false;
  } finally {
    await client.end();
  }
};

const firstNames = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Paulo', 'Quésia', 'Rafael', 'Sofia', 'Tiago', 'Úrsula', 'Vitor', 'Wanda', 'Xavier', 'Yara', 'Zeca', 'Alice', 'Bernardo', 'Cecília', 'Davi', 'Eduarda', 'Felipe', 'Giovana', 'Heitor', 'Íris', 'Júlia', 'Laura', 'Miguel', 'Natália', 'Otávio'];
const lastNames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Moura', 'Correia', 'Pinto', 'Araújo', 'Cavalcanti', 'Monteiro', 'Campos', 'Batista', 'Melo', 'Reis', 'Farias', 'Castro', 'Duarte', 'Pires', 'Borges'];
const phrases = ['Olá, preciso de ajuda com meu pedido', 'Qual o prazo de entrega?', 'Obrigado pelo atendimento!', 'Meu boleto venceu, podem reenviar?', 'Bom dia, gostaria de um orçamento', 'O produto chegou com defeito', 'Vocês abrem no sábado?', 'Pode me passar o código de rastreio?', 'Quero cancelar minha assinatura', 'Perfeito, muito obrigado', 'Certo, vou verificar e retorno', 'Segue o comprovante do pagamento', 'Ainda não recebi o reembolso', 'Como faço para trocar o tamanho?', 'Tudo certo por aqui'];
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

type Step = (what: string, statement: string, params?: unknown[]) => Promise<pg.QueryResult>;

// One connection to `url`: `work` runs in a transaction, its steps timed, then `after` runs on its
// own (VACUUM cannot run in a transaction).
const inTransaction = async (url: string, work: (step: Step, client: pg.Client) => Promise<void>, after: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step: Step = async (what, statement, params = []) => {
    const at = Date.now();
    const result = await client.query(statement, params);
    line(`  ${what}: ${result.rowCount ?? 0} rows in ${((Date.now() - at) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query('begin');
    await work(step, client);
    await client.query('commit');
    await step(after, after);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
};

// Every 10th ticket an attendant started (active); the others were started by the customer and,
// once an attendant took them, waited 1 to 30 minutes (the seed's tickets live 40 minutes before
// they close). Three closed tickets in five are rated 0..10.
const ACTIVE_EVERY = 10;
const RATED_OF_FIVE = 3;

// The large tenant's id, and whether its tickets have log entries and ratings, and its audit entries, yet.
const tenantHistory = async () => {
  const client = new pg.Client({ connectionString: databaseUrl(BENCH_DB) });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select c.id,
              exists (select 1 from ticket_logs l where l.company_id = c.id) as logged,
              exists (select 1 from user_ratings r where r.company_id = c.id) as rated,
              exists (select 1 from audit_log a where a.company_id = c.id) as audited
         from companies c where c.email = $1`,
      [TENANT_ADMIN_EMAIL],
    );
    return rows[0] as { id: number; logged: boolean; rated: boolean; audited: boolean } | undefined;
  } finally {
    await client.end();
  }
};

// a year of an admin's changes (issue 38 point 6): one audit entry a ticket, their actions cycling
export const AUDIT_ENTRIES = TICKETS;

const seedHistory = async () => {
  const tenant = await tenantHistory();
  if (!tenant || (tenant.logged && tenant.rated && tenant.audited)) return;
  await inTransaction(
    databaseUrl(BENCH_DB),
    async (step) => {
      if (!tenant.logged) {
        await step(
          'ticket logs (create, open, closed)',
          `insert into ticket_logs (company_id, ticket_id, type, user_id, queue_id, created_at)
           select t.company_id, t.id, e.type, e.user_id, t.queue_id, e.at
             from tickets t
            cross join lateral (values
                    ('create', case when t.id % ${ACTIVE_EVERY} = 0 then t.user_id end, t.created_at),
                    ('open', t.user_id, t.created_at + (1 + t.id % 30) * interval '1 minute'),
                    ('closed', t.user_id, t.closed_at)) as e(type, user_id, at)
            where t.company_id = $1
              and (e.type = 'create'
                   or (e.type = 'open' and t.user_id is not null and t.id % ${ACTIVE_EVERY} <> 0)
                   or (e.type = 'closed' and t.status = 'closed'))`,
          [tenant.id],
        );
      }
      if (!tenant.audited) {
        await step(
          'audit entries',
          `insert into audit_log (company_id, actor_user_id, actor_label, ip, user_agent, action, entity_type, entity_id, before, after, created_at)
           select $1::int, null, 'Bench admin <admin@large.bench.test>', '10.0.0.' || (n % 250), 'bench', a.action, split_part(a.action, '.', 1), (n % 5000)::text,
                  jsonb_build_object('name', 'Before ' || n), jsonb_build_object('name', 'After ' || n), now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute'
             from generate_series(1, ${AUDIT_ENTRIES}) n
             cross join lateral (select (array['queue.update', 'user.update', 'connection.update', 'setting.update', 'auth.signIn'])[1 + n % 5] as action) a`,
          [tenant.id],
        );
      }
      if (!tenant.rated) {
        await step(
          'ratings',
          `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
           select t.company_id, t.id, t.user_id, (t.id * 7) % 11, t.closed_at + interval '2 minutes'
             from tickets t
            where t.company_id = $1 and t.status = 'closed' and t.id % 5 < ${RATED_OF_FIVE}`,
          [tenant.id],
        );
      }
    },
    'analyze ticket_logs, user_ratings, audit_log',
  );
};

// The bench measures the server as docs/benchmarks.md tells operators to set it up on SSD or cloud
// block storage: random page reads priced near sequential ones. Sessions opened after it see it.
const setStorageCosts = async () => {
  await onServer(`alter database ${BENCH_DB} set random_page_cost = ${BENCH_RANDOM_PAGE_COST}`);
  line(`bench database '${BENCH_DB}': random_page_cost ${BENCH_RANDOM_PAGE_COST} (SSD, as docs/benchmarks.md recommends)`);
};

export const seedLargeTenant = async () => {
  if (!process.env.BENCH_RESEED && (await alreadySeeded())) {
    line(`bench database '${BENCH_DB}' already holds the large tenant (BENCH_RESEED=1 rebuilds it)`);
    await seedHistory();
    await setStorageCosts();
    return;
  }
  const started = Date.now();
  const url = await freshDatabase(BENCH_DB);
  const database = await openDatabase({ url });
  await database.migrate();
  await seedPlatform(database.db, { adminEmail: SUPER_EMAIL, adminPassword: PASSWORD });
  await database.close();
  const passwordHash = await hashPassword(PASSWORD);

  await inTransaction(
    url,
    async (step, client) => {
      await client.query('set maintenance_work_mem = \'256MB\'');
      const plan = await step('plan', `insert into plans (name, users, connections, queues, is_public) values ('Bench large', 100, 100, 100, false) returning id`);
      const company = await step(
        'company',
        `insert into companies (name, email, plan_id, due_date) values ('Large tenant', $1, $2, '2099-12-31') returning id`,
        [TENANT_ADMIN_EMAIL, plan.rows[0].id],
      );
      const cid: number = company.rows[0].id;
      await step('connections', `insert into connections (company_id, name, channel, status, token) select $1::int, 'Bench WhatsApp ' || n, 'sandbox', 'CONNECTED', left(md5(random()::text), 30) from generate_series(1, 3) n`, [cid]);
      await step('queues', `insert into queues (company_id, name, color) select $1::int, 'Queue ' || n, '#' || lpad(to_hex(n * 1000003), 6, '0') from generate_series(1, 10) n`, [cid]);
      await step('tags', `insert into tags (company_id, name, color) select $1::int, 'Tag ' || n, '#' || lpad(to_hex(n * 700001), 6, '0') from generate_series(1, 5) n`, [cid]);
      await step(
        'users',
        `insert into users (company_id, name, email, password_hash, profile)
         select $1::int, 'Admin', $2, $3, 'admin'
         union all
         select $1::int, 'Agent ' || n, 'agent' || n || '@large.bench.test', $3, 'user' from generate_series(1, ${AGENTS}) n`,
        [cid, TENANT_ADMIN_EMAIL, passwordHash],
      );
      // agent n works in queues n mod 10 and (n + 3) mod 10
      await step(
        'user queues',
        `with q as (select array_agg(id order by id) ids from queues where company_id = $1)
         insert into user_queues (user_id, queue_id, company_id)
         select u.id, q.ids[1 + (k + n) % 10], $1
           from q, generate_series(1, ${AGENTS}) n
           join users u on u.email = 'agent' || n || '@large.bench.test'
           cross join (values (0), (3)) as shift(k)`,
        [cid],
      );
      await step(
        'contacts',
        `insert into contacts (company_id, name, number, channel, whatsapp_id, created_at, updated_at)
         select $1::int, (${sqlArray(firstNames)})[1 + i % ${firstNames.length}] || ' ' || (${sqlArray(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}] || ' ' || i,
                (5511900000000 + i)::text, 'whatsapp', (select min(id) from connections where company_id = $1),
                now() - interval '400 days' + i * interval '10 minutes', now() - interval '400 days' + i * interval '10 minutes'
           from generate_series(1, ${CONTACTS}) i`,
        [cid],
      );
      // tickets g = 1..200,000 in time order; the last 20,000 are live and have distinct contacts
      await step(
        'tickets',
        `with c as (select array_agg(id order by id) ids from contacts where company_id = $1),
              q as (select array_agg(id order by id) ids from queues where company_id = $1),
              a as (select array_agg(id order by id) ids from users where company_id = $1 and profile = 'user'),
              w as (select array_agg(id order by id) ids from connections where company_id = $1),
              s as (
                select g, case when g <= ${TICKETS - LIVE} then 'closed' when g % 5 in (0, 1) then 'open' else 'pending' end as status,
                       case when g <= ${TICKETS - LIVE}
                            then now() - interval '7 days' - (${TICKETS - LIVE} - g) * interval '150 seconds'
                            else now() - (${TICKETS} - g) * interval '30 seconds' end as at
                  from generate_series(1, ${TICKETS}) g)
         insert into tickets (company_id, status, contact_id, user_id, queue_id, whatsapp_id, channel, last_message, unread_messages, closed_at, created_at, updated_at)
         select $1::int, s.status, c.ids[1 + (g - 1) % ${CONTACTS}],
                case when s.status = 'pending' then null else a.ids[1 + g % ${AGENTS}] end,
                case when s.status = 'pending' and g % 3 = 0 then null else q.ids[1 + g % 10] end,
                w.ids[1 + ((g - 1) % ${CONTACTS}) % 3], 'whatsapp',
                (${sqlArray(phrases)})[1 + g % ${phrases.length}],
                case when s.status = 'pending' then 1 + g % 4 else 0 end,
                case when s.status = 'closed' then s.at end,
                s.at - interval '40 minutes', s.at
           from s, c, q, a, w`,
        [cid],
      );
      await step(
        'ticket tags',
        `insert into ticket_tags (ticket_id, tag_id, company_id)
         select t.id, tg.ids[1 + t.id % 5], $1
           from tickets t, (select array_agg(id order by id) ids from tags where company_id = $1) tg
          where t.company_id = $1 and t.id % 7 = 0`,
        [cid],
      );
      await step(
        'messages',
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, queue_id, user_id, provider_message_id, body, from_me, read, ack, created_at, updated_at)
         select $1::int, t.id, t.contact_id, t.whatsapp_id, t.queue_id, case when k % 2 = 1 then t.user_id end,
                'seed-' || t.id || '-' || k,
                (${sqlArray(phrases)})[1 + (t.id * 7 + k) % ${phrases.length}] || ' #' || (t.id * 10 + k),
                k % 2 = 1, not (t.status = 'pending' and k >= 9 - t.unread_messages), case when k % 2 = 1 then 3 else 0 end,
                t.created_at + k * interval '4 minutes', t.created_at + k * interval '4 minutes'
           from tickets t cross join generate_series(0, ${MESSAGES_PER_TICKET - 1}) k
          where t.company_id = $1`,
        [cid],
      );
    },
    'vacuum analyze',
  );
  await seedHistory();
  await setStorageCosts();
  line(`seeded '${BENCH_DB}' in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedLargeTenant();
}
