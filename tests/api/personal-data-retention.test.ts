import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, files } from '../../server/db/schema.ts';
import { PERSONAL_RETENTION, purgePersonalData } from '../../server/services/personal-data-retention.ts';
import { databaseStore, folderStore, uploadsDir, type FileStore } from '../../server/services/file-store.ts';
import {
  count,
  createBookingKit,
  findPackage,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

let kit: BookingKit;
const dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
const config = { DATA_DIR: dataDir };

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
});
afterAll(async () => {
  await kit?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['in the folder (PGlite)', () => folderStore(uploadsDir(config))],
  ['in the database (DATABASE_URL)', () => databaseStore()],
];

async function storedFile(store: FileStore, owner: string, name: string) {
  await store.put(kit.database.db, name, Buffer.from('bytes'));
  const [row] = await kit.database.db
    .insert(files)
    .values({
      owner,
      purpose: 'passport',
      storedName: name,
      originalName: 'passport.pdf',
      mime: 'application/pdf',
      size: 5,
    })
    .returning();
  return row!;
}

describe.each(stores)('personal data kept only as long as the privacy policy says, files %s', (_where, storeOf) => {
  it('deletes a booking’s travel documents 90 days after its trip, and enquiries after two years, rows and bytes', async () => {
    const store = storeOf();
    const pkg = await findPackage(kit, {});
    const who = await traveller(kit);
    const past = await siteBooking(kit, who, 'UAE', pkg.id, 'pay-later');
    const ahead = await siteBooking(kit, who, 'UAE', pkg.id, 'pay-later');
    const now = new Date();
    // The first trip ended 91 days ago; the second is still ahead.
    const ended = new Date(now.getTime() - PERSONAL_RETENTION.travelDocumentsAfterTripMs - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = ${ended}::date - nights where booking_id = ${past.BookingId}`,
    );
    const oldDoc = await storedFile(store, `booking:${past.BookingId}`, `old-${Date.now()}.pdf`);
    const keptDoc = await storedFile(store, `booking:${ahead.BookingId}`, `kept-${Date.now()}.pdf`);
    const oldFile = await storedFile(store, 'enquiry', `enq-${Date.now()}.pdf`);
    const [oldEnquiry] = await kit.database.db
      .insert(enquiries)
      .values({
        kind: 'contact',
        site: 'UAE',
        payload: { name: 'Old' },
        fileId: oldFile.id,
        createdAt: new Date(now.getTime() - PERSONAL_RETENTION.enquiriesMs - 86_400_000),
      })
      .returning();
    const [newEnquiry] = await kit.database.db
      .insert(enquiries)
      .values({ kind: 'contact', site: 'UAE', payload: { name: 'New' } })
      .returning();

    const result = await purgePersonalData(kit.database.db, store, now);
    expect(result.documents).toBeGreaterThanOrEqual(1);
    expect(result.enquiries).toBeGreaterThanOrEqual(1);
    expect(await count(kit, sql`select count(*) as n from files where id = ${oldDoc.id}`)).toBe(0);
    expect(await store.exists(kit.database.db, oldDoc.storedName)).toBe(false);
    expect(await store.exists(kit.database.db, oldFile.storedName)).toBe(false);
    expect(await count(kit, sql`select count(*) as n from files where id = ${keptDoc.id}`)).toBe(1);
    expect(await store.exists(kit.database.db, keptDoc.storedName)).toBe(true);
    expect(await count(kit, sql`select count(*) as n from enquiries where id = ${oldEnquiry!.id}`)).toBe(0);
    expect(await count(kit, sql`select count(*) as n from files where id = ${oldFile.id}`)).toBe(0);
    expect(await count(kit, sql`select count(*) as n from enquiries where id = ${newEnquiry!.id}`)).toBe(1);
    // The bookings themselves stay (tax law).
    expect(await count(kit, sql`select count(*) as n from bookings where id = ${past.BookingId}`)).toBe(1);
  });
});
