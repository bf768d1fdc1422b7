import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAY_KINDS } from '../../contract/catalogue-admin.ts';
import { VAT_TREATMENTS } from '../../contract/tax.ts';
import { DEFAULT_CANCELLATION_POLICY } from '../../contract/cancellation.ts';
import { ok, sendError } from '../lib/envelope.ts';
import { DomainError } from '../lib/errors.ts';
import { readPictureForm, requirePictureForm } from '../lib/picture-upload.ts';
import { addPackageImage, IMAGE_FILE, imageKey, MAX_IMAGE_BYTES } from '../services/catalogue-admin/images.ts';
import { createPackage, deletePackage, getPackage, IMAGE_PATH, listPackages, packageOptions, setPublished, SLUG_PATTERN, updatePackage } from '../services/catalogue-admin/packages.ts';
import { packageSlugRedirects } from '../services/catalogue-admin/slug-redirects.ts';
import type { AdminContext } from './admin.ts';

const text = (field: string, max: number) => z.string({ message: `${field}: write it as text.` }).trim().min(1, `${field}: write it, it cannot be empty.`).max(max, `${field}: keep it under ${max} characters.`);
const lines = (field: string, maxItems: number) => z.array(text(field, 500), { message: `${field}: give a list of lines.` }).max(maxItems, `${field}: at most ${maxItems} lines.`);
const int = (field: string, min: number, max: number) =>
  z.number({ message: `${field}: give a whole number.` }).int(`${field}: give a whole number.`).min(min, `${field}: at least ${min}.`).max(max, `${field}: at most ${max}.`);
/** A site's price per adult in the smallest unit (fils, paise), or null to stop selling there. */
const minor = (field: string) => z.number({ message: `${field}: give the price in fils or paise, a whole number (or null).` }).int(`${field}: the smallest unit is a whole number.`).positive(`${field}: above zero.`).max(100_000_000_00, `${field}: that price is too large.`).nullable();

const supplier = z.object({
  name: text('stays.supplier.name', 200),
  address: lines('stays.supplier.address', 6).min(1, 'stays.supplier.address: give at least one line.'),
  phone: z.string().trim().regex(/^\+\d[\d ]{6,20}$/, 'stays.supplier.phone: an international number such as +971 4 123 4567.'),
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
const day = z.object({ day: int('itinerary.day', 1, 31), title: text('itinerary.title', 200), description: text('itinerary.description', 4000) });
const step = z.object({ daysBefore: int('cancellationPolicy.daysBefore', 0, 365), keepPercent: int('cancellationPolicy.keepPercent', 0, 100) });
const sitePrices = (field: string) => z.object({ UAE: minor(`${field}.UAE`).optional(), IN: minor(`${field}.IN`).optional() }, { message: `${field}: give {UAE, IN} in fils and paise.` }).strict();

const fields = {
  title: text('title', 160),
  slug: z.string({ message: 'slug: write it as text.' }).trim().regex(SLUG_PATTERN, 'slug: use lower-case letters, digits and single hyphens (e.g. goa-beach-escape).').max(120, 'slug: keep it under 120 characters.'),
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

const createBody = z
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
const patchBody = z
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

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(['published', 'unpublished'], { message: 'status must be published or unpublished' }).optional(),
});

/** Packages: create, edit, publish, unpublish, slugs, prices per site, images (issue 21). */
export async function catalogueRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  // Encapsulated: only these routes read multipart bodies (the picture upload).
  await appIn.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 2_000, parts: 8 } });
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    const guard = ctx.guard('catalogue.edit');

    app.get('/packages', { preHandler: guard, schema: { querystring: listQuery } }, async (request) => ok({ items: await listPackages(app.db, request.query) }));

    app.get('/packages/options', { preHandler: guard }, async () => ok(await packageOptions(app.db)));

    app.get('/packages/:id', { preHandler: guard, schema: { params: idParams } }, async (request) => ok(await getPackage(app.db, request.params.id)));

    app.post('/packages', { preHandler: guard, schema: { body: createBody } }, async (request) =>
      ok(await createPackage(app.db, ctx.actorOf(request), request.body, ctx.now()), 'Package created. It is not on the shop until you publish it.'),
    );

    app.patch('/packages/:id', { preHandler: guard, schema: { params: idParams, body: patchBody } }, async (request) => {
      const pkg = await updatePackage(app.db, ctx.actorOf(request), request.params.id, request.body, ctx.now());
      return ok(pkg, pkg.published ? 'Saved: the shop shows the change now.' : 'Saved. The package is not published.');
    });

    app.post('/packages/:id/publish', { preHandler: guard, schema: { params: idParams } }, async (request) =>
      ok(await setPublished(app.db, ctx.actorOf(request), request.params.id, true, ctx.now()), 'Published: travellers can find and book it now.'),
    );

    app.post('/packages/:id/unpublish', { preHandler: guard, schema: { params: idParams } }, async (request) =>
      ok(await setPublished(app.db, ctx.actorOf(request), request.params.id, false, ctx.now()), 'Unpublished: it is off the shop; bookings made keep it.'),
    );

    app.delete('/packages/:id', { preHandler: guard, schema: { params: idParams } }, async (request) =>
      ok(await deletePackage(app.db, ctx.actorOf(request), request.params.id, ctx.now()), 'Package deleted.'),
    );

    // multipart: `file` (JPEG, PNG or WebP), `alt` (required) and `use` (hero or gallery).
    app.post('/packages/:id/images', { preHandler: guard, schema: { params: idParams } }, async (request) => {
      requirePictureForm(request, 'the fields file, alt and use');
      const current = await getPackage(app.db, request.params.id);
      const { content, fields: got } = await readPictureForm(request);
      const use = got.use === 'hero' ? 'hero' : got.use === undefined || got.use === 'gallery' ? 'gallery' : null;
      if (!use) throw new DomainError('invalid', 'use: hero or gallery.');
      const { package: pkg, path } = await addPackageImage(app.db, app.files, ctx.actorOf(request), request.params.id, { content, alt: got.alt ?? '', use }, current, ctx.now());
      return ok({ path, package: pkg }, use === 'hero' ? 'Picture uploaded and set as the main picture.' : 'Picture uploaded and added to the gallery.');
    });
  });
}

/**
 * The shop's side of the catalogue, at the root: renamed packages' former addresses answer 301, and
 * uploaded package pictures are served from the file store (their names never change, so they are cached).
 */
export async function catalogueShopRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', packageSlugRedirects(app));
  app.get('/images/uploads/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!IMAGE_FILE.test(file)) return sendError(reply, 404, 'Not found.');
    const key = imageKey(file);
    const bytes = await app.files.open(app.db, key);
    if (!bytes) return sendError(reply, 404, 'Not found.');
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
