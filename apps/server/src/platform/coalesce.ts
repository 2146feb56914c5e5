// Reads asked for in the same turn of the event loop, answered by one call for all of them: the
// events of a group-commit batch's messages, published together, and the sign-in checks and the
// connection reads of the requests that arrive together meet here and cost one statement instead
// of one each.
type Waiting<K, V> = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };

// `load` answers its keys in their order.
export const coalescing = <K, V>(load: (keys: K[]) => Promise<V[]>) => {
  let waiting: Waiting<K, V>[] = [];

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const values = await load(batch.map((entry) => entry.key));
      batch.forEach((entry, index) => entry.resolve(values[index]));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };

  return (key: K) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ key, resolve, reject });
    });
};

// The same for reads of rows by key: a key asked several times is loaded once, and each asker gets
// the row whose `keyOfRow` matches its key (undefined: none).
export const coalescingRows = <K, R>(keyOf: (key: K) => string, load: (keys: K[]) => Promise<R[]>, keyOfRow: (row: R) => string) =>
  coalescing(async (keys: K[]) => {
    const distinct = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
    const rows = new Map((await load(distinct)).map((row) => [keyOfRow(row), row]));
    return keys.map((key): R | undefined => rows.get(keyOf(key)));
  });
