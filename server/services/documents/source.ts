import type { BookingDetail } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingDetail, ownBooking } from '../bookings/queries.ts';
import type { BookingRow } from '../bookings/records.ts';
import { shopDetails, type ShopDetails } from '../shop-details.ts';

/** What a booking's documents are made from: its row, its detail as the traveller sees it, and the seller. */
export interface DocumentSource {
  row: BookingRow;
  detail: BookingDetail;
  site: Site;
  shop: ShopDetails;
  /** When it was confirmed: the documents' date (the invoice's, the vouchers' and the PDFs'). */
  issuedAt: Date;
}

/**
 * One of the traveller's bookings, read for its documents. Someone else's booking is the same 404
 * as no booking at all; what is not confirmed yet is the caller's to refuse.
 */
export async function documentSource(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
): Promise<DocumentSource> {
  const row = await ownBooking(db, userId, bookingId);
  return sourceOf(config, row, await bookingDetail(db, config, userId, row.refIdKey));
}

/**
 * The source of a booking already read with its detail: shared by all its documents in one call (docs/decisions/0107).
 */
export function sourceOf(config: Config, row: BookingRow, detail: BookingDetail): DocumentSource {
  const site = row.site;
  return {
    row,
    detail,
    site,
    shop: shopDetails(config, site),
    issuedAt: row.invoicedAt ?? row.confirmedAt ?? row.createdAt,
  };
}

export const fullName = (t: { title?: string | null; firstName: string; lastName: string }) =>
  [t.title, t.firstName, t.lastName].filter(Boolean).join(' ');

/** Where the PDF of a document is: the JSON call's own address with format=pdf. */
export const pdfUrl = (jsonUrl: string) => `${jsonUrl}&format=pdf`;
