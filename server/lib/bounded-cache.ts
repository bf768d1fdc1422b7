/**
 * A map that forgets: entries expire after `ttlMs`, and the least recently used go first once the
 * entries together pass `maxBytes`. `clear()` empties it (the content changed).
 */
export class BoundedCache<V> {
  #entries = new Map<string, { value: V; bytes: number; expires: number }>();
  #bytes = 0;

  constructor(private readonly opts: { maxBytes: number; ttlMs: number; now?: () => number }) {}

  get size() {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= (this.opts.now ?? Date.now)()) {
      this.#delete(key);
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.#delete(key);
    if (bytes > this.opts.maxBytes) return;
    this.#entries.set(key, { value, bytes, expires: (this.opts.now ?? Date.now)() + this.opts.ttlMs });
    this.#bytes += bytes;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.opts.maxBytes) break;
      this.#delete(oldest);
    }
  }

  delete(key: string): void {
    this.#delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
