import { z } from 'zod';
import { TITLES } from './account.ts';
import { cartItemSchema } from './cart.ts';
import { packagePolicySchema, tripCancellationSchema } from './cancellation-calls.ts';
import { idParam, refIdKeyParam } from './common.ts';
import { payWithSchema } from './coupons.ts';
import { isRealEmail, INVALID_EMAIL } from './enquiry.ts';
import { isValidInternationalPhone } from './phone.ts';
import { currencySchema, siteSchema } from './site.ts';
import { vatTreatmentSchema } from './tax-schemas.ts';
import { inSmallestUnit } from './money.ts';
import { USER_ID_MISSING } from './booking-messages.ts';

/*
 * Bookings and payments. Every amount here is an integer of the currency's smallest unit (fils,
 * paise), as the catalogue's prices are (docs/decisions/0116).
 */

export const BOOKING_MESSAGES = {
  /** Spec §5: the booking list and details need the stored user id. */
  userIdMissing: USER_ID_MISSING,
  /** Spec §8: the alert shown when PAN verification does not succeed. */
  panFailed: 'Failed to verify PAN',
  created: 'Your booking is confirmed.',
  awaitingPayment: 'Your booking is made. Complete the payment to confirm it.',
  paid: 'Payment received. Your booking is confirmed.',
  holdEnded:
    'Your hold on these holidays has ended. Go back to your cart and continue to booking again to hold today’s prices.',
  alreadyBooked: 'This hold has already been booked. Open My trips to see your booking.',
  holdNotFound: 'We could not find this hold. Go back to your cart and continue to booking again.',
  needsSignIn: 'Please log in to book: your held holidays stay in your cart.',
} as const;

