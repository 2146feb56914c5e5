// PGlite runs a query as six calls into its WASM engine (parse, describe, bind, describe,
// execute, sync), parsing and planning the statement every time: about 105 µs for a one-row
// select here, and most of the embedded database's CPU while it ingests messages
// (docs/benchmarks.md). This handle parses each distinct statement once as a named prepared
// statement and then runs it with one call (bind, describe, execute, sync): about 35 µs. Drizzle
// is given this handle in place of the PGlite instance; what it does not speed up it passes on.
import { parse, protocol, type PGlite, type Transaction } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Results = Awaited<ReturnType<PGlite['query']>>;

type Prepared = { name: string; paramTypes: number[] };

// Distinct statement texts kept prepared; the least recently used is closed past this.
const KEPT_STATEMENTS = 500;

// PGlite's own error shape: the failing statement travels with the database error
const withQuery = (error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) => {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
  return error;
};

// "cached plan must not change result type": a table the statement reads changed (a migration)
const PLAN_CHANGED = '0A000';

// names unique in the process, so two handles over one PGlite never reuse each other's
let named = 0;

export const withPreparedStatements = (pg: PGlite, kept = KEPT_STATEMENTS) => {
  const prepared = new Map<string, Prepared>();
  let closing: string[] = [];

  const run = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `pglite_s${(named += 1)}`;
    const described = await run(Buffer.concat([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    prepared.set(text, statement);
    if (prepared.size > kept) {
      const [oldest] = prepared;
      prepared.delete(oldest[0]);
      closing.push(oldest[1].name);
    }
    return statement;
  };

  // Runs under PGlite's query lock, as its own query() does.
  const execute = async (text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> => {
    const cached = prepared.get(text);
    let statement = cached;
    try {
      if (statement) {
        // most recently used last, so the first entry is the one to close
        prepared.delete(text);
        prepared.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const { paramTypes } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serialize = options?.serializers?.[paramTypes[index]] ?? pg.serializers[paramTypes[index]];
        return serialize ? serialize(value) : String(value);
      });
      const closes = closing.map((name) => protocol.serialize.close({ type: 'S', name }));
      closing = [];
      const messages = await run(
        Buffer.concat([
          ...closes,
          protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      if (!inTransaction) await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers, options)[0];
    } catch (error) {
      // a statement whose tables changed under it is prepared again next time
      if (statement && prepared.get(text) === statement) {
        prepared.delete(text);
        closing.push(statement.name);
        // outside a transaction nothing ran: its new shape is prepared and run at once (once: a
        // statement just prepared has no older plan, whatever the code says)
        if (cached && !inTransaction && (error as { code?: string }).code === PLAN_CHANGED) return execute(text, params, options, inTransaction);
      }
      throw withQuery(error, text, params, options);
    }
  };

  // Blobs (COPY to or from /dev/blob) and notices take PGlite's own path.
  const ownPath = (options: QueryOptions | undefined) => options?.blob !== undefined || options?.onNotice !== undefined;

  const query = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (ownPath(options)) return pg.query(text, params, options);
    if (pg.closed) throw new Error('PGlite is closed');
    return pg._runExclusiveTransaction(() => pg.runExclusive(() => execute(text, params, options, false)));
  };

  const inTransaction = (tx: Transaction): Transaction => ({
    query: async (text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (ownPath(options) || tx.closed) return tx.query(text, params, options);
      return pg.runExclusive(() => execute(text, params, options, true));
    },
    sql: (strings, ...params) => tx.sql(strings, ...params),
    exec: (text, options) => tx.exec(text, options),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
  }) as Transaction;

  return new Proxy(pg, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)));
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
