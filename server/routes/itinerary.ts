import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { downloadItineraryForm } from '../../contract/catalogue-calls.ts';
import { itineraryFormParamsSchema, validateItineraryForm } from '../../contract/itinerary.ts';
import { publicUrl } from '../config.ts';
import { invalid, notFound, DomainError } from '../lib/errors.ts';
import { mailEnquiry } from '../services/enquiries/receive.ts';
import { formError } from '../lib/multipart.ts';
import { saveItineraryRequest } from '../services/enquiries/itinerary-requests.ts';
import { itineraryPdf } from '../services/itinerary-pdf.ts';
import { createMailer } from '../services/mail.ts';
import { packageDetail, packageSlugById } from '../services/catalogue/package-detail.ts';
import { hashAddress, hitRateLimit } from '../services/rate-limit.ts';

const COMPANY = 'Wanderlust Holidays';
const HOUR = 3_600_000;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);
}

/**
 * Form fields (multipart, else a JSON body, plus the query string), keyed as the schema names them, case-insensitively.
 */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const names = new Map(Object.keys(itineraryFormParamsSchema.shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  const take = (key: string, value: unknown) => {
    const name = names.get(key.toLowerCase());
    if (name) out[name] = value;
  };
  if (isPlainObject(request.query)) for (const [k, v] of Object.entries(request.query)) take(k, v);
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') take(part.fieldname, typeof part.value === 'string' ? part.value : '');
        else throw invalid('This form takes no files.');
      }
    } catch (err) {
      throw formError(err, { tooLarge: 'The form is too large.', files: 'This form takes no files.' });
    }
  } else if (isPlainObject(request.body)) {
    for (const [k, v] of Object.entries(request.body)) take(k, v);
  }
  return out;
}

export async function itineraryRoutes(app: FastifyInstance) {
  // Encapsulated: only this plugin's routes take multipart, and only small text fields.
  await app.register(multipart, {
    limits: { fields: 12, fieldSize: 4000, fieldNameSize: 50, files: 0, parts: 12, fileSize: 1 },
  });
  const mailer = createMailer(app.config, app.log);

  app.post(`/${downloadItineraryForm.path}`, async (request, reply) => {
    const parsed = downloadItineraryForm.params.safeParse(await readForm(request));
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The form is not valid.');
    const form = parsed.data;
    const problem = validateItineraryForm(form);
    if (problem) throw invalid(problem);

    const slug = form.PackageSlug || (await packageSlugById(app.db, Number(form.PackageId)));
    const pkg = slug ? await packageDetail(app.db, request.site, slug) : null;
    if (!pkg) throw notFound('This holiday package was not found.');

    const ipHash = hashAddress(request.ip, app.config.AUTH_SECRET);
    const hit = await hitRateLimit(app.db, `itinerary:${ipHash}`, {
      limit: app.config.ENQUIRY_RATE_LIMIT,
      windowMs: HOUR,
    });
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      const minutes = Math.ceil(hit.retryAfter / 60);
      throw new DomainError(
        'too_many',
        `You have downloaded several itineraries in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }

    const saved = await saveItineraryRequest(app.db, {
      site: request.site,
      form,
      packageId: pkg.id,
      packageSlug: pkg.slug,
      ipHash,
    });
    const pageUrl = `${publicUrl(app.config)}${request.site === 'IN' ? '/in' : ''}/holidays/${pkg.slug}`;
    // The team follows these up like any enquiry.
    mailEnquiry(
      { mailer, to: app.config.ENQUIRY_TO, log: request.log },
      {
        id: saved.id,
        kind: 'itinerary',
        site: request.site,
        payload: { ...saved.payload, PackageTitle: pkg.title, PackagePage: pageUrl },
      },
    );
    const pdf = await itineraryPdf({ pkg, travellerName: form.FullName, pageUrl, company: COMPANY });
    return reply
      .code(200)
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pkg.slug}-itinerary.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  });
}
