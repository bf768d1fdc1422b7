/*
 * Tax rules both sides read (decision 0043): GST state codes and GSTIN checks (India), TRN (UAE),
 * VAT treatments per package, the TCS rule in force as the server answers it, and the short
 * "+ GST 5% + TCS 2%" text shown next to a price so the total never jumps at review.
 */

/*
 * GST (India, tour operators' packages; CGST and SGST half each) and the UAE's standard VAT are
 * dated rows on the server (`tax_rates`, decision 0089), read for the day: no rate is written here.
 */
/** SAC of tour operator services (GST, India). */
export const SAC_TOUR_OPERATOR = '998552';
/** An invoice to an unregistered buyer from this value (paise, ₹50,000) carries the buyer's name and address. */
export const B2C_ADDRESS_FROM = 50_000 * 100;

/**
 * GST state codes (the first two digits of a GSTIN) of India's states and union territories, by the name the states
 * list uses.
 */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** Older codes still found in GSTINs: Daman and Diu (25, merged), Andhra Pradesh before 2014 (28). */
const OLD_CODES: Record<string, string> = { '25': '26', '28': '37' };

/** The state whose GST code this is (old codes read as today's), or null. */
export function stateOfGstCode(code: string): { state: string; code: string } | null {
  const now = OLD_CODES[code] ?? code;
  const state = Object.keys(GST_STATE_CODES).find((name) => GST_STATE_CODES[name] === now);
  return state ? { state, code: now } : null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (GSTN's base-36 Luhn-style sum). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 ? 2 : 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const normalizeTaxNumber = (v: string) =>
  v
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');

/** Why this GSTIN cannot be right (form, state code, check character), or null. */
export function gstinProblem(raw: string): string | null {
  const v = normalizeTaxNumber(raw);
  if (!GSTIN_PATTERN.test(v))
    return 'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, an entity number, Z and a check character (for example 27AAPFU0939F1ZV).';
  if (!stateOfGstCode(v.slice(0, 2))) return `${v.slice(0, 2)} is not a GST state code: check the first two digits.`;
  if (gstinCheckChar(v) !== v[14])
    return 'Its last character does not match the others: check for a mistyped letter or digit.';
  return null;
}

/** UAE tax registration number: 15 digits. */
export const TRN_PATTERN = /^\d{15}$/;

/**
 * UAE VAT treatment of a package (decision 0043): standard-rated (VAT at the day's rate inside the price), zero-rated,
 * or outside the scope.
 */
export const VAT_TREATMENTS = ['standard', 'zero', 'outside'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];
/**
 * The treatment's name in reports; no rate in it: the rate is the day's (decision 0089), and a report may span a
 * change.
 */
export const VAT_TREATMENT_NAMES: Record<VatTreatment, string> = {
  standard: 'Standard-rated',
  zero: 'Zero-rated',
  outside: 'Outside the scope',
};
/** The treatment as staff choose it for a package. */
export const VAT_TREATMENT_CHOICES: Record<VatTreatment, string> = {
  standard: 'Standard-rated (performed in the UAE)',
  zero: 'Zero-rated (performed outside the UAE)',
  outside: 'Outside the scope of UAE VAT',
};

/** The words on a document for a line's treatment; a standard-rated line's name its rate (`standardRatedNote`). */
export const VAT_TREATMENT_LABEL: Record<Exclude<VatTreatment, 'standard'>, string> = {
  zero: 'Zero-rated (0%): no VAT',
  outside: 'Outside the scope of UAE VAT',
};
export const standardRatedNote = (rate: number) => `Standard-rated, VAT ${rate}% included`;

/**
 * A TCS rule (section 206C(1G)) as the server reads it from its table for a day: percent, and the threshold in paise.
 */
export interface TcsRule {
  effectiveFrom: string;
  rate: number;
  /** Per PAN per financial year (paise); null: the rate applies to every amount. */
  threshold: number | null;
  rateAbove: number | null;
}

/** GetTaxRules: what a price on this site will carry today, for the package page, the cart and checkout. */
export interface SiteTaxRules {
  /** YYYY-MM-DD in the site's time zone: the day these rules are for. */
  day: string;
  /** India: GST percent added; null on the UAE site. */
  gst: number | null;
  /** India: the TCS rule in force today on overseas packages; null on the UAE site (or none in force). */
  tcs: TcsRule | null;
  /** UAE: the standard VAT percent, included in standard-rated prices; null on the India site. */
  vat: number | null;
}

/** What a package carries for tax, next to its price. */
export interface PackageTax {
  /** Outside the site's country (India: TCS applies). */
  overseas: boolean;
  vatTreatment: VatTreatment;
}

/** `TCS 2%`, or `TCS 5% (20% above ₹10,00,000 a year)` under a threshold rule. */
export function tcsText(rule: TcsRule): string {
  if (rule.threshold === null || rule.rateAbove === null) return `TCS ${rule.rate}%`;
  const lakh = rule.threshold / 100 / 100_000;
  return `TCS ${rule.rate}% (${rule.rateAbove}% above ₹${lakh} lakh a year)`;
}

/** The taxes a price will carry, as shown beside it: `+ GST 5% + TCS 2%`, `incl. VAT 5%`, `zero-rated: no VAT`. */
export function taxHint(site: 'UAE' | 'IN', pkg: PackageTax, rules: SiteTaxRules | null | undefined): string {
  if (site === 'UAE') {
    if (pkg.vatTreatment === 'standard') return rules?.vat ? `incl. VAT ${rules.vat}%` : 'incl. VAT';
    return pkg.vatTreatment === 'zero' ? 'zero-rated: no VAT' : 'outside the scope of VAT';
  }
  // Before the day's rules are read, the tax is named without a rate rather than with a guessed one.
  const parts = [rules?.gst ? `+ GST ${rules.gst}%` : '+ GST'];
  if (pkg.overseas && rules?.tcs) parts.push(`+ ${tcsText(rules.tcs)}`);
  return parts.join(' ');
}
