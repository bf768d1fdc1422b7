import type { z } from 'zod';

/*
 * The unit of a money field, said on the field itself: the API document (/api/openapi.json) shows
 * it as the field's description and `x-money-unit`. Every amount the API answers or takes, and
 * every amount the database keeps, is in the currency's smallest unit (fils for AED, paise for INR):
 * the catalogue, the cart and the coupons too since decision 0116 (they answered whole units before).
 */

/** The `x-money-unit` of a field in the API document. */
export const MONEY_UNIT_KEY = 'x-money-unit';
export type MoneyUnit = 'smallest';

export const MONEY_UNIT_TEXT: Record<MoneyUnit, string> = {
  smallest: 'Money in the smallest unit of the currency (fils for AED, paise for INR: 100 to the dirham or rupee).',
};

/** Smallest units of a currency per whole unit (both sites' currencies have 100: fils, paise). */
export const MINOR_PER_UNIT = 100;

/**
 * An amount in the smallest unit as a number of the currency's units (129950 → 1299.5), for the outside formats that
 * take them: schema.org's price, analytics' value.
 */
export const inCurrencyUnits = (minor: number): number => minor / MINOR_PER_UNIT;

/**
 * An amount in the smallest unit rounded to the nearest whole dirham or rupee (half away from zero
 * for the amounts the shop works out: a child's fare, a deal's price).
 */
export const roundToWholeUnit = (minor: number): number => Math.round(minor / MINOR_PER_UNIT) * MINOR_PER_UNIT;

/** An amount in the smallest unit rounded down to a whole dirham or rupee (a percentage coupon's discount). */
export const floorToWholeUnit = (minor: number): number => Math.floor(minor / MINOR_PER_UNIT) * MINOR_PER_UNIT;

/** A field holding money in the currency's smallest unit (every money field of the API). */
export const inSmallestUnit = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ description: MONEY_UNIT_TEXT.smallest, [MONEY_UNIT_KEY]: 'smallest' });
