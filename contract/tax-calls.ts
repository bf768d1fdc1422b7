import { z } from 'zod';
import { defineCall } from './api.ts';
import { siteTaxRulesSchema } from './tax-schemas.ts';

/**
 * Ours: the taxes a price on the asking site carries today (India: GST and the TCS rule in force on
 * overseas packages; UAE: VAT), so the package page, the cart and checkout show them beside the
 * price before review. Shared: the same for everyone on a site and a day.
 */
export const getTaxRules = defineCall({
  method: 'GET',
  path: 'GetTaxRules',
  shared: true,
  params: z.object({}),
  data: siteTaxRulesSchema,
});
