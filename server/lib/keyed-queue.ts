/**
 * At most `perKey` at a time per key within this process: `run(keys, fn)` starts `fn` once it has a
 * place on every one of its keys, the waiting served in the order they asked. Keys are taken in
 * sorted order, so two runs over the same keys cannot wait on each other. `fn` is told whether it
 * waited (what ran before it may have changed what it read).
 *
 * For work that would otherwise wait on one hot database row lock while holding a connection of
 * the pool: a sale's holds queue here, where waiting costs nothing, and only a few per process
 * wait for the departure's lock in Postgres (decision 0086). The database's lock stays the
 * guarantee between processes; this queue only decides who in this process asks for it next.
 */
export class KeyedQueue {
  readonly #perKey: number;
  readonly #keys = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(perKey = 1) {
    this.#perKey = perKey;
  }

  async run<T>(keys: readonly string[], fn: (waited: boolean) => Promise<T>): Promise<T> {
    const taken: string[] = [];
    let waited = false;
    try {
      for (const key of [...new Set(keys)].sort()) {
        let slot = this.#keys.get(key);
        if (!slot) this.#keys.set(key, (slot = { running: 0, waiting: [] }));
        if (slot.running < this.#perKey) slot.running++;
        else {
          waited = true;
          // The place is handed over by the run that leaves it (see #leave): running stays counted.
          await new Promise<void>((resolve) => slot.waiting.push(resolve));
        }
        taken.push(key);
      }
      return await fn(waited);
    } finally {
      for (const key of taken.reverse()) this.#leave(key);
    }
  }

  #leave(key: string) {
    const slot = this.#keys.get(key)!;
    const next = slot.waiting.shift();
    if (next) next();
    else if (--slot.running === 0) this.#keys.delete(key);
  }

  /** Keys with a run going or waiting (for tests). */
  get busyKeys(): number {
    return this.#keys.size;
  }
}
