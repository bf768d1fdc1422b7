import { formatDay, formatMinor } from '../../../contract/format.ts';
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
export const depositNowText = (f: DepositFigures) => `Deposit now: ${formatMinor(f.deposit, f.currency)} · Balance ${formatMinor(f.balance, f.currency)}${due(f.dueOn)}`;

/** `Deposit received: AED 1,254. Balance AED 2,926 due 12 Jan 2027.` */
export const depositReceivedText = (f: DepositFigures) => `Deposit received: ${formatMinor(f.deposit, f.currency)}. Balance ${formatMinor(f.balance, f.currency)}${due(f.dueOn)}.`;
