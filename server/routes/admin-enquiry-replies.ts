import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-enquiry-calls.ts';
import { QUOTE_MESSAGES, REPLY_MESSAGES } from '../../contract/enquiry-replies.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { makeQuote, quotesOf } from '../services/enquiries/inbox/quotes.ts';
import { repliesOf, replyToEnquiry } from '../services/enquiries/inbox/replies.ts';
import { addTemplate, deleteTemplate, editTemplate, templatesOf } from '../services/enquiries/inbox/templates.ts';
import type { AdminContext } from './admin.ts';

/**
 * Replies to an enquiry, the saved templates and quotes (enquiries.work; docs/decisions/0101),
 * each call declared in contract/admin-enquiry-calls.ts (decision 0111). Bodies are checked after
 * the guard, as the inbox's are.
 */
export async function enquiryReplyRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { now } = ctx;

  adminRoute(app, ctx, calls.enquiryRepliesCall, async ({ params }) =>
    ok(await repliesOf(app.db, app.config, params.id, now())),
  );

  adminRoute(app, ctx, calls.replyToEnquiryCall, async ({ params, body, actor }) => {
    const sent = await replyToEnquiry(app.db, app.config, actor, params.id, body, now());
    return ok(sent, REPLY_MESSAGES.sent(sent.to));
  });

  adminRoute(app, ctx, calls.listTemplatesCall, async ({ query }) =>
    ok({ items: await templatesOf(app.db, query.site, now()) }),
  );

  adminRoute(app, ctx, calls.addTemplateCall, async ({ body, actor }) =>
    ok(await addTemplate(app.db, actor, body, now()), REPLY_MESSAGES.templateSaved),
  );

  adminRoute(app, ctx, calls.editTemplateCall, async ({ params, body, actor }) =>
    ok(await editTemplate(app.db, actor, params.id, body, now()), REPLY_MESSAGES.templateSaved),
  );

  adminRoute(app, ctx, calls.deleteTemplateCall, async ({ params, actor }) =>
    ok(await deleteTemplate(app.db, actor, params.id, now()), REPLY_MESSAGES.templateDeleted),
  );

  adminRoute(app, ctx, calls.enquiryQuotesCall, async ({ params }) =>
    ok({ items: await quotesOf(app.db, app.config, params.id, now()) }),
  );

  adminRoute(app, ctx, calls.makeQuoteCall, async ({ params, body, actor }) => {
    const made = await makeQuote(app.db, app.config, actor, params.id, body, now());
    return ok(made, QUOTE_MESSAGES.made(made.to));
  });
}
