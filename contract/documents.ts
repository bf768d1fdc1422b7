import { z } from 'zod';
import {
  ageBandSchema,
  appliedCouponSchema,
  bookingStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  shopContactSchema,
  taxLineSchema,
} from './booking.ts';
import { idParam } from './common.ts';
import { currencySchema, siteSchema, type Site } from './site.ts';
import { vatTreatmentSchema } from './tax-schemas.ts';
import { inSmallestUnit } from './money.ts';

/*
 * A booking's documents: its invoice and its vouchers (GetInvoiceDetails, GenerateAllVoucher). Both
 * answer JSON, from which the app renders its pages, or with `format=pdf` the same document as a PDF
 * attachment. Amounts are integers of the currency's smallest unit (fils, paise), in the booking's
 * own currency whatever the Country header says; dates are YYYY-MM-DD.
 */

export const DOCUMENT_MESSAGES = {
  invoiceAwaitingPayment:
    'This booking is waiting for its payment, so it has no invoice yet. Complete the payment and your invoice will be ready here.',
  invoiceCancelled: 'This booking was cancelled before it was paid, so it has no invoice.',
  vouchersAwaitingPayment:
    'Vouchers are issued once your booking is confirmed. Complete the payment to confirm it, and your vouchers will be ready here.',
  vouchersCancelled: 'This booking was cancelled, so it has no vouchers.',
  /** Pay later: supplier vouchers only once the balance is received in full. */
  vouchersAfterBalance:
    'Vouchers come when the balance is paid. Pay the balance by its due date and your vouchers will be ready here.',
} as const;

export const DOCUMENT_FORMATS = ['json', 'pdf'] as const;

/** `format`: json (the default) or pdf, in any case. */
export const documentFormatSchema = z
  .string({ message: 'must be json or pdf' })
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => v || 'json')
  .pipe(z.enum(DOCUMENT_FORMATS, { message: 'must be json or pdf' }));

/** The signed-in traveller's bearer header, or the Token (token) parameter. */
export const documentParamsSchema = z.object({
  Token: z.string().min(1).max(1024).optional(),
  BookingId: idParam,
  format: documentFormatSchema,
});

/** Where the same document is as a PDF, and the name it is saved under. */
export const documentPdfSchema = z.object({ filename: z.string(), url: z.string() });

// ---------- invoice ----------

export const invoiceSellerSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  address: z.array(z.string()),
  /** TRN (UAE) or GSTIN (India). */
  taxLabel: z.string(),
  taxNumber: z.string(),
  phone: z.string(),
  email: z.string(),
});

/** The lead traveller, who is billed. */
export const invoiceBuyerSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** India, when TCS applies: masked (XXXXX1234F). */
  pan: z.string().nullable(),
  /** The billing address as given at booking (lines; required on India from ₹50,000 without a GSTIN). */
  address: z.array(z.string()).default([]),
  /** India: a business buyer's GSTIN. */
  gstin: z.string().nullable().default(null),
  /** UAE: a business buyer's TRN. */
  trn: z.string().nullable().default(null),
});

/** One priced row of a line: adults, children or infants, each at their unit price. */
export const invoiceItemSchema = z.object({
  ageBand: ageBandSchema,
  /** 'Adult', 'Child', 'Infant'. */
  label: z.string(),
  quantity: z.number().int(),
  unitPrice: inSmallestUnit(z.number().int()),
  amount: inSmallestUnit(z.number().int()),
});

export const invoiceLineSchema = z.object({
  /** 1, 2, ... in the booking's order. */
  position: z.number().int(),
  packageId: z.number().int(),
  title: z.string(),
  city: z.string(),
  travelDate: z.string(),
  nights: z.number().int(),
  rooms: z.number().int(),
  /** `Dubai, 5 nights from Sat 5 Dec 2026, 1 room`. */
  description: z.string(),
  items: z.array(invoiceItemSchema),
  /** The sum of the items. */
  amount: inSmallestUnit(z.number().int()),
  /** India: the service's SAC (998552, tour operator services); null on the UAE site. */
  sac: z.string().nullable().default(null),
  /**
   * The line's tax rate, percent: India GST 5%; UAE the VAT of its treatment (5% standard, 0% zero-rated or outside the
   * scope).
   */
  taxRate: z.number().default(0),
  /** UAE: the line's VAT treatment; null on India. */
  vatTreatment: vatTreatmentSchema.nullable().default(null),
  /**
   * How the line is taxed, as printed: `SAC 998552 · GST 5%`, `Standard-rated, VAT 5% included`, `Zero-rated (0%): no
   * VAT`.
   */
  taxNote: z.string().default(''),
  /**
   * The tax on this line: UAE the VAT included in its amount after its share of the discount (0 on
   * zero-rated and out-of-scope lines); India its GST (CGST + SGST or IGST, TCS not included).
   * Apportioned from the booking's tax lines, so the lines add up to the invoice's VAT or GST exactly.
   * Always given by the server; absent only on copies an app saved before it came.
   */
  taxAmount: inSmallestUnit(z.number().int()).optional(),
});

