import { sql } from 'drizzle-orm';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';

/*
 * Invoice numbers: one gapless series per site (decision 0040). The next number is taken from the
 * site's row in invoice_counters by one upsert, which locks that row until the confirming
 * transaction ends: a second confirmation waits for it, and a transaction that rolls back gives its
 * number back. Numbers are therefore never skipped and never repeated, on PGlite and on Postgres.
 */

const SERIES: Record<Site, string> = { UAE: 'WLH-AE', IN: 'WLH-IN' };

/** `WLH-AE-000042`: the series and the number, six digits at least (migration 0003 writes the same). */
export function formatInvoiceNumber(site: Site, n: number): string {
  return `${SERIES[site]}-${String(n).padStart(6, '0')}`;
}

/**
 * Gives a booking that has just been confirmed its invoice number, inside the caller's transaction
 * (call it last there: the counter stays locked until commit). A booking that has one keeps it.
 */
export async function assignInvoiceNumber(tx: Db, bookingId: number, now = new Date()): Promise<string> {
  const { rows } = await tx.execute<{ site: Site; invoice_number: string | null }>(
    sql`select site, invoice_number from bookings where id = ${bookingId} for update`,
  );
  const booking = rows[0];
  if (!booking) throw new Error(`assignInvoiceNumber: no booking ${bookingId}`);
  if (booking.invoice_number) return booking.invoice_number;
  const next = await tx.execute<{ last_number: number }>(sql`
    insert into invoice_counters (site, last_number) values (${booking.site}, 1)
    on conflict (site) do update set last_number = invoice_counters.last_number + 1
    returning last_number`);
  const number = formatInvoiceNumber(booking.site, next.rows[0]!.last_number);
  await tx.execute(
    sql`update bookings set invoice_number = ${number}, invoiced_at = ${now.toISOString()} where id = ${bookingId}`,
  );
  return number;
}
