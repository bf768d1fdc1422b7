import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { removeUploads } from './uploads.ts';

const DAY = 86_400_000;

/** What the privacy policy promises (src/features/legal/privacy-page.tsx): keep the two in step. */
export const PERSONAL_RETENTION = {
  /** Passport and visa copies uploaded to a booking: until this long after the trip's last day. */
  travelDocumentsAfterTripMs: 90 * DAY,
  /** Enquiries and their attachments: this long after they came in. */
  enquiriesMs: 730 * DAY,
} as const;

/**
 * Deletes the personal data the privacy policy says we stop keeping: documents uploaded to a
 * booking 90 days after its trip ended (a cancelled booking's at once), and enquiries two years
 * old, each with its file's bytes. Bookings and invoices stay (tax law).
 */
export async function purgePersonalData(
  db: Db,
  store: FileStore,
  now = new Date(),
): Promise<{ documents: number; enquiries: number }> {
  const cutoff = new Date(now.getTime() - PERSONAL_RETENTION.travelDocumentsAfterTripMs).toISOString().slice(0, 10);
  const { rows: docs } = await db.execute<{ id: number; stored_name: string }>(sql`
    select f.id, f.stored_name from files f
    join bookings b on f.owner = 'booking:' || b.id
    where b.status = 'cancelled'
       or (select max(l.travel_date + l.nights) from booking_lines l where l.booking_id = b.id) < ${cutoff}::date`);
  await removeUploads(
    db,
    store,
    docs.map((d) => ({ id: d.id, storedName: d.stored_name })),
  );

  const before = new Date(now.getTime() - PERSONAL_RETENTION.enquiriesMs).toISOString();
  const { rows: old } = await db.execute<{ id: number; file_id: number | null; stored_name: string | null }>(sql`
    select e.id, e.file_id, f.stored_name from enquiries e left join files f on f.id = e.file_id where e.created_at < ${before}::timestamptz`);
  if (old.length) {
    await db.execute(sql`delete from enquiries where id in ${sql.raw(`(${old.map((o) => Number(o.id)).join(',')})`)}`);
    await removeUploads(
      db,
      store,
      old
        .filter((o) => o.file_id !== null && o.stored_name)
        .map((o) => ({ id: o.file_id!, storedName: o.stored_name! })),
    );
  }
  return { documents: docs.length, enquiries: old.length };
}
