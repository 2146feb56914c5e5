// PGlite's statements prepared once (db/pglite-statements.ts, issue 21 ingestion on the embedded
// database): the handle answers as PGlite's own query() does — rows, types, errors, transactions —
// while it keeps each distinct statement parsed, and closes the least recently used past its bound.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from '../../src/db/pglite-statements.ts';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create table notes (id serial primary key, title text not null unique, at timestamptz, data jsonb, flags boolean[], body bytea)`);
});
afterAll(() => pg?.close());

const preparedCount = async () => (await pg.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements')).rows[0].count;

describe('PGlite statements prepared once (issue 21: ingestion on the embedded database)', () => {
  it("gives the rows, types and affected counts PGlite's own query gives, run after run", async () => {
    const fast = withPreparedStatements(pg);
    const insert = 'insert into notes (title, at, data, flags, body) values ($1, $2, $3, $4, $5) returning *';
    const values = ['first', new Date('2026-11-26T10:00:00Z'), { tags: ['a'], n: 1 }, [true, false], new Uint8Array([1, 2, 3])];
    const inserted = await fast.query(insert, values);
    expect(inserted.rows).toEqual([{ id: 1, title: 'first', at: new Date('2026-11-26T10:00:00Z'), data: { tags: ['a'], n: 1 }, flags: [true, false], body: new Uint8Array([1, 2, 3]) }]);
    expect(inserted.affectedRows).toBe(1);
    await fast.query(insert, ['second', null, null, null, null]);
    const select = 'select id, title, at from notes where id >= $1 order by id';
    for (const rowMode of ['array', 'object'] as const) {
      const ours = await fast.query(select, [1], { rowMode, parsers: { 1184: (value: string) => value } });
      const theirs = await pg.query(select, [1], { rowMode, parsers: { 1184: (value: string) => value } });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const updated = await fast.query('update notes set data = $1 where id > $2', [{ seen: true }, 0]);
    expect(updated.affectedRows).toBe(2);
  });

  it('a failing run throws the database error with its statement, changes nothing, and the statement runs again', async () => {
    const fast = withPreparedStatements(pg);
    const insert = 'insert into notes (title) values ($1)';
    await fast.query(insert, ['unique title']);
    const failure = await fast.query(insert, ['unique title']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: ['unique title'] });
    expect((await pg.query('select count(*)::int as n from notes where title = $1', ['unique title'])).rows).toEqual([{ n: 1 }]);
    await fast.query(insert, ['another title']);
    expect((await pg.query('select title from notes where title = $1', ['another title'])).rows).toHaveLength(1);
    await expect(fast.query('select no_such_column from notes', [])).rejects.toMatchObject({ code: '42703' });
  });

  it('inside a transaction: sees its own writes, a rollback undoes them, and an aborted transaction refuses until it ends', async () => {
    const fast = withPreparedStatements(pg);
    const count = 'select count(*)::int as n from notes where title like $1';
    await expect(
      fast.transaction(async (tx: Transaction) => {
        await tx.query('insert into notes (title) values ($1)', ['tx one']);
        expect((await tx.query(count, ['tx %'])).rows).toEqual([{ n: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await fast.query(count, ['tx %'])).rows).toEqual([{ n: 0 }]);

    await fast.transaction(async (tx: Transaction) => {
      await tx.query('insert into notes (title) values ($1)', ['tx two']);
      await expect(tx.query('insert into notes (title) values ($1)', ['tx two'])).rejects.toMatchObject({ code: '23505' });
      await expect(tx.query(count, ['tx %'])).rejects.toMatchObject({ code: '25P02' });
      await tx.rollback();
    });
    expect((await fast.query(count, ['tx %'])).rows).toEqual([{ n: 0 }]);

    await fast.transaction(async (tx: Transaction) => {
      await tx.query('insert into notes (title) values ($1)', ['tx three']);
    });
    expect((await fast.query(count, ['tx %'])).rows).toEqual([{ n: 1 }]);
  });

  it('keeps at most its bound of statements prepared, closing the least recently used, which runs again when asked', async () => {
    const before = await preparedCount();
    const fast = withPreparedStatements(pg, 3);
    const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} + $1::int as n`);
    for (const text of texts) expect((await fast.query(text, [1])).rows).toEqual([{ n: Number(text.split(' ')[1]) + 1 }]);
    // the closes of the two oldest go out with the next run
    expect((await fast.query(texts[0], [10])).rows).toEqual([{ n: 11 }]);
    expect((await preparedCount()) - before).toBe(3);
  });

  it('a statement whose table changed under it is prepared again: at once outside a transaction, on the next run inside one', async () => {
    const fast = withPreparedStatements(pg);
    await pg.exec('create table shapes (id int)');
    await pg.exec('insert into shapes values (1)');
    const select = 'select * from shapes where id = $1';
    expect((await fast.query(select, [1])).rows).toEqual([{ id: 1 }]);
    await pg.exec("alter table shapes add column name text default 'circle'");
    expect((await fast.query(select, [1])).rows).toEqual([{ id: 1, name: 'circle' }]);

    await pg.exec("alter table shapes add column sides int default 0");
    await fast.transaction(async (tx: Transaction) => {
      // PostgreSQL refuses a plan whose result changed, and the refusal ends the transaction's work
      await expect(tx.query(select, [1])).rejects.toMatchObject({ code: '0A000' });
      await tx.rollback();
    });
    await fast.transaction(async (tx: Transaction) => {
      expect((await tx.query(select, [1])).rows).toEqual([{ id: 1, name: 'circle', sides: 0 }]);
    });
  });
});
