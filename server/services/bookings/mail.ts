import type { BookingDetail } from '../../../contract/booking.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import type { MailMessage } from '../mail.ts';

/** `2 adults, 1 child, 1 room`: a line's party, as mails and documents write it. */
/** The traveller's confirmation: reference, lines, total, and what was paid or how to pay. */
export function confirmationMail(b: BookingDetail, tripUrl: string, shop: { tradeName: string; phone: string }): MailMessage | null {
  const lead = b.travellers.find((t) => t.lead);
  // A cancelled booking is never called confirmed (refundDueMail tells a late payer the truth).
  if (!lead?.email || b.Status === 'cancelled') return null;
  const m = (amount: number) => formatMinor(amount, b.Currency);
  const paid = b.PaymentStatus === 'paid';
  const out: string[] = [
    `Dear ${[lead.title, lead.firstName, lead.lastName].filter(Boolean).join(' ')},`,
    '',
    paid ? `We have received your payment. Your booking is confirmed.` : `Thank you for booking with ${shop.tradeName}. Your booking is confirmed.`,
    `Your booking reference is ${b.RefIdKey}: please quote it whenever you contact us.`,
    '',
    ...b.lines.map((l) => `${l.title}, ${l.city}: ${l.nights} nights from ${formatTravelDate(l.travelDate)}, ${partyText(l)}: ${m(l.amount)}`),
    '',
    `Subtotal: ${m(b.subtotal)}`,
    ...(b.discount ? [`Coupon ${b.coupon?.code ?? ''}: -${m(b.discount)}`] : []),
    ...b.taxes.map((t) => `${t.label}: ${m(t.amount)}`),
    `Total: ${m(b.total)}`,
    '',
  ];
  if (paid) {
    out.push(`Paid: ${m(b.amountPaid)}. Thank you.`);
  } else if (b.payTo) {
    const bank = b.payTo.bank;
    out.push(
      `To pay: ${m(b.amountDue)} by ${b.paymentDueOn ? formatDay(b.paymentDueOn) : 'the due date'}, by bank transfer to:`,
      `  ${bank.accountName}`,
      `  ${bank.bankName}, account ${bank.accountNumber}`,
      `  ${bank.codeLabel} ${bank.code}`,
      `  Reference: ${b.RefIdKey}`,
      `Or call us on ${b.payTo.phone} to pay by card.`,
    );
  }
  out.push('', `See your booking and upload passport copies in My trips: ${tripUrl}`, '', `Questions? Call ${shop.phone}.`, '', shop.tradeName);
  return {
    to: lead.email,
    subject: paid ? `Payment received: booking ${b.RefIdKey}` : `Booking confirmed: ${b.RefIdKey}`,
    text: out.join('\n'),
  };
}

/**
 * A payment we keep with its refund due: it came after the booking was cancelled and the rooms
 * were gone, or it paid a booking already paid. Says exactly that, never "confirmed".
 */
export function refundDueMail(b: BookingDetail, refund: { amount: number; currency: string }, tripUrl: string, shop: { tradeName: string; phone: string }): MailMessage | null {
  const lead = b.travellers.find((t) => t.lead);
  if (!lead?.email) return null;
  const amount = formatMinor(refund.amount, refund.currency as BookingDetail['Currency']);
  const cancelled = b.Status === 'cancelled';
  const out: string[] = [
    `Dear ${[lead.title, lead.firstName, lead.lastName].filter(Boolean).join(' ')},`,
    '',
    ...(cancelled
      ? [
          `We received your payment of ${amount} for booking ${b.RefIdKey} after the booking had been cancelled, because its payment was not completed in time.`,
          'Its rooms are no longer available, so we could not reinstate the booking: it stays cancelled.',
        ]
      : [`We received a second payment of ${amount} for booking ${b.RefIdKey}, which was already paid. Your booking is unchanged.`]),
    '',
    `We will refund ${amount} to the card or account you paid with. You do not need to do anything.`,
    '',
    `Your booking: ${tripUrl}`,
    '',
    `Questions? Call ${shop.phone} and quote ${b.RefIdKey}.`,
    '',
    shop.tradeName,
  ];
  return {
    to: lead.email,
    subject: cancelled ? `Booking ${b.RefIdKey} is cancelled: your payment will be refunded` : `Second payment for booking ${b.RefIdKey}: it will be refunded`,
    text: out.join('\n'),
  };
}
