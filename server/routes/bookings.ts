import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  bookingDetailById,
  bookingsList,
  createBooking,
  getBookingDocument,
  getBookingQuote,
  startBookingPayment,
  uploadBookingFiles,
  verifyPan,
  verifyRazorpayPayment,
  verifyStripePayment,
} from '../../contract/booking-calls.ts';
import {
  BOOKING_FILE_MAX_BYTES,
  BOOKING_FILES_MAX,
  BOOKING_MESSAGES,
  type BookingSummary,
} from '../../contract/booking.ts';
import { getAvailability, getDepartures, getPriceCalendar } from '../../contract/catalogue-calls.ts';
import { idParam } from '../../contract/common.ts';
import { BOOKING_SUCCESS } from '../../contract/envelope.ts';
import { CANCELLATION_MESSAGES, requestCancellation } from '../../contract/cancellation-calls.ts';
import { ok } from '../lib/envelope.ts';
import { invalid, forbidden, DomainError } from '../lib/errors.ts';
import { formError } from '../lib/multipart.ts';
import { idempotencyKey, signedIn } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { createBooking as book, payLaterOfferFor } from '../services/bookings/create-booking.ts';
import { availability } from '../services/bookings/inventory.ts';
import { shopDepartures } from '../services/inventory/departures.ts';
import { priceCalendar } from '../services/inventory/price-calendar.ts';
import { checkPan } from '../services/bookings/pan.ts';
import { ownHold } from '../services/bookings/holds.ts';
import { depositOffer } from '../services/bookings/deposits.ts';
import { paymentMethodsFor, priceHold } from '../services/bookings/pricing.ts';
import { bookingDetail, bookingDocuments, listBookings, ownBooking } from '../services/bookings/queries.ts';
import type { BookingRow } from '../services/bookings/records.ts';
import { packagePolicies, requestCancellation as askToCancel, tripCancellation } from '../services/desk/requests.ts';
import { answer, once } from '../services/idempotency.ts';
import { nextStepFor, paymentStepFor } from '../services/payments/steps.ts';
import { refundDue, verifyRazorpay, verifyStripe } from '../services/payments/verify.ts';
import { refreshDue } from '../services/ledger/ledger.ts';
import { removeUploads, uploadWork } from '../services/uploads.ts';
import { detailWithDocumentVersions, listWithDocumentVersions } from '../services/documents/versions.ts';
import {
  addBookingFile,
  bookingFileCount,
  checkBookingFileLimit,
  openBookingFile,
  TOO_MANY_FILES,
  type StoredFile,
} from '../services/bookings/documents.ts';

