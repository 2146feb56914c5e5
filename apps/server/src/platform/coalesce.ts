// Reads asked for in the same turn of the event loop, answered by one call for all of them: the
// events of a group-commit batch's messages, published together, and the sign-in checks of the
// requests that arrive together meet here and cost one statement instead of one each.
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
