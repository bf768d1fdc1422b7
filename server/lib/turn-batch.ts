/**
 * Requests that arrive in the same turn of the event loop, sent together (the DataLoader pattern,
 * for the hot statements of a sale's rush: decision 0086). `batched(item)` waits for the end of the
 * turn; then the items go to `many` in groups of at most `max`, one item a `key` in a group (a
 * second item of the same key goes in a group after), or to `one` when alone. `many` answers one
 * result an item, in their order. Should `many` fail, each of its items is sent to `one`, so each
 * caller gets its own answer or error.
 */
export function turnBatcher<T, R>(opts: {
  max: number;
  key: (item: T) => string;
  one: (item: T) => Promise<R>;
  many: (items: T[]) => Promise<R[]>;
}): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (err: unknown) => void };
  let waiting: Waiting[] = [];
  const one = (w: Waiting) => opts.one(w.item).then(w.resolve, w.reject);
  const send = async (all: Waiting[]): Promise<void> => {
    const keys = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const w of all) {
      const key = opts.key(w.item);
      if (group.length < opts.max && !keys.has(key)) {
        keys.add(key);
        group.push(w);
      } else later.push(w);
    }
    const sends: Promise<void>[] = later.length ? [send(later)] : [];
    if (group.length === 1) sends.push(one(group[0]!));
    else {
      sends.push(
        opts.many(group.map((w) => w.item)).then(
          (results) => group.forEach((w, i) => w.resolve(results[i]!)),
          () => Promise.all(group.map(one)).then(() => undefined),
        ),
      );
    }
    await Promise.all(sends);
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1) {
        setImmediate(() => {
          const all = waiting;
          waiting = [];
          void send(all);
        });
      }
    });
}
