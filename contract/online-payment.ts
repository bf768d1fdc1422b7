import type { Currency } from './site-rules.ts';

/**
 * The least a gateway takes in one payment, in the smallest unit: Razorpay ₹1.00 (an order below is
 * refused: "The amount must be atleast INR 1.00"), Stripe AED 2.00 (Checkout's least charge in
 * dirhams). A balance below it cannot be paid online: the traveller pays it by bank transfer or to
 * the desk, whose balance-due list shows it (decision 0108, "Below the gateway's minimum").
 */
export const ONLINE_MINIMUM: Record<Currency, number> = { INR: 100, AED: 200 };

/**
 * What the gateway asks now, in the smallest unit: the rest of a deposit (`depositRest`, 0 when no
 * deposit is awaited), raised to the gateway's minimum and never past the balance; else the balance.
 * The server opens the gateway for this amount, and the trip page's button names it.
 */
export function dueOnline(depositRest: number, balance: number, currency: Currency): number {
  return depositRest > 0 ? Math.min(Math.max(depositRest, ONLINE_MINIMUM[currency]), balance) : balance;
}
