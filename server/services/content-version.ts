import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The catalogue's and content's version (the content_version row, bumped by triggers on every
 * change, whoever makes it): read every `intervalMs`, and on a change the listeners (the caches
 * of shared answers and pages) are told, in this process. Each process of a deployment reads it,
 * so a change made through one (or by hand in Postgres) reaches all within the interval.
 */
export class ContentVersion {
  #value: number | null = null;
  #listeners = new Set<() => void>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  get value(): number | null {
    return this.#value;
  }

  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  /** Reads the version now; tells the listeners when it moved. */
  async check(): Promise<void> {
    const { rows } = await this.db.execute<{ version: number | string }>(
      sql`select version from content_version where id = 1`,
    );
    const value = Number(rows[0]?.version ?? 0);
    if (value === this.#value) return;
    this.#value = value;
    for (const listener of this.#listeners) listener();
  }

  start(intervalMs: number): void {
    this.stop();
    this.#timer = setInterval(() => void this.check().catch(this.onError), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
