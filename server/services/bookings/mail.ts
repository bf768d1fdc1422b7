import type { BookingDetail } from '../../../contract/booking.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import { greetingOf, laidOut, type MailBlock, type MailLayout } from '../mail-layout.ts';

/** A mail with its text part and the layout its HTML part is rendered from. */
export interface LaidOutMail {
  to: string;
  subject: string;
  text: string;
  layout: MailLayout;
}

/** The traveller's confirmation: reference, lines, total, and what was paid or how to pay. */
export function confirmationMail(
  b: BookingDetail,
  tripUrl: string,
  shop: { tradeName: string; phone: string },
): LaidOutMail | null {
  const lead = b.travellers.find((t) => t.lead);
  // A cancelled booking is never called confirmed (refundDueMail tells a late payer the truth).
  if (!lead?.email || b.Status === 'cancelled') return null;
  const m = (amount: number) => formatMinor(amount, b.Currency);
  const paid = b.PaymentStatus === 'paid';
  const blocks: MailBlock[] = [
    {
      p: [
        paid
          ? `We have received your payment. Your booking is confirmed.`
          : `Thank you for booking with ${shop.tradeName}. Your booking is confirmed.`,
        `Your booking reference is ${b.RefIdKey}: please quote it whenever you contact us.`,
      ].join('\n'),
    },
    {
      rows: b.lines.map((l) => ({
        label: `${l.title}, ${l.city}: ${l.nights} nights from ${formatTravelDate(l.travelDate)}, ${partyText(l)}`,
        value: m(l.amount),
      })),
    },
    {
      rows: [
        { label: 'Subtotal', value: m(b.subtotal) },
        ...(b.discount ? [{ label: `Coupon ${b.coupon?.code ?? ''}`, value: `-${m(b.discount)}` }] : []),
        ...b.taxes.map((t) => ({ label: t.label, value: m(t.amount) })),
        { label: 'Total', value: m(b.total), strong: true },
      ],
    },
  ];
  if (paid) {
    blocks.push({ p: `Paid: ${m(b.amountPaid)}. Thank you.` });
  } else if (b.payTo) {
    const bank = b.payTo.bank;
    blocks.push({
      box: {
        title: `To pay: ${m(b.amountDue)} by ${b.paymentDueOn ? formatDay(b.paymentDueOn) : 'the due date'}, by bank transfer to:`,
        lines: [
          bank.accountName,
          `${bank.bankName}, account ${bank.accountNumber}`,
          `${bank.codeLabel} ${bank.code}`,
          `Reference: ${b.RefIdKey}`,
        ],
        // Where the site's gateway takes the balance, the mail names the button that does it (issue 34).
        after: [
          ...(b.payOnline
            ? [`Or pay online: open your booking in My trips (below) and tap "Pay now" (Pay ${m(b.amountDue)} now).`]
            : []),
          `Or call us on ${b.payTo.phone} to pay by card.`,
        ].join('\n'),
      },
    });
  }
  blocks.push(
    {
      link: {
        text: 'See your booking and upload passport copies in My trips',
        button: 'Open my booking',
        url: tripUrl,
      },
    },
    { p: `Questions? Call ${shop.phone}.` },
  );
  return {
    to: lead.email,
    subject: paid ? `Payment received: booking ${b.RefIdKey}` : `Booking confirmed: ${b.RefIdKey}`,
    ...laidOut({
      shop,
      heading: paid ? 'Payment received: your booking is confirmed' : 'Your booking is confirmed',
      preheader: `Booking ${b.RefIdKey}: ${b.lines[0]?.title ?? 'your holiday'}, total ${m(b.total)}`,
      greeting: greetingOf(lead),
      blocks,
    }),
  };
}

/**
 * A payment we keep with its refund due: it came after the booking was cancelled and the rooms
 * were gone, or it paid a booking already paid. Says exactly that, never "confirmed".
 */
export function refundDueMail(
  b: BookingDetail,
  refund: { amount: number; currency: string },
  tripUrl: string,
  shop: { tradeName: string; phone: string },
): LaidOutMail | null {
  const lead = b.travellers.find((t) => t.lead);
  if (!lead?.email) return null;
  const amount = formatMinor(refund.amount, refund.currency as BookingDetail['Currency']);
  const cancelled = b.Status === 'cancelled';
  return {
    to: lead.email,
    subject: cancelled
      ? `Booking ${b.RefIdKey} is cancelled: your payment will be refunded`
      : `Second payment for booking ${b.RefIdKey}: it will be refunded`,
    ...laidOut({
      shop,
      heading: cancelled ? 'Your payment will be refunded' : 'A second payment: it will be refunded',
      preheader: `We will refund ${amount} for booking ${b.RefIdKey}.`,
      greeting: greetingOf(lead),
      blocks: [
        {
          p: cancelled
            ? [
                `We received your payment of ${amount} for booking ${b.RefIdKey} after the booking had been cancelled, because its payment was not completed in time.`,
                'Its rooms are no longer available, so we could not reinstate the booking: it stays cancelled.',
              ].join('\n')
            : `We received a second payment of ${amount} for booking ${b.RefIdKey}, which was already paid. Your booking is unchanged.`,
        },
        { p: `We will refund ${amount} to the card or account you paid with. You do not need to do anything.` },
        { link: { text: 'Your booking', button: 'Open my booking', url: tripUrl } },
        { p: `Questions? Call ${shop.phone} and quote ${b.RefIdKey}.` },
      ],
    }),
  };
}
