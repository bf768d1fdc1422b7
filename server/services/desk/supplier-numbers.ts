import { and, asc, eq } from 'drizzle-orm';
import type { Voucher } from '../../../contract/documents.ts';
import type { Db } from '../../db/client.ts';
import { bookingLines, supplierConfirmations } from '../../db/schema.ts';

/*
 * The key of a voucher's service as suppliers confirm it (docs/decisions/0098): each stay of a
 * package its own ('stay-1' …), its transfers one, its sightseeing days one (one local desk).
 * Kept apart from the desk's service so the vouchers read it without the desk's imports.
 */

/** Short enough for the PDF's label column (110 pt) on one line. */
export const SUPPLIER_CONFIRMATION_LABEL = 'Confirmation no.';

export function serviceOf(v: Pick<Voucher, 'kind' | 'stay'>): string {
  return v.kind === 'stay' ? `stay-${v.stay?.index ?? 1}` : v.kind;
}

/**
 * A booking's confirmed numbers, by its lines' order (as the vouchers number them) and service: "0:stay-1" → "HX-123".
 */
export async function confirmedNumbers(db: Db, bookingId: number): Promise<Map<string, string>> {
  const lines = await db
    .select({ id: bookingLines.id })
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.position));
  const rows = await db
    .select({
      lineId: supplierConfirmations.lineId,
      service: supplierConfirmations.service,
      number: supplierConfirmations.number,
    })
    .from(supplierConfirmations)
    .where(and(eq(supplierConfirmations.bookingId, bookingId), eq(supplierConfirmations.status, 'confirmed')));
  const index = new Map(lines.map((l, i) => [l.id, i]));
  return new Map(
    rows.filter((r) => r.number && index.has(r.lineId)).map((r) => [`${index.get(r.lineId)}:${r.service}`, r.number!]),
  );
}

/** The voucher with its supplier's confirmation number among its details, once confirmed. */
export function withConfirmation<V extends Pick<Voucher, 'kind' | 'stay' | 'details'>>(
  v: V,
  line: number,
  numbers: Map<string, string>,
): V {
  const number = numbers.get(`${line}:${serviceOf(v)}`);
  return number ? { ...v, details: [...v.details, { label: SUPPLIER_CONFIRMATION_LABEL, value: number }] } : v;
}
