import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../contract/staff.ts';
import { ok } from '../lib/envelope.ts';
import { gone } from '../lib/errors.ts';
import { deskCsv } from '../services/desk/csv.ts';
import { addBookingNote, bookingByRef, bookingDocument, deskDetail } from '../services/desk/detail.ts';
import { deskListQuery, deskSummary, listDesk } from '../services/desk/list.ts';
import { invoiceFor } from '../services/documents/invoice.ts';
import { invoicePdf } from '../services/documents/invoice-pdf.ts';
import { vouchersFor } from '../services/documents/vouchers.ts';
import { vouchersPdf } from '../services/documents/vouchers-pdf.ts';
import { staffAction } from '../services/staff/staff-action.ts';
import type { AdminContext } from './admin.ts';
import { siteDays } from '../../contract/calendar.ts';

const refParams = z.object({ ref: z.string().min(1).max(40) });

/**
 * The desk's reading side: bookings list, search, CSV export, detail, timeline, notes, documents
 * (opening one is audited), the invoice and vouchers as staff see them, and the home page's counts.
 */
export async function deskRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  /** Each site's day: a booking is overdue, or booked on a day, by its own site's calendar. */
  const today = () => siteDays(ctx.now());
  /** Sees travellers' email and phone (others see them masked). */
  const contact = (request: FastifyRequest) => can(request.staff!.role, 'travellers.contact');

  app.get(
    '/bookings',
    { preHandler: ctx.guard('bookings.read'), schema: { querystring: deskListQuery } },
    async (request) => ok(await listDesk(app.db, request.query, today(), contact(request))),
  );

  app.get(
    '/bookings.csv',
    { preHandler: ctx.guard('bookings.read'), schema: { querystring: deskListQuery } },
    async (request, reply) => {
      const { cursor: _cursor, ...filters } = request.query;
      const name = `bookings-${today().UAE}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(deskCsv(app.db, filters, today(), contact(request)));
    },
  );

  app.get('/desk/summary', { preHandler: ctx.guard('bookings.read') }, async () =>
    ok(await deskSummary(app.db, today())),
  );

  app.get(
    '/bookings/:ref',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } },
    async (request) => ok(await deskDetail(app.db, request.params.ref, { now: ctx.now(), contact: contact(request) })),
  );

  app.post(
    '/bookings/:ref/notes',
    {
      preHandler: ctx.guard('bookings.note'),
      schema: {
        params: refParams,
        body: z.object({
          body: z
            .string({ message: 'Write the note first.' })
            .trim()
            .min(1, 'Write the note first.')
            .max(4000, 'A note can be at most 4,000 characters.'),
        }),
      },
    },
    async (request) => {
      const b = await bookingByRef(app.db, request.params.ref);
      const actor = ctx.actorOf(request);
      const at = ctx.now();
      const note = await addBookingNote(app.db, actor, b, request.body.body, at);
      return ok(
        { id: note.id, body: note.body, staff: request.staff!.email, at: note.createdAt.toISOString() },
        'Note added.',
      );
    },
  );

  app.get(
    '/bookings/:ref/documents/:id',
    {
      preHandler: ctx.guard('bookings.read'),
      schema: { params: refParams.extend({ id: z.coerce.number().int().positive() }) },
    },
    async (request, reply) => {
      const b = await bookingByRef(app.db, request.params.ref);
      const file = await bookingDocument(app.db, b.id, request.params.id);
      const bytes = await app.files.open(app.db, file.storedName);
      if (!bytes) throw gone('This document’s file is no longer kept (documents are erased 90 days after the trip).');
      await staffAction(app.db, ctx.actorOf(request), ctx.now(), ({ audit }) =>
        audit({
          action: 'document.open',
          recordType: 'booking',
          recordId: b.refIdKey,
          after: { fileId: file.id, name: file.originalName },
        }),
      );
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          `attachment; filename="${file.storedName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  const pdf = (reply: FastifyReply, filename: string, bytes: Uint8Array) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));

  app.get(
    '/bookings/:ref/invoice.pdf',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } },
    async (request, reply) => {
      const b = await bookingByRef(app.db, request.params.ref);
      const { document, issuedAt } = await invoiceFor(app.db, app.config, b.userId, b.id);
      return pdf(reply, document.pdf.filename, await invoicePdf(document, issuedAt));
    },
  );

  app.get(
    '/bookings/:ref/vouchers.pdf',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } },
    async (request, reply) => {
      const b = await bookingByRef(app.db, request.params.ref);
      const { document, issuedAt } = await vouchersFor(app.db, app.config, b.userId, b.id);
      return pdf(reply, document.pdf.filename, await vouchersPdf(document, issuedAt));
    },
  );
}
