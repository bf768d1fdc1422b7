import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { QUOTE_MESSAGES, REPLY_MESSAGES } from '../../contract/enquiry-replies.ts';
import { siteSchema } from '../../contract/site.ts';
import { ok } from '../lib/envelope.ts';
import { invalid } from '../lib/errors.ts';
import { makeQuote, quotesOf } from '../services/enquiry-inbox/quotes.ts';
import { repliesOf, replyToEnquiry } from '../services/enquiry-inbox/replies.ts';
import { addTemplate, deleteTemplate, editTemplate, templatesOf } from '../services/enquiry-inbox/templates.ts';
import type { AdminContext } from './admin.ts';

const positive = (what: string) =>
  z.coerce
    .number({ message: `The ${what} number is not valid.` })
    .int()
    .positive(`The ${what} number is not valid.`);
const idParams = z.object({ id: positive('enquiry') });
const templateParams = z.object({ id: positive('template') });

const replyBody = z.object({
  subject: z.string().trim().max(200, 'Keep the subject under 200 characters.').optional(),
  body: z
    .string({ message: 'Write the reply first.' })
    .trim()
    .min(1, 'Write the reply first.')
    .max(10_000, 'Keep the reply under 10,000 characters.'),
  templateId: z
    .number({ message: 'The template number is not valid.' })
    .int()
    .positive('The template number is not valid.')
    .optional(),
});
const templateName = z
  .string({ message: 'Give the template a name.' })
  .trim()
  .min(1, 'Give the template a name.')
  .max(80, 'Keep the name under 80 characters.');
const templateText = z
  .string({ message: 'Write the template’s text.' })
  .trim()
  .min(1, 'Write the template’s text.')
  .max(10_000, 'Keep the text under 10,000 characters.');
const templateBody = z.object({
  site: z.enum(siteSchema.options, { message: 'Choose the site: UAE or IN.' }),
  name: templateName,
  body: templateText,
});
const templateEdit = z
  .object({ name: templateName.optional(), body: templateText.optional() })
  .refine((v) => v.name !== undefined || v.body !== undefined, 'Change the name or the text.');
const day = (what: string) =>
  z
    .string({ message: `Give the ${what} (yyyy-mm-dd).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Give the ${what} as yyyy-mm-dd.`);
const partyCount = (what: string, min: number) =>
  z
    .number({ message: `Give the number of ${what}.` })
    .int(`The number of ${what} is a whole number.`)
    .min(min, `At least ${min} ${what}.`)
    .max(20, `At most 20 ${what}.`);
const quoteBody = z.object({
  packageId: z.number({ message: 'Choose the package.' }).int().positive('Choose the package.'),
  travelDate: day('travel date'),
  adults: partyCount('adults', 1),
  children: partyCount('children', 0).default(0),
  rooms: partyCount('rooms', 1).default(1),
  validUntil: day('date the quote is valid until'),
});
const siteQuery = z.object({ site: z.enum(siteSchema.options, { message: 'Choose the site: UAE or IN.' }) });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
  );
}

/**
 * Replies to an enquiry and the saved templates (enquiries.work; docs/decisions/0101). Bodies are
 * checked after the guard, as the inbox's are.
 */
export async function enquiryReplyRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  app.get('/enquiries/:id/replies', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok(await repliesOf(app.db, app.config, parse(idParams, request.params).id, ctx.now())),
  );

  app.post(
    '/enquiries/:id/replies',
    { preHandler: ctx.guard('enquiries.work'), config: { documentedBody: replyBody } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const body = parse(replyBody, request.body);
      const sent = await replyToEnquiry(app.db, app.config, ctx.actorOf(request), id, body, ctx.now());
      return ok(sent, REPLY_MESSAGES.sent(sent.to));
    },
  );

  app.get('/enquiry-templates', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok({ items: await templatesOf(app.db, parse(siteQuery, request.query).site, ctx.now()) }),
  );

  app.post(
    '/enquiry-templates',
    { preHandler: ctx.guard('enquiries.work'), config: { documentedBody: templateBody } },
    async (request) =>
      ok(
        await addTemplate(app.db, ctx.actorOf(request), parse(templateBody, request.body), ctx.now()),
        REPLY_MESSAGES.templateSaved,
      ),
  );

  app.patch(
    '/enquiry-templates/:id',
    { preHandler: ctx.guard('enquiries.work'), config: { documentedBody: templateEdit } },
    async (request) => {
      const { id } = parse(templateParams, request.params);
      return ok(
        await editTemplate(app.db, ctx.actorOf(request), id, parse(templateEdit, request.body), ctx.now()),
        REPLY_MESSAGES.templateSaved,
      );
    },
  );

  app.delete('/enquiry-templates/:id', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok(
      await deleteTemplate(app.db, ctx.actorOf(request), parse(templateParams, request.params).id, ctx.now()),
      REPLY_MESSAGES.templateDeleted,
    ),
  );

  app.get('/enquiries/:id/quotes', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok({ items: await quotesOf(app.db, app.config, parse(idParams, request.params).id, ctx.now()) }),
  );

  app.post(
    '/enquiries/:id/quotes',
    { preHandler: ctx.guard('enquiries.work'), config: { documentedBody: quoteBody } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const made = await makeQuote(
        app.db,
        app.config,
        ctx.actorOf(request),
        id,
        parse(quoteBody, request.body),
        ctx.now(),
      );
      return ok(made, QUOTE_MESSAGES.made(made.to));
    },
  );
}
