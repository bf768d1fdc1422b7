import { z } from 'zod';
import { MAX_DB_ID } from './common.ts';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import { DEFAULT_CANCELLATION_POLICY } from './cancellation.ts';
import { STAY_KINDS, type AdminPackage, type AdminPackageItem, type AdminPackageOptions } from './catalogue-admin.ts';
import { VAT_TREATMENTS } from './tax.ts';

/*
 * Packages (issue 21): create, edit, publish, unpublish, delete, slugs, prices per site and
 * pictures. All need `catalogue.edit`. Declared once here (decision 0111):
 * server/routes/admin-catalogue.ts registers them, the desk's package pages call them.
 */

/** A package's slug: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Paths of pictures the shop serves with its -480/-960/-1440.webp sizes. */
export const IMAGE_PATH = /^\/images\/(places|uploads)\/[a-z0-9]+(-[a-z0-9]+)*$/;

const text = (field: string, max: number) =>
  z
    .string({ message: `${field}: write it as text.` })
    .trim()
    .min(1, `${field}: write it, it cannot be empty.`)
    .max(max, `${field}: keep it under ${max} characters.`);
const lines = (field: string, maxItems: number) =>
  z
    .array(text(field, 500), { message: `${field}: give a list of lines.` })
    .max(maxItems, `${field}: at most ${maxItems} lines.`);
