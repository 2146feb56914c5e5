// Hot statements built once (db/prepared-statement.ts, issue 21 ingestion): the same statement runs
// on the pool and inside a transaction (where it sees the transaction's own writes), with new
// values each time, and maps rows as Drizzle would: column names, dates, whole tables under a key,
// and a left join's missing row as null.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { preparedSelect, preparedStatement } from '../../src/db/prepared-statement.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { companies, contacts, tags, tickets, ticketTags, userRatings } from '../../src/db/schema.ts';
import { selectTicketViewRows } from '../../src/modules/tickets/tickets.repo.ts';
import { createCompany, createQueue } from '../factories/company.factory.ts';
import { createConnection, createContact, createTag } from '../factories/contact.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const companyById = preparedStatement('test_company_by_id', companies, (db) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1),
);

const tagRename = preparedStatement('test_tag_rename', tags, (db) =>
  db
    .update(tags)
    .set({ name: sql`${sql.placeholder('name')}` })
    .where(and(eq(tags.companyId, sql.placeholder('companyId')), eq(tags.id, sql.placeholder('id'))))
    .returning(),
);

const tagsOfTicket = preparedStatement('test_tags_of_ticket', { since: ticketTags.createdAt, tag: tags }, (db) =>
  db
    .select({ since: ticketTags.createdAt, tag: tags })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(eq(ticketTags.ticketId, sql.placeholder('ticketId'))),
);

describe('statements built once (issue 21, 01-core §5 inbound)', () => {
  it('runs on the pool with each call its own values, and maps rows as Drizzle does', async () => {
    const [first] = await companyById(database.db, { id: 1 });
    const [expected] = await database.db.select().from(companies).where(eq(companies.id, 1));
    expect(first).toEqual(expected);
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(await companyById(database.db, { id: 999_999 })).toEqual([]);
  });

  it('runs inside a transaction, seeing its writes, and a rollback leaves nothing', async () => {
    const [tag] = await database.db.insert(tags).values({ companyId: 1, name: 'before', color: '#000000' }).returning();
    await expect(
      withTransaction(database.db, async (tx) => {
        const [renamed] = await tagRename(tx, { companyId: 1, id: tag.id, name: 'inside' });
        expect(renamed).toMatchObject({ id: tag.id, name: 'inside', companyId: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [kept] = await database.db.select().from(tags).where(eq(tags.id, tag.id));
    expect(kept.name).toBe('before');
    // another company's id: nothing
    expect(await tagRename(database.db, { companyId: 2, id: tag.id, name: 'other' })).toEqual([]);
  });

  it('maps a whole table under its key beside a column', async () => {
    const rows = await tagsOfTicket(database.db, { ticketId: 0 });
    expect(rows).toEqual([]);
    const [tag] = await database.db.insert(tags).values({ companyId: 1, name: 'lane', color: '#111111', kanban: 1 }).returning();
    const [contact] = await database.db.insert(contacts).values({ companyId: 1, name: 'Ana', number: '5511900000001' }).returning();
    const [ticket] = await database.db.insert(tickets).values({ companyId: 1, contactId: contact.id, status: 'pending' }).returning();
    await database.db.insert(ticketTags).values({ companyId: 1, ticketId: ticket.id, tagId: tag.id });
    const [row] = await tagsOfTicket(database.db, { ticketId: ticket.id });
    expect(row.tag).toEqual(tag);
    expect(row.since).toBeInstanceOf(Date);
  });

  it('maps a select with left joins as Drizzle does: a missing joined row is null, SQL expressions decoded', async () => {
    const { company, admin } = await createCompany(database.db);
    const [queue, connection, tag] = await Promise.all([createQueue(database.db, company.id), createConnection(database.db, company.id), createTag(database.db, company.id)]);
    const [alone, joined] = await database.db
      .insert(tickets)
      .values([
        { companyId: company.id, contactId: (await createContact(database.db, company.id)).id, status: 'pending' },
        { companyId: company.id, contactId: (await createContact(database.db, company.id)).id, status: 'open', userId: admin.id, queueId: queue.id, whatsappId: connection.id },
      ])
      .returning();
    await database.db.insert(ticketTags).values({ companyId: company.id, ticketId: joined.id, tagId: tag.id });
    await database.db.insert(userRatings).values({ companyId: company.id, ticketId: joined.id, userId: admin.id, rate: 3 });
    const select = () => selectTicketViewRows(database.db, sql<number>`count(*) over ()`.mapWith(Number)).where(inArray(tickets.id, [alone.id, joined.id])).orderBy(asc(tickets.id));
    const expected = await select();
    const rows = await preparedSelect(database.db, select(), '').execute({});
    expect(rows).toEqual(expected);
    expect(rows[0]).toMatchObject({ user: null, queue: null, whatsapp: null, userRating: null, tags: [], listTotal: 2 });
    expect(rows[1]).toMatchObject({ user: { id: admin.id }, queue: { id: queue.id }, whatsapp: { id: connection.id }, userRating: { rate: 3 }, tags: [{ id: tag.id }] });
    expect(rows[1].ticket.createdAt).toBeInstanceOf(Date);
  });
});
