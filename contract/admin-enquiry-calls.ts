import { z } from 'zod';
import { answer, defineAdminCall, noParams, storedFile } from './admin-api.ts';
import { MAX_DB_ID } from './common.ts';
import { ATTACHMENT_ACCEPT } from './enquiry.ts';
import {
  ENQUIRY_KINDS,
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUSES,
  type Dashboard,
  type EnquiryAssignee,
  type EnquiryDetail,
  type EnquiryPage,
} from './enquiry-inbox.ts';
import { REPLY_MESSAGES, type EnquiryQuote, type EnquiryReplies, type ReplyTemplate } from './enquiry-replies.ts';
import { siteSchema, type Currency } from './site.ts';

/*
 * The enquiries inbox (issue 21) and, from an enquiry, its replies, saved templates and quotes
 * (issue 31, decision 0101): all need enquiries.work; the dashboard a session only (each of its
 * parts shows by its own permission). Declared once here (decision 0111):
 * server/routes/admin-enquiries.ts and server/routes/admin-enquiry-replies.ts register them, the
 * desk's inbox, enquiry, templates and home pages call them. A refused body names every field's
 * problem in one line (everyFieldMessage), as these routes always did.
 */

const permission = 'enquiries.work' as const;

// Beyond the database's integer (MAX_DB_ID), a number names no row: refused in words, not a failed query.
const positive = (what: string, none: string) =>
  z.coerce
    .number({ message: `The ${what} number is not valid.` })
    .int()
    .positive(`The ${what} number is not valid.`)
    .max(MAX_DB_ID, none);
const idParams = z.object({ id: positive('enquiry', ENQUIRY_MESSAGES.notFound) });
const templateParams = z.object({ id: positive('template', REPLY_MESSAGES.templateUnknown) });

// ---------------------------------------------------------------- the inbox

/** The inbox's page size when `limit` is left out. */
const INBOX_PAGE_SIZE = 50;
const empty = z.literal('');
/** The inbox's filters, as the query string sends them (an empty value is no filter). */
const inboxQuery = z.object({
  kind: z
    .enum(['', ...ENQUIRY_KINDS], { message: 'kind must be contact, home, package, exit or itinerary' })
    .optional(),
  site: z.enum(['', 'UAE', 'IN'], { message: 'site must be UAE or IN' }).optional(),
  status: z.enum(['', ...ENQUIRY_STATUSES], { message: 'status must be new, contacted, booked or closed' }).optional(),
  /** A staff id, `me`, or `none` (no one assigned). */
  assignee: z
    .union(
      [
        empty,
        z.literal('me'),
        z.literal('none'),
        z.coerce.number().int().positive().max(MAX_DB_ID, 'assignee must be a staff id, me or none'),
      ],
      {
        message: 'assignee must be a staff id, me or none',
      },
    )
    .optional(),
  /** Only enquiries older than this many days (waiting long). */
  olderThanDays: z
    .union([empty, z.coerce.number().int().min(0).max(3650)], {
      message: 'olderThanDays must be a whole number of days',
    })
    .optional(),
  /** Sent on or after / on or before this day (UTC). */
  from: z.union([empty, z.iso.date()], { message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.union([empty, z.iso.date()], { message: 'to must be a date (YYYY-MM-DD)' }).optional(),
  /** Words of the name, email, phone or message. */
  q: z.string().max(200, 'Search for at most 200 characters.').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(INBOX_PAGE_SIZE),
});
export type InboxQuery = z.output<typeof inboxQuery>;

/** The counts and lists of the desk's home page; each part null for a role that may not see it. */
export const dashboardCall = defineAdminCall({
  method: 'GET',
  path: 'dashboard',
  params: noParams,
  data: answer<Dashboard>('Dashboard'),
  permission: null,
});

/** One page of the inbox, newest first, filtered; `nextCursor` pages on. */
export const listEnquiriesCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries',
  params: noParams,
  query: inboxQuery,
  data: answer<EnquiryPage>('EnquiryPage'),
  permission,
});

/** Whom an enquiry may be assigned to: enabled staff whose role works enquiries. */
export const enquiryAssigneesCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries/assignees',
  params: noParams,
  data: answer<{ items: EnquiryAssignee[] }>('A list of EnquiryAssignee in `items`'),
  permission,
});

/** One enquiry: what was sent, its notes, its history and the moves it may make. */
export const enquiryCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries/:id',
  params: idParams,
  data: answer<EnquiryDetail>('EnquiryDetail'),
  permission,
});

/** The enquiry's status and the booking it led to, after a move or a reopening. */
const enquiryStatusData = z.object({
  id: z.number().int(),
  status: z.enum(ENQUIRY_STATUSES),
  bookingRef: z.string().nullable().describe('The booking it led to (booked only).'),
});

/** Moves the enquiry on (contract/enquiry-inbox.ts ENQUIRY_MOVES); booked needs an existing booking's reference. */
export const moveEnquiryCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/status',
  params: idParams,
  body: z.object({
    status: z.enum(ENQUIRY_STATUSES, { message: 'Choose the status: contacted, booked or closed.' }),
    /** The booking it led to (booked only). */
    bookingRef: z.string().max(40, 'That is not a booking reference.').optional(),
  }),
  everyFieldMessage: true,
  data: enquiryStatusData,
  permission,
});

