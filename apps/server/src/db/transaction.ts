// Services open transactions through this, so query building stays in repos and db/. Called
// with a transaction it opens a savepoint: a failure the caller handles (a unique violation)
// rolls back only that part and leaves the outer transaction usable.
import type { DbOrTx, Tx } from './client.ts';

export const withTransaction = <T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> => (db as Tx).transaction(work);
