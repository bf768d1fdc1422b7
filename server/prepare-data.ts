import { backfillLedger } from './services/ledger/backfill.ts';
import { backfillCatalogue } from './db/backfill-catalogue.ts';
import type { Db } from './db/client.ts';
import { seed } from './db/seed.ts';

/**
 * A start's data step, after the migrations: the seed (decision 0061), then the back-fills that
 * give data an older build wrote what this build needs (decision 0093: the demo catalogue's stays,
 * room limits and coupons' ways of paying; decision 0089: the ledger's opening entries). Each is
 * idempotent: a start on a database already up to date changes nothing. Says what it filled in.
 */
export async function prepareData(db: Db, say: (line: string) => void = () => {}): Promise<void> {
  await seed(db);
  const catalogue = await backfillCatalogue(db);
  if (catalogue.stays || catalogue.rooms || catalogue.coupons) {
    say(
      `The catalogue, upgraded: stays filled in on ${catalogue.stays} package(s), room limits on ${catalogue.rooms}, ways of paying on ${catalogue.coupons} coupon(s)`,
    );
  }
  // Bookings whose money moved before the ledger: their opening entries, once.
  const entries = await backfillLedger(db);
  if (entries > 0) say(`The money ledger: ${entries} opening entries written for bookings made before it`);
}
