import { z } from 'zod';
import { inSmallestUnit } from './money.ts';
import { VAT_TREATMENTS, type PackageTax, type SiteTaxRules, type TcsRule } from './tax.ts';

/*
 * The tax answers' schemas, apart from contract/tax.ts: the package page and the cart import the
 * tax rules and hints from there, and must not pull zod into the shop's first-route JavaScript.
 */

export const vatTreatmentSchema = z.enum(VAT_TREATMENTS);

export const tcsRuleSchema = z.object({
  effectiveFrom: z.string(),
  rate: z.number(),
  threshold: inSmallestUnit(z.number().int()).nullable(),
  rateAbove: z.number().nullable(),
}) satisfies z.ZodType<TcsRule>;

export const siteTaxRulesSchema = z.object({
  day: z.string(),
  gst: z.number().nullable(),
  tcs: tcsRuleSchema.nullable(),
  vat: z.number().nullable(),
}) satisfies z.ZodType<SiteTaxRules>;

export const packageTaxSchema = z.object({
  overseas: z.boolean(),
  vatTreatment: vatTreatmentSchema,
}) satisfies z.ZodType<PackageTax>;
