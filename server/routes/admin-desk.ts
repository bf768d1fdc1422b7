import type { FastifyInstance, FastifyReply } from 'fastify';
import * as calls from '../../contract/admin-desk-calls.ts';
import { siteDays } from '../../contract/calendar.ts';
import { can } from '../../contract/staff.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { gone } from '../lib/errors.ts';
import { deskCsv } from '../services/desk/csv.ts';
import { addBookingNote, bookingByRef, bookingDocument, deskDetail } from '../services/desk/detail.ts';
import { deskSummary, listDesk } from '../services/desk/list.ts';
import { invoiceFor } from '../services/documents/invoice.ts';
import { invoicePdf } from '../services/documents/invoice-pdf.ts';
import { vouchersFor } from '../services/documents/vouchers.ts';
import { vouchersPdf } from '../services/documents/vouchers-pdf.ts';
import { staffAction } from '../services/staff/staff-action.ts';
import type { StaffSession } from '../services/staff/staff.ts';
import type { AdminContext } from './admin.ts';

/**
 * The desk's reading side: bookings list, search, CSV export, detail, timeline, notes, documents
 * (opening one is audited), the invoice and vouchers as staff see them, and the home page's counts.
 * Each call is declared in contract/admin-desk-calls.ts (decision 0111).
 */
export async function deskRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  /** Each site's day: a booking is overdue, or booked on a day, by its own site's calendar. */
  const today = () => siteDays(ctx.now());
  /** Sees travellers' email and phone (others see them masked). */
  const contact = (staff: StaffSession) => can(staff.role, 'travellers.contact');

  adminRoute(app, ctx, calls.listBookingsCall, async ({ query, staff }) =>
    ok(await listDesk(app.db, query, today(), contact(staff))),
  );

  adminRoute(app, ctx, calls.bookingsCsvCall, async ({ query, staff, reply }) => {
    const { cursor: _cursor, ...filters } = query;
    const name = `bookings-${today().UAE}.csv`;
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(deskCsv(app.db, filters, today(), contact(staff)));
  });

  adminRoute(app, ctx, calls.deskSummaryCall, async () => ok(await deskSummary(app.db, today())));

  adminRoute(app, ctx, calls.bookingDetailCall, async ({ params, staff }) =>
    ok(await deskDetail(app.db, params.ref, { now: ctx.now(), contact: contact(staff) })),
  );

  adminRoute(app, ctx, calls.addNoteCall, async ({ params, body, actor, staff }) => {
    const b = await bookingByRef(app.db, params.ref);
    const at = ctx.now();
    const note = await addBookingNote(app.db, actor, b, body.body, at);
    return ok({ id: note.id, body: note.body, staff: staff.email, at: note.createdAt.toISOString() }, 'Note added.');
  });

  adminRoute(app, ctx, calls.bookingDocumentCall, async ({ params, actor, reply }) => {
    const b = await bookingByRef(app.db, params.ref);
    const file = await bookingDocument(app.db, b.id, params.id);
    const bytes = await app.files.open(app.db, file.storedName);
    if (!bytes) throw gone('This document’s file is no longer kept (documents are erased 90 days after the trip).');
    await staffAction(app.db, actor, ctx.now(), ({ audit }) =>
      audit({
        action: 'document.open',
        recordType: 'booking',
        recordId: b.refIdKey,
        after: { fileId: file.id, name: file.originalName },
      }),
    );
    await reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header(
        'content-disposition',
        `attachment; filename="${file.storedName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  const pdf = async (reply: FastifyReply, filename: string, bytes: Uint8Array) => {
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  };

  adminRoute(app, ctx, calls.invoicePdfCall, async ({ params, reply }) => {
    const b = await bookingByRef(app.db, params.ref);
    const { document, issuedAt } = await invoiceFor(app.db, app.config, b.userId, b.id);
    await pdf(reply, document.pdf.filename, await invoicePdf(document, issuedAt));
  });

  adminRoute(app, ctx, calls.vouchersPdfCall, async ({ params, reply }) => {
    const b = await bookingByRef(app.db, params.ref);
    const { document, issuedAt } = await vouchersFor(app.db, app.config, b.userId, b.id);
    await pdf(reply, document.pdf.filename, await vouchersPdf(document, issuedAt));
  });
}
