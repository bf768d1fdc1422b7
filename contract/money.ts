import type { z } from 'zod';

/*
 * The unit of a money field, said on the field itself: the API document (/api/openapi.json) shows
 * it as the field's description and `x-money-unit`. Two units are in use, for history's sake: the
 * catalogue and the cart answer in whole units of the currency (the spec's prices), bookings and
 * everything made from them (quotes, invoices, credit notes, payments, the back office) in its
 * smallest unit (fils, paise). Every new call uses the smallest unit.
 */

/** The `x-money-unit` of a field in the API document. */
export const MONEY_UNIT_KEY = 'x-money-unit';
export type MoneyUnit = 'whole' | 'smallest';

export const MONEY_UNIT_TEXT: Record<MoneyUnit, string> = {
  whole:
    'Money in whole units of the currency (dirhams for AED, rupees for INR), as the catalogue and the cart answer.',
  smallest:
    'Money in the smallest unit of the currency (fils for AED, paise for INR: 100 to the dirham or rupee), as bookings answer.',
};

/** A field holding money in whole units of the currency (the catalogue, the cart). */
export const inWholeUnits = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ description: MONEY_UNIT_TEXT.whole, [MONEY_UNIT_KEY]: 'whole' });

/** A field holding money in the currency's smallest unit (bookings, documents, payments, the back office). */
export const inSmallestUnit = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ description: MONEY_UNIT_TEXT.smallest, [MONEY_UNIT_KEY]: 'smallest' });
