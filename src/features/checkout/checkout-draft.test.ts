import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopDbAtVersion } from '../../../tests/support/shop-db-releases.ts';
import { openShopDb, type ShopDb } from '../../lib/db.ts';
import {
  clearDrafts,
  draftWriter,
  loadDraft,
  newestDraft,
  pruneDrafts,
  saveDraft,
  type CheckoutDraft,
} from './checkout-draft.ts';
import { emptyForm } from './checkout-form.ts';

let n = 0;
const dbs: ShopDb[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of dbs.splice(0)) await db.delete();
});
function fresh(): ShopDb {
  const db = openShopDb(`draft-test-${++n}`);
  dbs.push(db);
  return db;
}

const NOW = Date.parse('2026-11-28T10:00:00Z');
const owner = 'user:42';
function draft(holdId: number, first: string, expires = '2026-11-28T10:30:00Z'): Omit<CheckoutDraft, 'id' | 'savedAt'> {
  const form = emptyForm();
  return {
    owner,
    site: 'UAE',
    holdId,
    holdExpiresAt: expires,
    party: { adult: 2, child: 0, infant: 0 },
    form: { ...form, lead: { ...form.lead, FirstName: first } },
  };
}

describe('the checkout draft on the device', () => {
  it('keeps every existing table’s rows when the database moves from version 3 to the drafts’ version', async () => {
    const name = `draft-upgrade-${++n}`;
    // The database as the last release left it: versions 1 to 3, with a row in each table.
    const old = shopDbAtVersion(name, 3);
    await old.table('cartLines').put({ id: 'line-1', owner: 'guest:abcdefgh', site: 'UAE' });
    await old.table('outbox').put({ id: 'change-1', state: 'pending', ref: 'line-1' });
    await old.table('tempBookings').put({ id: 'hold-1', owner: 'user:42', site: 'UAE' });
    await old.table('wallet').put({ ref: 'WL-AAAAA-BBBBB', userId: '42', savedAt: 1 });
    old.close();

    const db = openShopDb(name);
    dbs.push(db);
    expect(await db.cartLines.get('line-1')).toMatchObject({ owner: 'guest:abcdefgh' });
    expect(await db.outbox.where('id').equals('change-1').count()).toBe(1);
    expect(await db.tempBookings.get('hold-1')).toMatchObject({ owner: 'user:42' });
    expect(await db.wallet.get('WL-AAAAA-BBBBB')).toMatchObject({ userId: '42' });
    await saveDraft(db, draft(7, 'Sara'), NOW);
    expect((await loadDraft(db, owner, 'UAE', 7, NOW))?.form.lead.FirstName).toBe('Sara');
  });

  it('is kept per hold and per site, and not offered once its hold has ended', async () => {
    const db = fresh();
    await saveDraft(db, draft(7, 'Sara'), NOW);
    await saveDraft(db, draft(8, 'Omar'), NOW + 1000);
    await saveDraft(db, { ...draft(9, 'Asha'), site: 'IN' }, NOW + 2000);
    expect((await loadDraft(db, owner, 'UAE', 7, NOW))?.form.lead.FirstName).toBe('Sara');
    expect((await loadDraft(db, owner, 'UAE', 8, NOW))?.form.lead.FirstName).toBe('Omar');
    expect(await loadDraft(db, owner, 'UAE', 9, NOW)).toBeNull();
    expect(await loadDraft(db, 'user:43', 'UAE', 7, NOW)).toBeNull();
    expect((await newestDraft(db, owner, 'UAE', NOW))?.holdId).toBe(8);
    // Half an hour later both UAE holds have ended.
    const later = Date.parse('2026-11-28T10:31:00Z');
    expect(await loadDraft(db, owner, 'UAE', 7, later)).toBeNull();
    expect(await newestDraft(db, owner, 'UAE', later)).toBeNull();
    await pruneDrafts(db, owner, 'UAE', later);
    expect(await db.checkoutDrafts.count()).toBe(1);
  });

  it('is cleared for the hold booked, or for every hold of the traveller on the site', async () => {
    const db = fresh();
    await saveDraft(db, draft(7, 'Sara'), NOW);
    await saveDraft(db, draft(8, 'Omar'), NOW);
    await saveDraft(db, { ...draft(9, 'Asha'), site: 'IN' }, NOW);
    await clearDrafts(db, owner, 'UAE', 7);
    expect((await db.checkoutDrafts.toArray()).map((r) => r.holdId).sort()).toEqual([8, 9]);
    await clearDrafts(db, owner, 'UAE');
    expect((await db.checkoutDrafts.toArray()).map((r) => r.holdId)).toEqual([9]);
  });

  it('keeps the deposit choice, and reads a draft saved before the choice was kept as not chosen', async () => {
    const db = fresh();
    const chosen = draft(7, 'Sara');
    await saveDraft(db, { ...chosen, form: { ...chosen.form, method: 'stripe', deposit: true } }, NOW);
    const kept = await loadDraft(db, owner, 'UAE', 7, NOW);
    expect(kept?.form.deposit).toBe(true);
    expect(kept?.form.method).toBe('stripe');
    // A draft the last release wrote: its form has no deposit field at all.
    const { deposit: _none, ...older } = emptyForm();
    await db.checkoutDrafts.put({
      id: `${owner}|UAE|8`,
      owner,
      site: 'UAE',
      holdId: 8,
      holdExpiresAt: '2026-11-28T10:30:00Z',
      party: { adult: 1, child: 0, infant: 0 },
      form: { ...older, lead: { ...older.lead, FirstName: 'Omar' } },
      savedAt: NOW,
    });
    const old = await loadDraft(db, owner, 'UAE', 8, NOW);
    expect(old?.form.lead.FirstName).toBe('Omar');
    expect(Boolean(old?.form.deposit)).toBe(false);
  });

  it('drops a row that no longer fits its schema', async () => {
    const db = fresh();
    await db.checkoutDrafts.put({ id: `${owner}|UAE|7`, owner, site: 'UAE', holdId: 7, form: 'not a form' });
    expect(await loadDraft(db, owner, 'UAE', 7, NOW)).toBeNull();
    await pruneDrafts(db, owner, 'UAE', NOW);
    expect(await db.checkoutDrafts.count()).toBe(0);
  });

  it('writes the last of quick changes once typing pauses, and at once when flushed', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const writer = draftWriter(async (d) => void written.push(d.form.lead.FirstName), 300);
    writer.save(draft(7, 'S'));
    writer.save(draft(7, 'Sa'));
    vi.advanceTimersByTime(299);
    expect(written).toEqual([]);
    writer.save(draft(7, 'Sar'));
    vi.advanceTimersByTime(300);
    expect(written).toEqual(['Sar']);
    writer.save(draft(7, 'Sara'));
    await writer.flush();
    expect(written).toEqual(['Sar', 'Sara']);
    writer.save(draft(7, 'Sarah'));
    writer.cancel();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(['Sar', 'Sara']);
  });
});
