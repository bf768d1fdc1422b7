import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** A raw statement prepared once (see prepareRaw): run it with its placeholders' values. */
export interface PreparedRaw<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

/**
 * A raw statement (`sql` with `sql.placeholder(...)` for its values) prepared under a name, as
 * drizzle's builders do with `.prepare(name)`: the text is built once, and on node-postgres it is
 * a named statement, parsed and planned by Postgres once per connection instead of on every call
 * (PGlite keeps every text prepared: server/db/pglite.ts). For the hot calls whose statement a
 * builder cannot express (a sale's cart: decision 0082). Build it once per database (a
 * transaction is a database of its own) and keep it; the name must be unique to the text.
 */
export function prepareRaw<R>(db: Db, name: string, query: SQL): PreparedRaw<R> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return { execute: (values) => prepared.execute(values) as Promise<{ rows: R[] }> };
}
