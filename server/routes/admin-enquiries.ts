import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-enquiry-calls.ts';
import { ENQUIRY_MESSAGES, ENQUIRY_STATUS_LABELS } from '../../contract/enquiry-inbox.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { DomainError } from '../lib/errors.ts';
import { dashboard } from '../services/enquiries/inbox/dashboard.ts';
import { enquiryDetail } from '../services/enquiries/inbox/detail.ts';
import { listInbox } from '../services/enquiries/inbox/list.ts';
import {
  assignEnquiry,
  assignees,
  attachmentOf,
  auditAttachmentOpen,
  moveEnquiry,
  noteEnquiry,
  reopenEnquiry,
} from '../services/enquiries/inbox/work.ts';
import type { AdminContext } from './admin.ts';

/**
 * The enquiries inbox (enquiries.work) and the dashboard (any staff: each part by its own
 * permission), each call declared in contract/admin-enquiry-calls.ts (decision 0111). Parameters
 * and bodies are checked after the guard, so a caller without a session or the permission learns
 * nothing and is always refused the same way.
 */
export async function enquiryInboxRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { now } = ctx;

  adminRoute(app, ctx, calls.dashboardCall, async ({ staff }) => ok(await dashboard(app.db, staff.role, now())));

  adminRoute(app, ctx, calls.listEnquiriesCall, async ({ query, staff }) =>
    ok(await listInbox(app.db, query, staff.staffId, now())),
  );

  adminRoute(app, ctx, calls.enquiryAssigneesCall, async () => ok({ items: await assignees(app.db) }));

  adminRoute(app, ctx, calls.enquiryCall, async ({ params }) => ok(await enquiryDetail(app.db, params.id)));

  adminRoute(app, ctx, calls.moveEnquiryCall, async ({ params, body, actor }) => {
    const moved = await moveEnquiry(app.db, actor, params.id, body.status, body.bookingRef, now());
    return ok(moved, ENQUIRY_MESSAGES.moved(ENQUIRY_STATUS_LABELS[moved.status].toLowerCase()));
  });

  adminRoute(app, ctx, calls.reopenEnquiryCall, async ({ params, actor }) =>
    ok(await reopenEnquiry(app.db, actor, params.id, now()), ENQUIRY_MESSAGES.reopened),
  );

  adminRoute(app, ctx, calls.assignEnquiryCall, async ({ params, body, actor }) => {
    const done = await assignEnquiry(app.db, actor, params.id, body.staffId, now());
    return ok(done, ENQUIRY_MESSAGES.assigned(done.assignee?.email ?? null));
  });

  adminRoute(app, ctx, calls.noteEnquiryCall, async ({ params, body, actor, staff }) => {
    const note = await noteEnquiry(app.db, actor, params.id, body.body, now());
    return ok(
      { id: note.id, body: note.body, staff: staff.email, at: note.createdAt.toISOString() },
      ENQUIRY_MESSAGES.noted,
    );
  });

  // The traveller's file, streamed as a download (never shown inline: its bytes were checked, its content was not).
  adminRoute(app, ctx, calls.enquiryAttachmentCall, async ({ params, actor, reply }) => {
    const { enquiryId, file } = await attachmentOf(app.db, params.id);
    const bytes = await app.files.open(app.db, file.storedName);
    if (!bytes) throw new DomainError('gone', ENQUIRY_MESSAGES.fileGone);
    await auditAttachmentOpen(app.db, actor, enquiryId, file, now());
    await reply
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
