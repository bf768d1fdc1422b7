/*
 * How a cart line is priced, shared by the server (whose figure is the one charged) and the
 * browser (which shows the same figure at once, before the server has answered). No zod here:
 * the package page imports it and must not pull the schemas in.
 */

/** Child fare as a share of the adult fare; infants travel free. */
export const CHILD_FARE_SHARE = 0.6;

/** A line's total: adults at the package price, children at their share, infants free. */
export function priceLine(unit: number, adults: number, children: number): number {
  return unit * adults + Math.round(unit * CHILD_FARE_SHARE) * children;
}
