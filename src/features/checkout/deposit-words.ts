import { formatDay, formatMinor } from '../../../contract/format.ts';
import { dueOnline } from '../../../contract/online-payment.ts';
import type { Currency } from '../../../contract/site.ts';

/*
 * A deposit booking's figures in the words the traveller reads wherever they appear (decision
 * 0108): the payment step before booking, the line shown as the gateway opens, and the trip page
 * once the deposit is received.
 */

export interface DepositFigures {
  currency: Currency;
  /** The deposit, in the smallest unit. */
  deposit: number;
  /** What is left to pay, in the smallest unit. */
  balance: number;
  /** The balance's due date (YYYY-MM-DD); null when the server names none. */
  dueOn: string | null;
}

const due = (dueOn: string | null) => (dueOn ? ` due ${formatDay(dueOn)}` : '');

/** `Deposit now: AED 1,254 · Balance AED 2,926 due 12 Jan 2027`. */
export const depositNowText = (f: DepositFigures) =>
  `Deposit now: ${formatMinor(f.deposit, f.currency)} · Balance ${formatMinor(f.balance, f.currency)}${due(f.dueOn)}`;

/** `Deposit received: AED 1,254. Balance AED 2,926 due 12 Jan 2027.` */
export const depositReceivedText = (f: DepositFigures) =>
  `Deposit received: ${formatMinor(f.deposit, f.currency)}. Balance ${formatMinor(f.balance, f.currency)}${due(f.dueOn)}.`;

/**
 * The button of a deposit booking still waiting for its deposit: `Pay the deposit: AED 1,254`, or
 * once a part of it was received (at the desk) `Pay the rest of the deposit: AED 754` (decision
 * 0108, "A part of the deposit"); null for any other booking.
 */
export function depositButtonText(b: {
  Status: string;
  depositAmount?: number | null;
  amountPaid: number;
  amountDue: number;
  Currency: Currency;
}): string | null {
  if (b.Status !== 'awaiting-payment' || !b.depositAmount || b.amountPaid >= b.depositAmount) return null;
  const left = formatMinor(dueOnline(b.depositAmount - b.amountPaid, b.amountDue, b.Currency), b.Currency);
  return b.amountPaid > 0 ? `Pay the rest of the deposit: ${left}` : `Pay the deposit: ${left}`;
}
