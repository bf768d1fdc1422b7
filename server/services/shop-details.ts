import { z } from 'zod';
import type { Site } from '../../contract/site.ts';
import { gstinProblem } from '../../contract/tax.ts';

/**
 * The seller on each site: who invoices, where a pay-later traveller sends money, whom they call.
 * The defaults are the shop's own; SHOP_UAE / SHOP_IN (JSON) override any of them per deployment.
 */
export const shopDetailsSchema = z.object({
  legalName: z.string().min(1),
  tradeName: z.string().min(1),
  address: z.array(z.string().min(1)).min(1),
  taxLabel: z.string().min(1),
  taxNumber: z.string().min(1),
  phone: z.string().min(1),
  email: z.string().min(3),
  bank: z.object({
    accountName: z.string().min(1),
    bankName: z.string().min(1),
    accountNumber: z.string().min(1),
    code: z.string().min(1),
    codeLabel: z.string().min(1),
  }),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

const DEFAULTS: Record<Site, ShopDetails> = {
  UAE: {
    legalName: 'Wanderlust Holidays Travel & Tourism LLC',
    tradeName: 'Wanderlust Holidays',
    address: ['Office 1204, Bay Square Building 7', 'Business Bay, Dubai', 'United Arab Emirates'],
    taxLabel: 'TRN',
    taxNumber: '100123456700003',
    phone: '+971 4 123 4567',
    email: 'bookings@wanderlust-holidays.ae',
    bank: {
      accountName: 'Wanderlust Holidays Travel & Tourism LLC',
      bankName: 'Emirates NBD',
      accountNumber: '1015123456701',
      code: 'AE070331234567890123456',
      codeLabel: 'IBAN',
    },
  },
  IN: {
    legalName: 'Wanderlust Holidays India Private Limited',
    tradeName: 'Wanderlust Holidays',
    address: ['4th Floor, Trade Centre, Bandra Kurla Complex', 'Mumbai, Maharashtra 400051', 'India'],
    taxLabel: 'GSTIN',
    taxNumber: '27AABCW1234F1ZN',
    phone: '+91 22 4000 1234',
    email: 'bookings@wanderlust-holidays.in',
    bank: {
      accountName: 'Wanderlust Holidays India Private Limited',
      bankName: 'HDFC Bank',
      accountNumber: '50200012345678',
      code: 'HDFC0000123',
      codeLabel: 'IFSC',
    },
  },
};

const overrideSchema = shopDetailsSchema.partial().extend({ bank: shopDetailsSchema.shape.bank.partial().optional() });

/**
 * Reads SHOP_UAE / SHOP_IN: null when the value is fine, else what is wrong with it (India: its taxNumber is the GSTIN
 * whose state decides CGST + SGST or IGST).
 */
export function shopOverrideProblem(raw: string | undefined, site?: Site): string | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return 'is not valid JSON';
  }
  const parsed = overrideSchema.safeParse(json);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ');
  const gstin = site === 'IN' && parsed.data.taxNumber ? gstinProblem(parsed.data.taxNumber) : null;
  return gstin ? `taxNumber is not a valid GSTIN: ${gstin}` : null;
}

const cache = new Map<string, ShopDetails>();

export function shopDetails(config: { SHOP_UAE?: string; SHOP_IN?: string }, site: Site): ShopDetails {
  const raw = site === 'IN' ? config.SHOP_IN : config.SHOP_UAE;
  const key = `${site}\n${raw ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    const base = DEFAULTS[site];
    const over = raw ? overrideSchema.parse(JSON.parse(raw)) : {};
    found = { ...base, ...over, bank: { ...base.bank, ...over.bank } };
    cache.set(key, found);
  }
  return found;
}
