// platform/coalesce.ts (issue 21 ingestion): the ticket rows of events published in the same turn
// (a group-commit batch's messages) are read by one statement.
import { describe, expect, it } from 'vitest';
import { coalescing } from '../../src/platform/coalesce.ts';

describe('reads coalesced within one turn of the event loop (issue 21)', () => {
  it('answers the keys asked in one turn with one load, each its own value, and a later turn with another', async () => {
    const loads: number[][] = [];
    const double = coalescing(async (keys: number[]) => {
      loads.push(keys);
      return keys.map((key) => key * 2);
    });
    expect(await Promise.all([double(1), double(2), double(2), double(5)])).toEqual([2, 4, 4, 10]);
    expect(await double(7)).toBe(14);
    expect(loads).toEqual([[1, 2, 2, 5], [7]]);
  });

  it('rejects every key of a failing load and serves the next turn afresh', async () => {
    let fail = true;
    const read = coalescing(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return keys.map((key) => key.toUpperCase());
    });
    const answers = await Promise.allSettled([read('a'), read('b')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('c')).toBe('C');
  });
});