export const PAYMENT_METHODS = ['razorpay', 'stripe', 'pay-later'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { message: 'must be razorpay, stripe or pay-later' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const bookingStatusSchema = z.enum(['awaiting-payment', 'confirmed', 'cancelled']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
/**
 * 'partly-paid': staff recorded part of the total; 'refund-due': money received that the shop owes
 * back (a booking that stays cancelled, a second payment); 'partly-refunded' / 'refunded': refunds
 * made on a cancelled booking's payments (the desk: issue 20).
 */
export const paymentStatusSchema = z.enum([
  'unpaid',
  'partly-paid',
  'paid',
  'failed',
  'refund-due',
  'partly-refunded',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const AGE_BANDS = ['adult', 'child', 'infant'] as const;
export const ageBandSchema = z.enum(AGE_BANDS, { message: 'must be adult, child or infant' });
export type AgeBand = z.infer<typeof ageBandSchema>;

/** A name as on a passport: letters (any script), spaces, apostrophes, dots and hyphens. */
const personName = (what: string) =>
  z
    .string({ message: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(60, `The ${what} can be at most 60 characters.`)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, `Write the ${what} as it is on the passport (letters only).`);

export const emailSchema = z
  .string({ message: INVALID_EMAIL })
  .trim()
  .max(254, INVALID_EMAIL)
  .refine(isRealEmail, INVALID_EMAIL)
  .transform((v) => v.toLowerCase());

export const phoneSchema = z
  .string({ message: 'Please enter a valid phone number.' })
  .trim()
  .refine(isValidInternationalPhone, 'Please enter a valid phone number.')
  .transform((v) => v.replace(/[\s().-]/g, ''));

export const leadTravellerSchema = z.object({
  Title: z.enum(TITLES, { message: 'Choose a title: Mr, Mrs, Ms, Miss or Dr.' }),
  FirstName: personName('first name'),
  LastName: personName('last name'),
  Email: emailSchema,
  Phone: phoneSchema,
  DOB: z.string({ message: 'Enter the date of birth.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth.'),
  /** India: the state (its name, or its id from StatesByCountryId): the place of supply on the invoice. */
  State: z
    .union([z.string(), z.number()], { message: 'Choose your state.' })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(80, 'Choose your state from the list.'))
    .optional(),
  /** The billing address, as lines (required on India from ₹50,000 without a GSTIN). */
  Address: z
    .array(z.string().trim().max(120, 'An address line can be at most 120 characters.'), {
      message: 'Give the address as lines of text.',
    })
    .max(5, 'Give the address in at most 5 lines.')
    .transform((lines) => lines.filter(Boolean))
    .optional(),
});
export type LeadTraveller = z.infer<typeof leadTravellerSchema>;

export const travellerSchema = z.object({
  FirstName: personName('first name'),
  LastName: personName('last name'),
  AgeBand: ageBandSchema,
  /** Required for a child or an infant: the age on the first travel date decides the band. */
  DOB: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD.')
    .optional(),
});
export type Traveller = z.infer<typeof travellerSchema>;

/** Five letters, four digits, a letter; the fourth letter is the holder type (P: a person). */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/;
export const panSchema = z
  .string({ message: 'Enter your PAN.' })
  .trim()
  .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(PAN_PATTERN, 'A PAN has 10 characters: five letters, four digits and a letter (for example ABCPK1234F).'),
  );

const tokenParams = { Token: z.string().min(1).max(1024).optional() };

export const couponCodeParam = z
  .string()
  .trim()
  .max(40, 'must be at most 40 characters')
  .transform((v) => v.toUpperCase())
  .optional()
  .transform((v) => (v ? v : undefined));

/** CreateBooking (JSON body). Unknown fields, a client's prices among them, are dropped. */
export const createBookingParamsSchema = z.object({
  ...tokenParams,
  TempBookingId: idParam,
  PaymentMethod: paymentMethodSchema,
  LeadTraveller: leadTravellerSchema,
  /** Everyone but the lead traveller. */
  Travellers: z.array(travellerSchema).max(40, 'at most 40 travellers per booking').default([]),
  SpecialRequests: z.string().trim().max(1000, 'Special requests can be at most 1,000 characters.').default(''),
  Pan: z.string().max(20).optional(),
  /** India: a business buyer's GSTIN (checked with its check character and state). */
  Gstin: z.string().max(20, 'A GSTIN has 15 characters.').optional(),
  /** UAE: a business buyer's tax registration number (15 digits). */
  Trn: z.string().max(20, 'A TRN has 15 digits.').optional(),
  /** A coupon the traveller chose at review; none when omitted. */
  CouponCode: couponCodeParam,
  /** How the traveller pays at the gateway (card, netbanking, upi): coupons tied to a way of paying need it. */
  PayWith: payWithSchema.optional(),
  /**
   * Pay a deposit now (docs/decisions/0108): with PaymentMethod the site's gateway, which takes the
   * package's deposit share (worked out by the server), the rest due by the pay-later due date.
   */
  Deposit: z.boolean().optional(),
});
export type CreateBookingParams = z.input<typeof createBookingParamsSchema>;

/** Ours: what a hold costs with a coupon, priced by the server, for the review step. */
export const bookingQuoteParamsSchema = z.object({
  ...tokenParams,
  TempBookingId: idParam,
  CouponCode: couponCodeParam,
  PayWith: payWithSchema.optional(),
});

export const taxLineSchema = z.object({
  /** GST: one line before the place of supply is known (a quote); a booking has CGST + SGST or IGST. */
  code: z.enum(['GST', 'CGST', 'SGST', 'IGST', 'TCS', 'VAT']),
  label: z.string(),
  rate: z.number(),
  amount: inSmallestUnit(z.number().int()),
  /** Inside the prices already (UAE VAT), not added to them. */
  included: z.boolean(),
  /** What the tax is worked on (TCS: the overseas packages with their GST; VAT: the standard-rated lines). */
  base: inSmallestUnit(z.number().int()).optional(),
  /** TCS across a threshold: the part at each rate. */
  parts: z
    .array(
      z.object({ base: inSmallestUnit(z.number().int()), rate: z.number(), amount: inSmallestUnit(z.number().int()) }),
    )
    .optional(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

/** A booked holiday: what its cart line said (package, date, party), priced by the server. */
export const bookingLineSchema = cartItemSchema
  .pick({
    packageId: true,
    slug: true,
    title: true,
    city: true,
    nights: true,
    travelDate: true,
    adults: true,
    children: true,
    infants: true,
    rooms: true,
  })
  .extend({
    adultPrice: inSmallestUnit(z.number().int()),
    childPrice: inSmallestUnit(z.number().int()),
    amount: inSmallestUnit(z.number().int()),
    overseas: z.boolean(),
    /** UAE: the package's VAT treatment when booked (null on India, and on bookings made before it was kept). */
    vatTreatment: vatTreatmentSchema.nullable().optional(),
  });
export type BookingLine = z.infer<typeof bookingLineSchema>;

export const appliedCouponSchema = z.object({ code: z.string(), title: z.string() });

/** The server's price of a hold or booking. */
export const priceBreakdownSchema = z.object({
  currency: currencySchema,
  lines: z.array(bookingLineSchema),
  subtotal: inSmallestUnit(z.number().int()),
  discount: inSmallestUnit(z.number().int()),
  coupon: appliedCouponSchema.nullable(),
  taxes: z.array(taxLineSchema),
  total: inSmallestUnit(z.number().int()),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const bookingQuoteSchema = priceBreakdownSchema.extend({
  TempBookingId: z.number().int(),
  holdExpiresAt: z.string(),
  /** India: tax collected at source applies, so the lead traveller's PAN is needed. */
  panRequired: z.boolean(),
  /** The ways this site takes payment now (gateways only when configured). */
  paymentMethods: z.array(paymentMethodSchema),
  /** Why paying later is not among paymentMethods (the trip starts too soon for it); null when it is. */
  payLaterUnavailable: z.string().nullable().optional(),
  /** Why a chosen coupon was not applied; null when it was (or none was chosen). */
  couponError: z.string().nullable(),
  /** Each package's cancellation policy in words, for the review step. */
  cancellationPolicies: z.array(packagePolicySchema).optional(),
  /**
   * A deposit the traveller may pay now instead of the total (docs/decisions/0108); null when the packages or the dates
   * allow none.
   */
  deposit: z
    .object({
      percent: z.number().int(),
      amount: inSmallestUnit(z.number().int()),
      /** The rest, due by `dueOn` (the pay-later due date). */
      balance: inSmallestUnit(z.number().int()),
      dueOn: z.string(),
    })
    .nullable()
    .optional(),
});
export type BookingQuote = z.infer<typeof bookingQuoteSchema>;

export const shopContactSchema = z.object({
  phone: z.string(),
  email: z.string(),
  bank: z.object({
    accountName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    code: z.string(),
    codeLabel: z.string(),
  }),
});

/** What the page does after CreateBooking: nothing, pay later, or open a gateway. */
export const nextStepSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('pay-later'), dueOn: z.string(), payTo: shopContactSchema }),
  z.object({
    type: z.literal('razorpay'),
    keyId: z.string(),
    orderId: z.string(),
    amount: inSmallestUnit(z.number().int()),
    currency: currencySchema,
    checkoutUrl: z.string(),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
    /** Seconds before Razorpay's checkout closes itself: the booking's payment window, less a minute. */
    timeout: z.number().int(),
    /** The booking's coupon is for this way of paying: Razorpay's checkout is opened showing it only. */
    method: payWithSchema.optional(),
  }),
  z.object({ type: z.literal('stripe'), sessionId: z.string(), url: z.string() }),
]);
export type NextStep = z.infer<typeof nextStepSchema>;

/**
 * One document the traveller holds for a booking (docs/decisions/0107): its kind, its number (a
 * proforma's is the booking's reference, a voucher's its `REF-01`) and a version, a short hash of
 * what the document shows, which changes whenever its page or PDF would. The wallet keys its saved
 * copy on these.
 */
export const DOCUMENT_VERSION_KINDS = [
  'tax-invoice',
  'proforma',
  'voucher',
  'credit-note',
  'receipt',
  'debit-note',
] as const;
export const documentVersionSchema = z.object({
  kind: z.enum(DOCUMENT_VERSION_KINDS),
  number: z.string(),
  version: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const bookingSummarySchema = z.object({
  BookingId: z.number().int(),
  RefIdKey: z.string(),
  Status: bookingStatusSchema,
  PaymentStatus: paymentStatusSchema,
  PaymentMethod: paymentMethodSchema,
  Total: inSmallestUnit(z.number().int()),
  Currency: currencySchema,
  site: siteSchema,
  /** First line's title, and how many more. */
  title: z.string(),
  moreLines: z.number().int(),
  firstTravelDate: z.string(),
  travellerCount: z.number().int(),
  createdAt: z.string(),
  /**
   * Its supplier vouchers are issued (GenerateAllVoucher answers them): a confirmed booking paid in
   * full, or a pay-later booking that already had them under the rules before issue 19, which keeps
   * them until it is paid or cancelled (decision 0093).
   */
  vouchersIssued: z.boolean(),
  /**
   * The documents it has now, each with its version (docs/decisions/0107): in the list and the detail; a booking's
   * other answers leave it out.
   */
  documentVersions: z.array(documentVersionSchema).optional(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const createBookingResultSchema = bookingSummarySchema.extend({
  Next: nextStepSchema,
  /**
   * A booking made with a deposit (docs/decisions/0108): the deposit its gateway step asks now, as
   * the server worked it out (the rest is the balance); absent without a deposit.
   */
  DepositAmount: inSmallestUnit(z.number().int()).optional(),
});
export type CreateBookingResult = z.infer<typeof createBookingResultSchema>;

export const bookingTravellerSchema = z.object({
  lead: z.boolean(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  ageBand: ageBandSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
});

export const bookingDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['image', 'document']),
  mime: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type BookingDocument = z.infer<typeof bookingDocumentSchema>;

export const bookingEventSchema = z.object({
  at: z.string(),
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  cause: z.string(),
});

export const bookingDetailSchema = bookingSummarySchema.extend({
  ...priceBreakdownSchema.omit({ currency: true }).shape,
  amountPaid: inSmallestUnit(z.number().int()),
  amountDue: inSmallestUnit(z.number().int()),
  paymentDueOn: z.string().nullable(),
  /** Pay later: where to pay. */
  payTo: shopContactSchema.nullable(),
  /** Pay later: the balance can be paid online now, with the site's gateway (until the due date). */
  payOnline: z.boolean().optional(),
  /** A booking made with a deposit (docs/decisions/0108): the deposit asked first; null without one. */
  depositAmount: inSmallestUnit(z.number().int()).nullable().optional(),
  specialRequests: z.string(),
  /** Shown masked (XXXXX1234F). */
  pan: z.string().nullable(),
  travellers: z.array(bookingTravellerSchema),
  documents: z.array(bookingDocumentSchema),
  /** The policy, what cancelling today refunds, and the traveller's latest cancellation request. */
  cancellation: tripCancellationSchema.optional(),
  events: z.array(bookingEventSchema),
  links: z.object({ invoice: z.string(), vouchers: z.string() }),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingsListParamsSchema = z.object({ ...tokenParams, userid: idParam });
export const bookingDetailParamsSchema = z.object({
  ...tokenParams,
  RefIdKey: refIdKeyParam,
});
export const bookingIdParamsSchema = z.object({ ...tokenParams, BookingId: idParam });

export const verifyPanParamsSchema = z.object({
  ...tokenParams,
  Pan: panSchema,
  Name: z.string({ message: 'Enter the name on the PAN.' }).trim().min(1, 'Enter the name on the PAN.').max(130),
});
export const panResultSchema = z.object({
  pan: z.string(),
  holderType: z.string(),
  nameMatches: z.boolean(),
  checked: z.array(z.string()),
});

export const verifyRazorpayParamsSchema = z.object({
  ...tokenParams,
  BookingId: idParam,
  razorpay_order_id: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  razorpay_payment_id: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  razorpay_signature: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
});
export const verifyStripeParamsSchema = z.object({
  ...tokenParams,
  BookingId: idParam,
  sessionId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
});

/** Uploads: passports and visas as images (JPEG, PNG, WebP, HEIC) or PDF. */
export const BOOKING_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const BOOKING_FILES_MAX = 10;
export const uploadParamsSchema = z.object({
  token: z.string().min(1).max(1024).optional(),
  BookingId: idParam.optional(),
});
export const uploadResultSchema = z.object({ documents: z.array(bookingDocumentSchema) });
/** One passport or visa copy of a booking (its bytes, as a download). */
export const bookingFileParamsSchema = z.object({ ...tokenParams, BookingId: idParam, FileId: idParam });