const int = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field}: give a whole number.` })
    .int(`${field}: give a whole number.`)
    .min(min, `${field}: at least ${min}.`)
    .max(max, `${field}: at most ${max}.`);
/** A site's price per adult in the smallest unit (fils, paise), or null to stop selling there. */
const minor = (field: string) =>
  z
    .number({ message: `${field}: give the price in fils or paise, a whole number (or null).` })
    .int(`${field}: the smallest unit is a whole number.`)
    .positive(`${field}: above zero.`)
    // Stored as sent since 0116: a cart line of 9 adults and 6 children at this price still fits the integer columns
    // (₹10 lakh or AED 1,000,000 an adult at most).
    .max(100_000_000, `${field}: that price is too large.`)
    .nullable();

const supplier = z.object({
  name: text('stays.supplier.name', 200),
  address: lines('stays.supplier.address', 6).min(1, 'stays.supplier.address: give at least one line.'),
  phone: z
    .string()
    .trim()
    .regex(/^\+\d[\d ]{6,20}$/, 'stays.supplier.phone: an international number such as +971 4 123 4567.'),
  email: z.email('stays.supplier.email: a mail address such as stays@partner.example.'),
  checkIn: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'stays.supplier.checkIn: a local time such as 14:00.'),
  checkOut: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'stays.supplier.checkOut: a local time such as 11:00.'),
  notes: lines('stays.supplier.notes', 10).default([]),
});
const stay = z.object({
  place: text('stays.place', 120),
  nights: int('stays.nights', 1, 30),
  kind: z.enum(STAY_KINDS, { message: `stays.kind: one of ${STAY_KINDS.join(', ')}.` }),
  supplier,
});
const day = z.object({
  day: int('itinerary.day', 1, 31),
  title: text('itinerary.title', 200),
  description: text('itinerary.description', 4000),
});
const step = z.object({
  daysBefore: int('cancellationPolicy.daysBefore', 0, 365),
  keepPercent: int('cancellationPolicy.keepPercent', 0, 100),
});
const sitePrices = (field: string) =>
  z
    .object(
      { UAE: minor(`${field}.UAE`).optional(), IN: minor(`${field}.IN`).optional() },
      { message: `${field}: give {UAE, IN} in fils and paise.` },
    )
    .strict();

const fields = {
  title: text('title', 160),
  slug: z
    .string({ message: 'slug: write it as text.' })
    .trim()
    .regex(SLUG_PATTERN, 'slug: use lower-case letters, digits and single hyphens (e.g. goa-beach-escape).')
    .max(120, 'slug: keep it under 120 characters.'),
  cityId: int('cityId', 1, 2_000_000_000),
  tripTypeId: int('tripTypeId', 1, 2_000_000_000),
  interestIds: z.array(int('interestIds', 1, 2_000_000_000)).max(20, 'interestIds: at most 20.'),
  nights: int('nights', 1, 30),
  summary: text('summary', 2000),
  highlights: lines('highlights', 12),
  itinerary: z.array(day).max(31, 'itinerary: at most 31 days.'),
  inclusions: lines('inclusions', 30),
  exclusions: lines('exclusions', 30),
  maxAdultsPerRoom: int('maxAdultsPerRoom', 1, 10),
  maxPeoplePerRoom: int('maxPeoplePerRoom', 1, 12),
  childAgeLimit: int('childAgeLimit', 2, 18),
  cancellationPolicy: z.array(step).max(10, 'cancellationPolicy: at most 10 steps.'),
  // A deposit's share of the total (docs/decisions/0108); null: none.
  depositPercent: int('depositPercent', 1, 99).nullable(),
  vatTreatment: z.enum(VAT_TREATMENTS, { message: 'vatTreatment: standard, zero or outside.' }),
  stays: z.array(stay).max(10, 'stays: at most 10 stays.'),
  featured: z.boolean({ message: 'featured: true or false.' }),
  prices: sitePrices('prices'),
  compareAt: sitePrices('compareAt'),
};

/** A new package (AdminPackageInput); the lists, limits and prices left out take their defaults. */
const newPackageSchema = z
  .object({
    ...fields,
    interestIds: fields.interestIds.default([]),
    highlights: fields.highlights.default([]),
    itinerary: fields.itinerary.default([]),
    inclusions: fields.inclusions.default([]),
    exclusions: fields.exclusions.default([]),
    maxAdultsPerRoom: fields.maxAdultsPerRoom.default(3),
    maxPeoplePerRoom: fields.maxPeoplePerRoom.default(4),
    childAgeLimit: fields.childAgeLimit.default(12),
    cancellationPolicy: fields.cancellationPolicy.default(DEFAULT_CANCELLATION_POLICY),
    depositPercent: fields.depositPercent.default(null),
    vatTreatment: fields.vatTreatment.default('standard'),
    stays: fields.stays.default([]),
    featured: fields.featured.default(false),
    prices: fields.prices.default({}),
    compareAt: fields.compareAt.default({}),
  })
  .strict();

const imagePath = z.string().regex(IMAGE_PATH, 'Choose among the package’s pictures.');
/** A package's edit: any subset of its fields, and its pictures (chosen among those uploaded). */
const packageChangeSchema = z
  .object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])),
    heroImage: imagePath.optional(),
    gallery: z.array(imagePath).max(20, 'gallery: at most 20 pictures.').optional(),
    imageAlts: z.record(imagePath, text('alt text', 300)).optional(),
  } as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> } & {
    heroImage: z.ZodOptional<typeof imagePath>;
    gallery: z.ZodOptional<z.ZodArray<typeof imagePath>>;
    imageAlts: z.ZodOptional<z.ZodRecord<typeof imagePath, z.ZodString>>;
  })
  .strict();

// Beyond the database's integer, an id names no package: refused in words, not a failed query.
const idParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_ID, 'There is no package with this id.'),
});
const pkg = answer<AdminPackage>('AdminPackage');
const permission = 'catalogue.edit' as const;

/** Every package, published or not; `q` finds words of the title or the slug. */
export const listPackagesCall = defineAdminCall({
  method: 'GET',
  path: 'packages',
  params: noParams,
  query: z.object({
    q: z.string().max(200).optional(),
    status: z.enum(['published', 'unpublished'], { message: 'status must be published or unpublished' }).optional(),
  }),
  data: answer<{ items: AdminPackageItem[] }>('A list of AdminPackageItem in `items`'),
  permission,
});
/** The edit form's choices: cities, trip types, interests. */
export const packageOptionsCall = defineAdminCall({
  method: 'GET',
  path: 'packages/options',
  params: noParams,
  data: answer<AdminPackageOptions>('AdminPackageOptions'),
  permission,
});
export const getPackageCall = defineAdminCall({
  method: 'GET',
  path: 'packages/:id',
  params: idParams,
  data: pkg,
  permission,
});
/** Not on the shop until it is published. */
export const createPackageCall = defineAdminCall({
  method: 'POST',
  path: 'packages',
  params: noParams,
  body: newPackageSchema,
  data: pkg,
  permission,
});
export const updatePackageCall = defineAdminCall({
  method: 'PATCH',
  path: 'packages/:id',
  params: idParams,
  body: packageChangeSchema,
  data: pkg,
  permission,
});
export const publishPackageCall = defineAdminCall({
  method: 'POST',
  path: 'packages/:id/publish',
  params: idParams,
  data: pkg,
  permission,
});
export const unpublishPackageCall = defineAdminCall({
  method: 'POST',
  path: 'packages/:id/unpublish',
  params: idParams,
  data: pkg,
  permission,
});
export const deletePackageCall = defineAdminCall({
  method: 'DELETE',
  path: 'packages/:id',
  params: idParams,
  data: z.object({ id: z.number().int() }),
  permission,
});
/** A picture, as multipart/form-data: `file` (JPEG, PNG or WebP), `alt` (required) and `use` (hero or gallery). */
export const uploadPackageImageCall = defineAdminCall({
  method: 'POST',
  path: 'packages/:id/images',
  params: idParams,
  form: true,
  data: answer<{ path: string; package: AdminPackage }>('The picture’s path and the AdminPackage'),
  permission,
});
