import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { dueOnline } from '../../../contract/online-payment.ts';
import type { Currency } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { bookings, packages } from '../../db/schema.ts';
import type { PayLaterOffer } from './create-booking.ts';

/*
 * Deposits (docs/decisions/0108). A package may let a traveller pay a share of the total now (its
 * deposit percent) and the rest by the pay-later due date. A deposit booking is a pay-later booking
 * whose first payment, the deposit, is taken by the site's gateway before the booking is confirmed
 * (bookings.deposit_amount, worked out here by the server, never read from the client): the ledger
 * makes it an advance with its receipt voucher, the balance completes the sale and gets the tax
 * invoice, and pay later's reminders and due date apply to the rest.
 *
 * A part of the deposit (money recorded at the desk, smaller than the deposit) leaves the booking
 * awaiting payment but never stuck (decision 0108, "A part of the deposit"): the payment window no
 * longer cancels it (money is in it), the traveller pays the rest of the deposit online, and it
 * keeps its rooms to its due date as a pay-later booking with an advance does: reminded of its
 * balance by the pay-later job, and overdue on the desk after it.
 */

export const DEPOSIT_MESSAGES = {
  notOffered: 'A deposit is not offered for this holiday: pay the total now, or choose to pay later.',
  byGateway: 'A deposit is paid now by card or UPI: choose the online payment to pay a deposit.',
  tooSoon: (reason: string) => `A deposit is not offered for these dates. ${reason}`,
} as const;

/**
 * The deposit percent of a booking of these packages: each must allow a deposit; with several, the
 * largest of their percents (the share the shop asks of each line at least). Null: no deposit.
 */
export async function depositPercentOf(tx: Db, packageIds: number[]): Promise<number | null> {
  if (packageIds.length === 0) return null;
  const rows = await tx
    .select({ id: packages.id, percent: packages.depositPercent })
    .from(packages)
    .where(inArray(packages.id, [...new Set(packageIds)]));
  if (rows.length === 0 || rows.some((r) => r.percent === null || r.percent <= 0 || r.percent >= 100)) return null;
  return Math.max(...rows.map((r) => r.percent!));
}

/**
 * The deposit of a total, in the smallest unit: the percent of it, rounded; null when nothing would be left to pay
 * later.
 */
export function depositAmountOf(total: number, percent: number): number | null {
  const amount = Math.round((total * percent) / 100);
  return amount > 0 && amount < total ? amount : null;
}

export interface DepositOffer {
  percent: number;
  amount: number;
  balance: number;
  dueOn: string;
}

/**
 * What the checkout offers: the deposit and the balance with its due date, where the packages allow one and pay later
 * is offered for the dates.
 */
export async function depositOffer(
  tx: Db,
  packageIds: number[],
  total: number,
  payLater: PayLaterOffer,
): Promise<DepositOffer | null> {
  if (!payLater.offered) return null;
  const percent = await depositPercentOf(tx, packageIds);
  const amount = percent === null ? null : depositAmountOf(total, percent);
  if (percent === null || amount === null) return null;
  return { percent, amount, balance: total - amount, dueOn: payLater.dueOn };
}

type DepositState = { depositAmount: number | null; status: string; amountPaid: number };

/**
 * What a deposit booking still waiting for its deposit owes of it (all of it, or its rest after a part); 0 for any
 * other booking.
 */
export function depositLeft(b: DepositState): number {
  return b.depositAmount !== null && b.status === 'awaiting-payment' ? Math.max(0, b.depositAmount - b.amountPaid) : 0;
}

/**
 * What the gateway asks now (decision 0108): the rest of an awaited deposit, raised to the gateway's minimum and
 * never past the balance; else the balance. Below the minimum it cannot be paid online at all.
 */
export const dueOnlineOf = (b: DepositState & { total: number; currency: Currency }) =>
  dueOnline(depositLeft(b), Math.max(0, b.total - b.amountPaid), b.currency);

/** A deposit booking with nothing received yet: the gateway asks its deposit first. */
export const depositFirst = (b: DepositState) =>
  b.depositAmount !== null && b.status === 'awaiting-payment' && b.amountPaid === 0;

/**
 * A deposit booking holding a part of its deposit, not all of it: waiting for the rest, with money in it (decision
 * 0108).
 */
export const partOfDeposit = (b: DepositState) => b.amountPaid > 0 && depositLeft(b) > 0;

/**
 * A booking that keeps its rooms to its payment due date, is reminded of its balance before it and
 * shown overdue on the desk after it: a confirmed one, or a deposit booking holding a part of its
 * deposit (decision 0108).
 */
export const keptToDueDate = (b: { status: string; depositAmount: number | null; amountPaid: number }) =>
  b.status === 'confirmed' || (b.status === 'awaiting-payment' && b.depositAmount !== null && b.amountPaid > 0);
/**
 * Past its due date with money still due, on `today` (the site's day): the desk's overdue flag, as keptToDueDateSql's
 * filters select it.
 */
export const overdueOn = (b: DepositState & { due: number; dueOn: string | null }, today: string) =>
  keptToDueDate(b) && b.due > 0 && b.dueOn !== null && b.dueOn < today;
const keptToDueDateOf = (status: SQLWrapper, depositAmount: SQLWrapper, amountPaid: SQLWrapper) =>
  sql`(${status} = 'confirmed' or (${status} = 'awaiting-payment' and ${depositAmount} is not null and ${amountPaid} > 0))`;
/** The same in SQL, on the bookings table aliased `b` (the desk list's and the jobs' raw queries). */
export const keptToDueDateSql = keptToDueDateOf(sql`b.status`, sql`b.deposit_amount`, sql`b.amount_paid`);
/** The same on the bookings table by name (queries built with Drizzle's builder: the receivables report). */
export const bookingKeptToDueDate = keptToDueDateOf(bookings.status, bookings.depositAmount, bookings.amountPaid);