/** A booked or closed enquiry back to contacted (a booked one no longer links to its booking). */
export const reopenEnquiryCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/reopen',
  params: idParams,
  data: enquiryStatusData,
  permission,
});

/** Assigns the enquiry to a member who works enquiries, or to no one (null). */
export const assignEnquiryCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/assign',
  params: idParams,
  body: z.object({
    staffId: z
      .number({ message: 'Choose whom to assign it to (a staff id, or null for no one).' })
      .int()
      .positive()
      .max(MAX_DB_ID, ENQUIRY_MESSAGES.assigneeUnknown)
      .nullable(),
  }),
  everyFieldMessage: true,
  data: z.object({
    id: z.number().int(),
    assignee: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  }),
  permission,
});

/** Adds an internal note (never shown to the traveller). */
export const noteEnquiryCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/notes',
  params: idParams,
  body: z.object({
    body: z
      .string({ message: 'Write the note first.' })
      .trim()
      .min(1, 'Write the note first.')
      .max(4000, 'Keep the note under 4,000 characters.'),
  }),
  everyFieldMessage: true,
  data: z.object({
    id: z.number().int(),
    body: z.string(),
    staff: z.string().describe('The email of the member who wrote it.'),
    at: z.string().describe('When, as an ISO date and time (UTC).'),
  }),
  permission,
});

/** The traveller's file, as it was stored, sent as a download (opening it is audited). */
export const enquiryAttachmentCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries/:id/attachment',
  params: idParams,
  file: 'stored',
  data: storedFile(
    'The file the traveller attached to the enquiry',
    ATTACHMENT_ACCEPT.split(',').filter((type) => type.includes('/')),
  ),
  permission,
});

// ---------------------------------------------------------------- replies, templates, quotes

const siteChoice = z.enum(siteSchema.options, { message: 'Choose the site: UAE or IN.' });
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

/** What the reply form starts from (the address, the subject, the site's templates filled in) and the replies sent. */
export const enquiryRepliesCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries/:id/replies',
  params: idParams,
  data: answer<EnquiryReplies>('EnquiryReplies'),
  permission,
});

/** Mails a reply to the traveller (a new enquiry becomes contacted); placeholders are filled from the enquiry. */
export const replyToEnquiryCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/replies',
  params: idParams,
  body: z.object({
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
      .max(MAX_DB_ID, REPLY_MESSAGES.templateUnknown)
      .optional(),
  }),
  everyFieldMessage: true,
  data: z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    body: z.string().describe('As mailed, its placeholders filled.'),
    at: z.string().describe('When, as an ISO date and time (UTC).'),
    status: z.enum(ENQUIRY_STATUSES).describe('The enquiry’s status now.'),
  }),
  permission,
});

/** A site's saved reply templates (its starting ones made on first use). */
export const listTemplatesCall = defineAdminCall({
  method: 'GET',
  path: 'enquiry-templates',
  params: noParams,
  query: z.object({ site: siteChoice }),
  data: answer<{ items: ReplyTemplate[] }>('A list of ReplyTemplate in `items`'),
  permission,
});

/** Saves a new template for a site (its name unique on the site). */
export const addTemplateCall = defineAdminCall({
  method: 'POST',
  path: 'enquiry-templates',
  params: noParams,
  body: z.object({ site: siteChoice, name: templateName, body: templateText }),
  everyFieldMessage: true,
  data: answer<ReplyTemplate>('ReplyTemplate'),
  permission,
});

/** Renames a template or changes its text. */
export const editTemplateCall = defineAdminCall({
  method: 'PATCH',
  path: 'enquiry-templates/:id',
  params: templateParams,
  body: z
    .object({ name: templateName.optional(), body: templateText.optional() })
    .refine((v) => v.name !== undefined || v.body !== undefined, 'Change the name or the text.'),
  everyFieldMessage: true,
  data: answer<ReplyTemplate>('ReplyTemplate'),
  permission,
});

/** Deletes a template. */
export const deleteTemplateCall = defineAdminCall({
  method: 'DELETE',
  path: 'enquiry-templates/:id',
  params: templateParams,
  data: z.object({ id: z.number().int() }),
  permission,
});

/** The quotes made from the enquiry, oldest first. */
export const enquiryQuotesCall = defineAdminCall({
  method: 'GET',
  path: 'enquiries/:id/quotes',
  params: idParams,
  data: answer<{ items: EnquiryQuote[] }>('A list of EnquiryQuote in `items`'),
  permission,
});

/** Prices a package for the party at the shop's price and mails the traveller a link to book it. */
export const makeQuoteCall = defineAdminCall({
  method: 'POST',
  path: 'enquiries/:id/quotes',
  params: idParams,
  body: z.object({
    packageId: z
      .number({ message: 'Choose the package.' })
      .int()
      .positive('Choose the package.')
      .max(MAX_DB_ID, 'Choose the package.'),
    travelDate: day('travel date'),
    adults: partyCount('adults', 1),
    children: partyCount('children', 0).default(0),
    rooms: partyCount('rooms', 1).default(1),
    validUntil: day('date the quote is valid until'),
  }),
  everyFieldMessage: true,
  data: answer<{ id: number; total: number; currency: Currency; title: string; url: string; to: string }>(
    'The quote made: its id, total (smallest unit) in its currency, title, the traveller’s link `url` and `to`',
  ),
  permission,
});
