import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPGlite } from './pglite.ts';

let plain: PGlite;
let preparing: PreparingPGlite;

const SETUP = `
  create table t (id serial primary key, name text not null unique, n int, big bigint, price numeric(10, 2), ok boolean,
    data jsonb, day date, at timestamptz, tags text[]);
  insert into t (name, n, big, price, ok, data, day, at, tags)
    values ('a', 1, 9007199254740993, 12.50, true, '{"x": [1, "y"]}', '2026-01-02', '2026-01-02T03:04:05.678Z', '{p,q}'),
           ('b', null, null, null, null, null, null, null, null);`;

beforeAll(async () => {
  plain = await PGlite.create();
  preparing = new PreparingPGlite();
  await preparing.waitReady;
  await plain.exec(SETUP);
  await preparing.exec(SETUP);
});
afterAll(async () => {
  await plain.close();
  await preparing.close();
});

/** Drizzle's options: rows as arrays, dates and timestamps left as text. */
const drizzleLike = { rowMode: 'array' as const, parsers: { 1082: (v: string) => v, 1184: (v: string) => v } };

describe('PreparingPGlite', () => {
  it('answers a repeated query exactly as PGlite does, parameters, types and options included', async () => {
    const cases: [string, unknown[], object?][] = [
      ['select * from t order by id', []],
      ['select * from t where name = $1', ['a']],
      ['select * from t where id = $1 and ok = $2', [1, true], drizzleLike],
      [
        'select $1::jsonb as j, $2::int[] as a, $3::date as d, $4::timestamptz as ts',
        [{ k: [1, 2] }, [1, 2], new Date('2026-05-06T00:00:00Z'), '2026-01-01T00:00:00Z'],
      ],
      ['with x as (select 1 as one) select one from x', []],
    ];
    for (const [text, params, options] of cases) {
      const expected = await plain.query(text, params, options);
      // Seven times: past Postgres's 5 custom plans.
      for (let i = 0; i < 7; i++) expect(await preparing.query(text, params, options)).toEqual(expected);
    }
  });

  it('reports writes, conflicts and errors as PGlite does', async () => {
    const insert = `insert into t (name, n) values ($1, $2) on conflict (name) do nothing returning id`;
    for (const db of [plain, preparing]) await db.query(insert, ['c', 3]);
    expect(await preparing.query(insert, ['c', 4])).toEqual(await plain.query(insert, ['c', 4]));
    expect(await preparing.query(`update t set n = n + 1 where name = $1`, ['c'])).toEqual(
      await plain.query(`update t set n = n + 1 where name = $1`, ['c']),
    );
    const failure = (db: PGlite) => db.query(`insert into t (name) values ($1)`, ['a']).catch((e: unknown) => e);
    const [a, b] = [
      (await failure(plain)) as Record<string, unknown>,
      (await failure(preparing)) as Record<string, unknown>,
    ];
    expect(b).toBeInstanceOf(Error);
    expect([b.code, b.message, b.query, b.params]).toEqual([a.code, a.message, a.query, a.params]);
    await expect(preparing.query('select nope from t')).rejects.toThrow('column "nope" does not exist');
  });

  it('runs inside transactions, which roll back as before', async () => {
    await expect(
      preparing.transaction(async (tx) => {
        await tx.query(`insert into t (name) values ($1)`, ['in-tx']);
        expect(
          (await tx.query<{ n: number }>(`select count(*)::int as n from t where name = $1`, ['in-tx'])).rows,
        ).toEqual([{ n: 1 }]);
        await tx.query(`insert into t (name) values ($1)`, ['a']); // unique violation: the transaction fails
      }),
    ).rejects.toThrow('duplicate key');
    expect((await preparing.query(`select count(*)::int as n from t where name = $1`, ['in-tx'])).rows).toEqual([
      { n: 0 },
    ]);
    const closed = await preparing.transaction(async (tx) => tx);
    await expect(closed.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('keeps working when many distinct queries come and go, and after a table changes', async () => {
    for (let i = 0; i < 260; i++)
      expect((await preparing.query(`select $1::int + ${i} as v`, [1])).rows).toEqual([{ v: 1 + i }]);
    expect((await preparing.query(`select $1::int + 0 as v`, [2])).rows).toEqual([{ v: 2 }]);
    await preparing.query('select * from t where id = $1', [1]);
    await preparing.exec('alter table t add column extra text');
    expect(
      (await preparing.query<Record<string, unknown>>('select * from t where id = $1', [1])).rows[0],
    ).toHaveProperty('extra', null);
  });
});
