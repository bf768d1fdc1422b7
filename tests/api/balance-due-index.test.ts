import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpaidPayLater } from '../../server/services/bookings/pay-later.ts';
import { overdueSql } from '../../server/services/desk/list.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The balance-due index (bookings_balance_due_idx, partial on money still due): the desk's overdue list and home
 * count, and the pay-later job, select within its predicate, so the planner can range-scan it on due date instead of
 * reading every booking. With sequential scans priced out, each query's plan names the index; a filter that stops
 * implying the index's predicate (or an index dropped) falls back to a scan and fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function planOf(where: SQL): Promise<string> {
  return t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = await tx.execute<Record<string, string>>(
      sql`explain select count(*) from bookings b where ${where}`,
    );
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('bookings with money due', () => {
  it('are found through their partial index by the desk’s overdue filter', async () => {
    const plan = await planOf(overdueSql({ UAE: '2026-12-01', IN: '2026-12-02' }));
    expect(plan).toContain('bookings_balance_due_idx');
    expect(plan).toMatch(/Index Cond: \(payment_due_on < '2026-12-02'::date\)/);
  });

  it('and by the pay-later job', async () => {
    expect(await planOf(unpaidPayLater)).toContain('bookings_balance_due_idx');
  });

  it('but not by a filter outside its predicate', async () => {
    expect(await planOf(sql`b.payment_due_on < '2026-12-01'`)).not.toContain('bookings_balance_due_idx');
  });
});
