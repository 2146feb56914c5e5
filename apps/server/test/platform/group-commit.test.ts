// The inbound pipeline's group commit (platform/group-commit.ts, issue 21 ingestion): concurrent
// units share transactions, a failing unit fails alone and leaves nothing behind, and a lane keeps
// submission order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../src/db/client.ts';
import { createGroupCommit } from '../../src/platform/group-commit.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table group_commit_probe (id serial primary key, lane text not null, seq integer not null, txid bigint not null)`);
});
afterAll(() => database?.close());

type Unit = { lane: string; seq: number; fail?: boolean };
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

const rounds: string[][] = [];

const storeOne = async (tx: Tx, unit: Unit) => {
  const result = await tx.execute(sql`insert into group_commit_probe (lane, seq, txid) values (${unit.lane}, ${unit.seq}, txid_current()) returning id`);
  // a failing unit breaks inside the database after a first write, as a constraint violation would
  if (unit.fail) await tx.execute(sql`select 1 / 0`);
  return rowsOf<{ id: number }>(result)[0].id;
};

const store = async (tx: Tx, round: Unit[]) => {
  rounds.push(round.map((unit) => unit.lane));
  const ids: number[] = [];
  for (const unit of round) ids.push(await storeOne(tx, unit));
  return ids;
};

const storedRows = async (lanePrefix: string) =>
  rowsOf<{ lane: string; seq: number; txid: string }>(
    await database.db.execute(sql`select lane, seq, txid::text from group_commit_probe where lane like ${`${lanePrefix}%`} order by id`),
  );

const inLaneOrder = (stored: { lane: string; seq: number }[]) => {
  for (const lane of new Set(stored.map((row) => row.lane))) {
    const order = stored.filter((row) => row.lane === lane).map((row) => row.seq);
    expect(order, lane).toEqual([...order].sort((x, y) => x - y));
  }
};

describe('group commit of inbound deliveries (issue 21, 01-core §5 inbound)', () => {
  it('shares transactions between concurrent units and keeps each lane in order', async () => {
    const commit = createGroupCommit(database.db, { lanes: 2, maxBatch: 16, windowMs: 2 }, store, (unit: Unit) => unit.lane);
    const units: Unit[] = Array.from({ length: 60 }, (_, seq) => ({ lane: `grouped-${seq % 3}`, seq }));
    const answers = await Promise.all(units.map((unit) => commit.submit(unit)));

    expect(new Set(answers).size).toBe(60);
    const stored = await storedRows('grouped-');
    expect(stored.map((row) => row.seq).sort((x, y) => x - y)).toEqual(units.map((unit) => unit.seq));
    // fewer transactions than units: they were grouped
    expect(new Set(stored.map((row) => row.txid)).size).toBeLessThan(stored.length / 4);
    inLaneOrder(stored);
    // a round holds at most one unit of each key, and rounds of several units happened
    const grouped = rounds.filter((round) => round[0].startsWith('grouped-'));
    for (const round of grouped) expect(new Set(round).size).toBe(round.length);
    expect(grouped.some((round) => round.length > 1)).toBe(true);
  });

  it('fails only the failing unit, stores nothing of it, and stores its batch-mates in lane order', async () => {
    const commit = createGroupCommit(database.db, { lanes: 2, maxBatch: 16, windowMs: 2 }, store, (unit: Unit) => unit.lane);
    const units: Unit[] = Array.from({ length: 60 }, (_, seq) => ({ lane: `failing-${seq % 3}`, seq, fail: seq === 7 || seq === 40 }));
    const answers = await Promise.allSettled(units.map((unit) => commit.submit(unit)));

    expect(answers.flatMap((answer, seq) => (answer.status === 'rejected' ? [seq] : []))).toEqual([7, 40]);
    const stored = await storedRows('failing-');
    expect(stored.map((row) => row.seq).sort((x, y) => x - y)).toEqual(units.filter((unit) => !unit.fail).map((unit) => unit.seq));
    inLaneOrder(stored);
  });
});
