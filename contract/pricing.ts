/*
 * How a cart line is priced, shared by the server (whose figure is the one charged) and the
 * browser (which shows the same figure at once, before the server has answered). No zod here:
 * the package page imports it and must not pull the schemas in. Amounts in the smallest unit.
 */
import { roundToWholeUnit } from './money.ts';

/** Child fare as a share of the adult fare (rounded to the whole dirham or rupee); infants travel free. */
export const CHILD_FARE_SHARE = 0.6;

/** A child's fare for an adult fare, both in the smallest unit: the share, to the nearest whole unit. */
export const childFare = (unit: number): number => roundToWholeUnit(unit * CHILD_FARE_SHARE);

/** A line's total: adults at the package price, children at their share, infants free. */
export function priceLine(unit: number, adults: number, children: number): number {
  return unit * adults + childFare(unit) * children;
}
