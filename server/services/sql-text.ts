import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Equality ignoring case (page names, banner types). */
export const equalsIgnoreCase = (column: AnyColumn, value: string): SQL =>
  sql`lower(${column}) = ${value.toLowerCase()}`;

/** Escapes LIKE wildcards so typed text matches literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text matching at the start of any word (the start, or after a space, hyphen or bracket), ignoring case. */
export function wordStartsWith(column: AnyColumn, prefix: string): SQL {
  const p = likeLiteral(prefix.toLowerCase());
  const l = sql`lower(${column})`;
  return sql`(${l} like ${`${p}%`} or ${l} like ${`% ${p}%`} or ${l} like ${`%-${p}%`} or ${l} like ${`%(${p}%`})`;
}