export async function bookingRoutes(app: FastifyInstance) {
  route(app, getAvailability, async (p) => ok(await availability(app.db, p.packageId, p.travelDate)));
  route(app, getDepartures, async (p, request) => ok(await shopDepartures(app.db, p.packageId, request.site)));
  route(app, getPriceCalendar, async (p, request) => ok(await priceCalendar(app.db, p.packageId, request.site)));

  route(app, getBookingQuote, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    const hold = await ownHold(app.db, me.userId, p.TempBookingId, request.site);
    const price = await priceHold(app.db, {
      site: request.site,
      lines: hold.lines,
      couponCode: p.CouponCode,
      userId: me.userId,
      tcsRate: app.config.TCS_RATE_PERCENT,
      payWith: p.PayWith,
    });
    const { couponId: _id, couponLines: _lines, ...quote } = price;
    // A gateway besides pay later: the traveller can pay now (and so pay a deposit).
    const canPayNow = paymentMethodsFor(app.config, request.site).length > 1;
    const offer =
      hold.lines.length > 0 ? payLaterOfferFor(request.site, hold.lines, new Date(), app.config, canPayNow) : null;
    const payLater = offer ?? { offered: true as const };
    return ok({
      ...quote,
      TempBookingId: hold.id,
      holdExpiresAt: hold.holdExpiresAt.toISOString(),
      paymentMethods: paymentMethodsFor(app.config, request.site, payLater.offered),
      payLaterUnavailable: payLater.offered ? null : payLater.reason,
      cancellationPolicies: await packagePolicies(
        app.db,
        hold.lines.map((l) => l.packageId),
      ),
      // A deposit by the site's gateway where the packages allow one and pay later is offered (docs/decisions/0108).
      deposit:
        offer && canPayNow
          ? await depositOffer(
              app.db,
              hold.lines.map((l) => l.packageId),
              price.total,
              offer,
            )
          : null,
    });
  });

  route(app, createBooking, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { Token: _token, ...input } = p;
    const owner = `user:${me.userId}`;
    const result = await once(
      app.db,
      { owner, key: idempotencyKey(request), route: 'CreateBooking', params: { ...input, site: request.site } },
      async (tx) => {
        const summary = await book(tx, app.config, { userId: me.userId, site: request.site }, input);
        return {
          statusCode: 200,
          body: ok(
            summary,
            summary.Status === 'confirmed' ? BOOKING_MESSAGES.created : BOOKING_MESSAGES.awaitingPayment,
            BOOKING_SUCCESS,
          ),
        };
      },
    );
    const body = answer<BookingSummary>(reply, result);
    // The next step (bank details, or the gateway's order or session) is read or made afresh, after the commit.
    const booking = await ownBooking(app.db, me.userId, body.data.BookingId);
    const Next = await nextStepFor(app.db, app.config, booking);
    return { ...body, data: { ...body.data, Status: booking.status, PaymentStatus: booking.paymentStatus, Next } };
  });

  route(app, startBookingPayment, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    await ownBooking(app.db, me.userId, p.BookingId);
    // What is due is worked out for today (TCS under today's rule: decision 0089) before a gateway is opened for it.
    const booking = await refreshDue(app.db, app.config, p.BookingId);
    return ok({ BookingId: booking.id, Next: await paymentStepFor(app.db, app.config, booking) });
  });

  route(app, verifyPan, async (p, request) => {
    await signedIn(app, request, p.Token);
    const check = checkPan(p.Pan, p.Name);
    if (!check.ok)
      throw new DomainError('invalid', `${BOOKING_MESSAGES.panFailed}: ${check.reason}`, { reason: check.reason });
    const { ok: _ok, ...data } = check;
    return ok(data, 'PAN verified.');
  });

  route(app, verifyRazorpayPayment, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    const verified = await verifyRazorpay(app.db, app.config, me.userId, p);
    // Recorded, but it did not pay this booking (cancelled meanwhile, or already paid): the truth, and the refund.
    if (verified.refusal) throw refundDue(verified.refusal);
    return ok(verified.booking, BOOKING_MESSAGES.created);
  });

  route(app, verifyStripePayment, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    const verified = await verifyStripe(app.db, app.config, me.userId, p);
    // Recorded, but it did not pay this booking (cancelled meanwhile, or already paid): the truth, and the refund.
    if (verified.refusal) throw refundDue(verified.refusal);
    return ok(verified.booking, BOOKING_MESSAGES.created);
  });

  route(app, bookingsList, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    if (p.userid !== me.userId) throw forbidden('These bookings belong to another account.');
    return ok(await listWithDocumentVersions(app.db, app.config, me.userId, await listBookings(app.db, me.userId)));
  });

  route(app, bookingDetailById, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    const detail = await bookingDetail(app.db, app.config, me.userId, p.RefIdKey);
    const cancellation = await tripCancellation(app.db, {
      id: detail.BookingId,
      site: detail.site,
      status: detail.Status,
      total: detail.total,
      amountPaid: detail.amountPaid,
    });
    return ok(await detailWithDocumentVersions(app.db, app.config, me.userId, { ...detail, cancellation }));
  });

  // A traveller's cancellation request (issue 20): its ClientKey, made on the device, makes a resend from the outbox
  // the same request.
  route(app, requestCancellation, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    const made = await askToCancel(app.db, app.config, me.userId, p);
    return ok(
      { RefIdKey: made.booking.refIdKey, request: made.request },
      made.replayed ? CANCELLATION_MESSAGES.alreadySent : CANCELLATION_MESSAGES.sent,
    );
  });

  // ---------- passports and visas ----------
  await app.register(multipart, {
    limits: { fileSize: BOOKING_FILE_MAX_BYTES, files: BOOKING_FILES_MAX, fields: 5, parts: BOOKING_FILES_MAX + 5 },
  });

  route(app, uploadBookingFiles, async (p, request) => {
    // The token and the booking are checked before a byte of any file is kept.
    const me = await signedIn(app, request, p.token);
    if (!request.isMultipart())
      throw new DomainError(
        'unsupported',
        'Send the files as multipart/form-data, in fields named images and documents.',
      );
    let booking: BookingRow | null = p.BookingId ? await ownBooking(app.db, me.userId, p.BookingId) : null;
    let kept = 0;
    const stored: StoredFile[] = [];
    try {
      // With the files in the database, the rows and their bytes are one transaction.
      await uploadWork(app.db, app.files, async (db) => {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname.toLowerCase() !== 'bookingid') continue;
            const id = idParam.safeParse(part.value);
            if (!id.success) throw invalid('BookingId: must be a numeric id');
            if (booking && booking.id !== id.data)
              throw invalid('BookingId: the form and the address name different bookings.');
            booking ??= await ownBooking(db, me.userId, id.data);
            continue;
          }
          if (!booking) throw invalid('Send BookingId before the files (or in the address).');
          if (booking.status === 'cancelled')
            throw invalid('This booking was cancelled: documents can no longer be added.');
          if (part.fieldname !== 'images' && part.fieldname !== 'documents')
            throw invalid(`Send files in fields named images or documents, not "${part.fieldname}".`);
          if (stored.length === 0) kept = await bookingFileCount(db, booking.id);
          if (kept + stored.length >= BOOKING_FILES_MAX) throw invalid(TOO_MANY_FILES);
          stored.push(await addBookingFile(db, app.files, booking.id, part));
        }
        if (booking) await checkBookingFileLimit(db, booking.id, stored);
      });
    } catch (err) {
      if (!app.files.transactional) await removeUploads(app.db, app.files, stored);
      throw formError(err, {
        tooLarge: 'A file is larger than 10 MB. Send a smaller copy.',
        files: `Send at most ${BOOKING_FILES_MAX} files at a time.`,
      });
    }
    if (!booking) throw invalid('BookingId: is required');
    if (stored.length === 0) throw invalid('Choose at least one passport or visa copy to upload.');
    const message = `${stored.length} ${stored.length === 1 ? 'file was' : 'files were'} added to your booking.`;
    return ok({ documents: await bookingDocuments(app.db, booking.id) }, message);
  });

  /** One uploaded document, for its traveller only; always a download, never sniffed. */
  app.get(
    `/${getBookingDocument.path}`,
    { schema: { querystring: getBookingDocument.params } },
    async (request, reply: FastifyReply) => {
      const p = request.query as { Token?: string; BookingId: number; FileId: number };
      const me = await signedIn(app, request, p.Token);
      const booking = await ownBooking(app.db, me.userId, p.BookingId);
      const { file, bytes } = await openBookingFile(app.db, app.files, booking.id, p.FileId);
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.storedName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
