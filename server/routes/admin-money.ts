import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { leadTravellerSchema } from '../../contract/booking.ts';
import { MANUAL_METHODS } from '../../contract/desk.ts';
import { inSmallestUnit } from '../../contract/money.ts';
import { ok } from '../lib/envelope.ts';
import { invalid } from '../lib/errors.ts';
import { recordManualPayment, money } from '../services/desk/payments.ts';
import { resendMail, RESEND_WHAT } from '../services/desk/resend.ts';
import { correctTravellerName } from '../services/desk/travellers.ts';
import type { AdminContext } from './admin.ts';

const paymentBody = z.object({
  amount: inSmallestUnit(
    z
      .number({ message: 'Enter the amount received, in the smallest unit of the currency (fils, paise).' })
      .int('Enter the amount in the smallest unit of the currency (a whole number of fils or paise).')
      .positive('The amount must be more than zero.')
      .max(1_000_000_000, 'That amount is too large.'),
  ),
  method: z.enum(MANUAL_METHODS, { message: 'Choose how it was paid: bank-transfer, cash or card-terminal.' }),
  reference: z
    .string({
      message: 'Enter the reference of the payment (the bank transfer’s, the receipt’s or the terminal slip’s).',
    })
    .trim()
    .min(1, 'Enter the reference of the payment (the bank transfer’s, the receipt’s or the terminal slip’s).')
    .max(120, 'The reference can be at most 120 characters.'),
  receivedOn: z.iso.date({ message: 'Enter the date the money was received (YYYY-MM-DD).' }),
});

const resendBody = z.object({
  what: z.enum(RESEND_WHAT, { message: 'Choose what to resend: confirmation, invoice or vouchers.' }),
});

const nameBody = z.object({
  title: leadTravellerSchema.shape.Title.optional(),
  firstName: leadTravellerSchema.shape.FirstName,
  lastName: leadTravellerSchema.shape.LastName,
  reason: z
    .string({ message: 'Say why the name is corrected.' })
    .trim()
    .min(3, 'Say why the name is corrected.')
    .max(500, 'The reason can be at most 500 characters.'),
});

/** Every field's message, as one line a person can act on: "amount: …; reference: …". */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
  );
}

const refParam = (params: unknown) => String((params as { ref?: string }).ref ?? '').slice(0, 40);

/**
 * Money received and bookings kept right: record a payment, resend mail, correct a traveller's name.
 * The body is checked after the guard, so a caller without a session or the permission learns nothing.
 */
export async function deskMoneyRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  app.post(
    '/bookings/:ref/payments',
    { preHandler: ctx.guard('payments.record'), config: { documentedBody: paymentBody } },
    async (request) => {
      const input = parse(paymentBody, request.body);
      const done = await recordManualPayment(
        app.db,
        app.config,
        ctx.actorOf(request),
        refParam(request.params),
        input,
        ctx.now(),
      );
      return ok(
        done,
        done.PaymentStatus === 'paid'
          ? `Payment recorded: booking ${done.RefIdKey} is paid in full${done.invoiceNumber ? ` (tax invoice ${done.invoiceNumber})` : ''}. The receipt is on its way to the traveller.`
          : `Payment recorded: ${money(done.AmountDue, done.Currency)} is still due on ${done.RefIdKey}. The receipt is on its way to the traveller.`,
      );
    },
  );

  app.post(
    '/bookings/:ref/resend',
    { preHandler: ctx.guard('mail.resend'), config: { documentedBody: resendBody } },
    async (request) => {
      const { what } = parse(resendBody, request.body);
      const sent = await resendMail(
        app.db,
        app.config,
        ctx.actorOf(request),
        refParam(request.params),
        what,
        ctx.now(),
      );
      return ok(sent, `The ${what} is on its way to ${sent.to}.`);
    },
  );

  app.post(
    '/bookings/:ref/travellers/:travellerId',
    { preHandler: ctx.guard('travellers.edit'), config: { documentedBody: nameBody } },
    async (request) => {
      const travellerId = Number((request.params as { travellerId?: string }).travellerId);
      if (!Number.isSafeInteger(travellerId) || travellerId <= 0) throw invalid('travellerId: not a traveller id.');
      const input = parse(nameBody, request.body);
      const done = await correctTravellerName(
        app.db,
        app.config,
        ctx.actorOf(request),
        refParam(request.params),
        travellerId,
        input,
        ctx.now(),
      );
      return ok(
        done,
        `Name corrected.${done.vouchersMailed ? ' The updated vouchers are on their way to the traveller.' : ' The vouchers will carry the new name.'}${done.invoiceKeeps ? ` The tax invoice already issued keeps the buyer name “${done.invoiceKeeps}”: for an invoice in the new name, issue a credit note and a new invoice.` : ''}`,
      );
    },
  );
}
