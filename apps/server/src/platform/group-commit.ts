// A group commit: units of work submitted concurrently share one transaction, so many short
// writes pay for one commit (one fsync) instead of one each; a caller hears its unit's answer
// only after the transaction holding it committed. Units with the same key run in
// submission order in one lane; lanes run their batches in parallel (one connection each).
// A batch is handed to `work` in rounds that hold at most one unit of each key (the first of each
// key, then the second...), so that `work` may write a round's units together, with one statement
// for all of them, without two units of one key seeing each other half done.
// A unit that fails, or a batch whose transaction fails (commit refused, a deadlock with another
// lane), rolls the whole batch back, and its units run again one per transaction, as if they had
// never been grouped: the failing one fails alone and its batch-mates are stored. Units fail
// rarely, so this costs less than a savepoint around each (two more round trips per unit).
// `readBatch`, when given, reads what a grouped batch's units need with a few statements for all of
// them, before the first unit runs; a unit that runs alone gets nothing and reads its own.
import type { Db, Tx } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';

export type GroupCommitOptions = {
  lanes: number;
  // a batch closes at this many units, or when the window after its first unit has passed
  maxBatch: number;
  windowMs: number;
};

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

type Lane<I, O> = { queue: Pending<I, O>[]; running: boolean; timer: NodeJS.Timeout | undefined };

const hashOf = (key: string) => {
  let hash = 0;
  for (let index = 0; index < key.length; index += 1) hash = (hash * 31 + key.charCodeAt(index)) | 0;
  return Math.abs(hash);
};

export const createGroupCommit = <I, O, B = undefined>(
  db: Db,
  options: GroupCommitOptions,
  // the round's answers, one per input, in the round's order
  work: (tx: Tx, round: I[], batch: B | undefined) => Promise<O[]>,
  keyOf: (input: I) => string,
  readBatch?: (tx: Tx, inputs: I[]) => Promise<B>,
) => {
  const lanes: Lane<I, O>[] = Array.from({ length: Math.max(1, options.lanes) }, () => ({ queue: [], running: false, timer: undefined }));

  const roundsOf = (batch: Pending<I, O>[]) => {
    const seen = new Map<string, number>();
    const rounds: Pending<I, O>[][] = [];
    for (const unit of batch) {
      const key = keyOf(unit.input);
      const round = seen.get(key) ?? 0;
      seen.set(key, round + 1);
      (rounds[round] ??= []).push(unit);
    }
    return rounds;
  };

  const runGrouped = (batch: Pending<I, O>[]) =>
    withTransaction(db, async (tx) => {
      const read = readBatch ? await readBatch(tx, batch.map((unit) => unit.input)) : undefined;
      const answers = new Map<Pending<I, O>, O>();
      for (const round of roundsOf(batch)) {
        const values = await work(tx, round.map((unit) => unit.input), read);
        round.forEach((unit, index) => answers.set(unit, values[index]));
      }
      return batch.map((unit): Settled<O> => ({ ok: true, value: answers.get(unit) as O }));
    });

  const runAlone = async (unit: Pending<I, O>): Promise<Settled<O>> => {
    try {
      const [value] = await withTransaction(db, (tx) => work(tx, [unit.input], undefined));
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error };
    }
  };

  const flush = async (lane: Lane<I, O>) => {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = undefined;
    if (lane.running || lane.queue.length === 0) return;
    lane.running = true;
    const batch = lane.queue.splice(0, options.maxBatch);
    let settled: Settled<O>[];
    try {
      settled = batch.length === 1 ? [await runAlone(batch[0])] : await runGrouped(batch);
    } catch {
      settled = [];
      for (const unit of batch) settled.push(await runAlone(unit));
    }
    batch.forEach((unit, index) => {
      const outcome = settled[index];
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
    lane.running = false;
    // what arrived meanwhile has waited for a whole batch already
    if (lane.queue.length > 0) void flush(lane);
  };

  return {
    submit: (input: I) =>
      new Promise<O>((resolve, reject) => {
        const lane = lanes[hashOf(keyOf(input)) % lanes.length];
        lane.queue.push({ input, resolve, reject });
        if (lane.running) return;
        if (lane.queue.length >= options.maxBatch) void flush(lane);
        else lane.timer ??= setTimeout(() => void flush(lane), options.windowMs);
      }),
  };
};
