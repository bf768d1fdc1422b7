import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENQUIRY_MESSAGES, ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS } from '../../contract/enquiry-inbox.ts';
import { ok } from '../lib/envelope.ts';
import { invalid, DomainError } from '../lib/errors.ts';
import { dashboard } from '../services/enquiry-inbox/dashboard.ts';
import { enquiryDetail } from '../services/enquiry-inbox/detail.ts';
import { inboxQuery, listInbox } from '../services/enquiry-inbox/list.ts';
import {
  assignEnquiry,
  assignees,
  attachmentOf,
  auditAttachmentOpen,
  moveEnquiry,
  noteEnquiry,
  reopenEnquiry,
} from '../services/enquiry-inbox/work.ts';
import type { AdminContext } from './admin.ts';

const idParams = z.object({
  id: z.coerce
    .number({ message: 'The enquiry number is not valid.' })
    .int()
    .positive('The enquiry number is not valid.'),
});

const statusBody = z.object({
  status: z.enum(ENQUIRY_STATUSES, { message: 'Choose the status: contacted, booked or closed.' }),
  /** The booking it led to (booked only). */
  bookingRef: z.string().max(40, 'That is not a booking reference.').optional(),
});
const assignBody = z.object({
  staffId: z
    .number({ message: 'Choose whom to assign it to (a staff id, or null for no one).' })
    .int()
    .positive()
    .nullable(),
});
const noteBody = z.object({
  body: z
    .string({ message: 'Write the note first.' })
    .trim()
    .min(1, 'Write the note first.')
    .max(4000, 'Keep the note under 4,000 characters.'),
});

/** Every field's message, as one line a person can act on ("status: …; bookingRef: …"). */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
  );
}

/**
 * The enquiries inbox (enquiries.work) and the dashboard (any staff: each part by its own
 * permission). Parameters and bodies are checked after the guard, so a caller without a session or
 * the permission learns nothing and is always refused the same way.
 */
export async function enquiryInboxRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const id = (params: unknown) => parse(idParams, params).id;

  app.get('/dashboard', { preHandler: ctx.guard(null) }, async (request) =>
    ok(await dashboard(app.db, request.staff!.role, ctx.now())),
  );

  app.get('/enquiries', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok(await listInbox(app.db, parse(inboxQuery, request.query), request.staff!.staffId, ctx.now())),
  );

  app.get('/enquiries/assignees', { preHandler: ctx.guard('enquiries.work') }, async () =>
    ok({ items: await assignees(app.db) }),
  );

  app.get('/enquiries/:id', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok(await enquiryDetail(app.db, id(request.params))),
  );

  app.post('/enquiries/:id/status', { preHandler: ctx.guard('enquiries.work') }, async (request) => {
    const body = parse(statusBody, request.body);
    const moved = await moveEnquiry(
      app.db,
      ctx.actorOf(request),
      id(request.params),
      body.status,
      body.bookingRef,
      ctx.now(),
    );
    return ok(moved, ENQUIRY_MESSAGES.moved(ENQUIRY_STATUS_LABELS[moved.status].toLowerCase()));
  });

  app.post('/enquiries/:id/reopen', { preHandler: ctx.guard('enquiries.work') }, async (request) =>
    ok(await reopenEnquiry(app.db, ctx.actorOf(request), id(request.params), ctx.now()), ENQUIRY_MESSAGES.reopened),
  );

  app.post('/enquiries/:id/assign', { preHandler: ctx.guard('enquiries.work') }, async (request) => {
    const { staffId } = parse(assignBody, request.body);
    const done = await assignEnquiry(app.db, ctx.actorOf(request), id(request.params), staffId, ctx.now());
    return ok(done, ENQUIRY_MESSAGES.assigned(done.assignee?.email ?? null));
  });

  app.post('/enquiries/:id/notes', { preHandler: ctx.guard('enquiries.work') }, async (request) => {
    const { body } = parse(noteBody, request.body);
    const note = await noteEnquiry(app.db, ctx.actorOf(request), id(request.params), body, ctx.now());
    return ok(
      { id: note.id, body: note.body, staff: request.staff!.email, at: note.createdAt.toISOString() },
      ENQUIRY_MESSAGES.noted,
    );
  });

  // The traveller's file, streamed as a download (never shown inline: its bytes were checked, its content was not).
  app.get('/enquiries/:id/attachment', { preHandler: ctx.guard('enquiries.work') }, async (request, reply) => {
    const { enquiryId, file } = await attachmentOf(app.db, id(request.params));
    const bytes = await app.files.open(app.db, file.storedName);
    if (!bytes) throw new DomainError('gone', ENQUIRY_MESSAGES.fileGone);
    await auditAttachmentOpen(app.db, ctx.actorOf(request), enquiryId, file, ctx.now());
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header(
        'content-disposition',
        `attachment; filename="${file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
