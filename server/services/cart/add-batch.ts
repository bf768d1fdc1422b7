// addLine's one statement, prepared once per database and sent for many owners' lines together in a sale's rush.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepareRaw } from '../../db/prepared.ts';
import { turnBatcher } from '../../lib/turn-batch.ts';
import { liveSessionWhere } from '../sessions.ts';
import { MAX_LINES } from './new-line.ts';

type AddLineRow = { session_ok: boolean; version: number | string; taken: boolean; lines: number; id: number | null };
export type AddLineValues = {
  tokenHash: string | null;
  userId: number | null;
  now: string;
  owner: string;
  site: string;
  clientId: string | null;
  version: number;
  currency: string;
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
  options: string;
  unitPrice: number;
  totalPrice: number;
};

/**
 * addLine's one statement (see there), prepared once per database, for one line or for many lines
 * of different owners (a sale's rush: decision 0086): each line's session (no tokenHash: a guest,
 * or a session already read), whether its clientId is taken, its cart's size and the content
 * version its facts were read at, and the insert when all allow, as if it had been sent alone.
 * Columns come as arrays, one element a line; the answer has one row a line, in their order (`i`,
 * from 1). Its text is built once, and Postgres parses and plans it once per connection (decision 0082).
 */
function addLinesQuery(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return prepareRaw<AddLineRow & { i: number | string }>(
    db,
    'cart_add_lines',
    sql`
      with r as (
        select * from unnest(${p('owner')}::text[], ${p('site')}::text[], ${p('clientId')}::text[], ${p('tokenHash')}::text[], ${p('userId')}::int[],
               ${p('version')}::bigint[], ${p('currency')}::text[], ${p('packageId')}::int[], ${p('travelDate')}::date[], ${p('adults')}::int[],
               ${p('children')}::int[], ${p('infants')}::int[], ${p('rooms')}::int[], ${p('options')}::text[], ${p('unitPrice')}::int[], ${p('totalPrice')}::int[])
          with ordinality as r(owner, site, client_id, token_hash, user_id, version, currency, package_id, travel_date, adults, children, infants, rooms, options,
                               unit_price, total_price, i)
      ), f as (
        select r.*, (r.token_hash is null or ${liveSessionWhere(sql`r.token_hash`, sql`r.user_id`, p('now'))}) as session_ok,
               (select version from content_version where id = 1) as current_version,
               exists(select 1 from cart_items c where c.owner = r.owner and c.client_id = r.client_id) as taken,
               (select count(*)::int from cart_items c where c.owner = r.owner and c.site = r.site) as lines
        from r
      ), added as (
        insert into cart_items (owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options, unit_price, total_price, client_id, created_at)
        select owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options::jsonb, unit_price, total_price, client_id, ${p('now')}::timestamptz
        from f
        where f.session_ok and f.current_version = f.version and not f.taken and f.lines < ${MAX_LINES}
        order by f.i
        on conflict (owner, client_id) do nothing
        returning id, owner
      )
      select f.i, f.session_ok, f.current_version as version, f.taken, f.lines, a.id from f left join added a on a.owner = f.owner order by f.i`,
  );
}
const builtAddLines = new WeakMap<Db, ReturnType<typeof addLinesQuery>>();

/** addLinesQuery for the given lines (of different owners): their rows, in their order. */
async function addLines(db: Db, all: AddLineValues[]): Promise<AddLineRow[]> {
  let query = builtAddLines.get(db);
  if (!query) builtAddLines.set(db, (query = addLinesQuery(db)));
  const { rows } = await query.execute({
    now: all[0]!.now,
    ...Object.fromEntries(ADD_LINE_COLUMNS.map((k) => [k, all.map((v) => v[k])])),
  });
  if (rows.length !== all.length) throw new Error('cart_add_lines answered for another number of lines');
  const answers: AddLineRow[] = [];
  for (const row of rows) answers[Number(row.i) - 1] = row;
  return answers;
}

/** addLine's statement for one line. */
export const addOneLine = async (db: Db, values: AddLineValues): Promise<AddLineRow> =>
  (await addLines(db, [values]))[0]!;

/** Lines this process has sent in a statement with others (addLineBatched), and those statements. */
export const linesSentTogether = { lines: 0, statements: 0 };

/**
 * addLine's statement, with the lines other requests of this process are adding in the same turn of
 * the event loop: one statement for up to 100 lines of different owners instead of a round trip
 * each (a sale's 500 carts at once; server/lib/turn-batch.ts). A line alone goes as addOneLine.
 */
export function addLineBatched(db: Db): (values: AddLineValues) => Promise<AddLineRow> {
  let batched = addLineBatchers.get(db);
  if (!batched) {
    batched = turnBatcher<AddLineValues, AddLineRow>({
      max: 100,
      // One line an owner in a statement: a cart's size and its clientIds are checked line by line.
      key: (v) => v.owner,
      one: (v) => addOneLine(db, v),
      many: async (all) => {
        const answers = await addLines(db, all);
        linesSentTogether.lines += all.length;
        linesSentTogether.statements++;
        return answers;
      },
    });
    addLineBatchers.set(db, batched);
  }
  return batched;
}
const addLineBatchers = new WeakMap<Db, (values: AddLineValues) => Promise<AddLineRow>>();
const ADD_LINE_COLUMNS = [
  'owner',
  'site',
  'clientId',
  'tokenHash',
  'userId',
  'version',
  'currency',
  'packageId',
  'travelDate',
  'adults',
  'children',
  'infants',
  'rooms',
  'options',
  'unitPrice',
  'totalPrice',
] as const satisfies readonly (keyof AddLineValues)[];