export const invoiceSchema = z.object({
  BookingId: z.number().int(),
  RefIdKey: z.string(),
  site: siteSchema,
  currency: currencySchema,
  /** 'Tax invoice', or 'Proforma invoice' until the booking is paid in full. */
  documentTitle: z.string(),
  /** A tax invoice once the booking is paid in full; a proforma invoice (not a tax invoice, no number) until then. */
  title: z.enum(['Tax Invoice', 'Proforma Invoice']),
  /**
   * `WLH-AE-000001` / `WLH-IN-000001`: one gapless series per site, given when the booking is paid in full; null on a
   * proforma.
   */
  invoiceNumber: z.string().nullable(),
  /** The day it was confirmed (a proforma: the day it was made), in the site's time zone. */
  invoiceDate: z.string(),
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  /**
   * India: the place of supply, the lead traveller's state with its GST state code (null on the UAE site and older
   * bookings).
   */
  placeOfSupply: z.object({ state: z.string(), code: z.string() }).nullable().default(null),
  lines: z.array(invoiceLineSchema),
  /** The sum of the lines. */
  subtotal: inSmallestUnit(z.number().int()),
  discount: inSmallestUnit(z.number().int()),
  coupon: appliedCouponSchema.nullable(),
  /** Subtotal less the discount and any tax included in the prices (UAE: the amount excluding VAT). */
  amountBeforeTax: inSmallestUnit(z.number().int()),
  /** As the booking stores them: UAE VAT included; India GST, and TCS on overseas packages, added. */
  taxes: z.array(taxLineSchema),
  total: inSmallestUnit(z.number().int()),
  amountPaid: inSmallestUnit(z.number().int()),
  amountDue: inSmallestUnit(z.number().int()),
  /** Pay later, not yet paid: the day the balance is due. */
  paymentDueOn: z.string().nullable(),
  /** Paid: the day the payment was received. */
  paidOn: z.string().nullable(),
  /** While a balance is due: where to send it, and the reference to quote. */
  payTo: shopContactSchema
    .extend({
      /** The booking reference: the one reference a traveller quotes, as the booking page and the mails say. */
      reference: z.string(),
      /**
       * What to pay, by when and how: the words printed right above the bank details (copies kept before it came have
       * none).
       */
      instruction: z.string().optional(),
    })
    .nullable(),
  /** Sentences printed under the totals (payment terms, what was received). */
  notes: z.array(z.string()),
  pdf: documentPdfSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * What an India tax document states besides its figures (rule 46 of the CGST Rules): whether tax is
 * payable on reverse charge (never, on the shop's own supplies: "Tax payable on reverse charge: No"),
 * and the supplier's signature block, `For <legal name>` over `Authorised signatory`. Worked out from
 * the document's site and seller, so the PDFs and the app's page say the same; null on the UAE site.
 */
export function indiaDeclarations(doc: { site: Site; seller: { legalName: string } }): {
  reverseCharge: { label: string; value: string; text: string };
  signatory: { for: string; label: string };
} | null {
  if (doc.site !== 'IN') return null;
  return {
    reverseCharge: { label: 'Tax payable on reverse charge', value: 'No', text: 'Tax payable on reverse charge: No' },
    signatory: { for: `For ${doc.seller.legalName}`, label: 'Authorised signatory' },
  };
}

// ---------- vouchers ----------

export const VOUCHER_KINDS = ['stay', 'transfer', 'sightseeing'] as const;
export const voucherKindSchema = z.enum(VOUCHER_KINDS);
export type VoucherKind = z.infer<typeof voucherKindSchema>;

export const voucherSupplierSchema = z.object({
  name: z.string(),
  address: z.array(z.string()),
  phone: z.string(),
  email: z.string(),
});

export const voucherDetailSchema = z.object({ label: z.string(), value: z.string() });

/** One booked service. */
export const voucherSchema = z.object({
  /** `WL-7K3M9-QXD2P-01`: the booking reference and the voucher's place in the set. */
  number: z.string(),
  kind: voucherKindSchema,
  /** `Hotel stay`, `Airport transfers`, or the day's title for sightseeing. */
  title: z.string(),
  /** The booked package (booking line) the service belongs to. */
  position: z.number().int(),
  packageTitle: z.string(),
  city: z.string(),
  /** First and last day of the service (the same day for a tour; check-in and check-out for a stay). */
  startDate: z.string(),
  endDate: z.string(),
  supplier: voucherSupplierSchema,
  /** Ready to show: check-in and check-out, rooms, guests, transfer legs, the day of a tour. */
  details: z.array(voucherDetailSchema),
  /** What is included. */
  included: z.array(z.string()),
  /** Check-in notes, meeting points, what to carry. */
  notes: z.array(z.string()),
  /**
   * A stay's area or town (`Palm Jumeirah`, `Munnar`), and which of the package's stays it is (1-based, of `stays`).
   */
  place: z.string().optional(),
  stay: z.object({ index: z.number().int(), of: z.number().int() }).optional(),
  /**
   * Not included: the package's exclusions paid locally (a tourism fee, a green tax), so the desk and the traveller
   * agree.
   */
  payLocally: z.array(z.string()).optional(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherTravellerSchema = z.object({ name: z.string(), ageBand: ageBandSchema, lead: z.boolean() });

export const voucherSetSchema = z.object({
  BookingId: z.number().int(),
  RefIdKey: z.string(),
  site: siteSchema,
  status: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** The day the booking was confirmed, in the site's time zone. */
  issuedOn: z.string(),
  travellers: z.array(voucherTravellerSchema),
  /** The lead traveller's contact, for the supplier. */
  leadContact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  /** The booking reference as a QR code a desk can scan: `svg` is a whole <svg> element (black on white). */
  qr: z.object({ text: z.string(), svg: z.string() }),
  /** Pay later, not yet paid: the balance owed to the shop (never to the supplier), and by when. */
  paymentDue: z
    .object({
      amount: inSmallestUnit(z.number().int()),
      currency: currencySchema,
      dueOn: z.string().nullable(),
      text: z.string(),
    })
    .nullable(),
  /** The shop, day and night. */
  help: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  vouchers: z.array(voucherSchema),
  pdf: documentPdfSchema,
});
export type VoucherSet = z.infer<typeof voucherSetSchema>;
