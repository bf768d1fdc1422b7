import { asc, eq } from 'drizzle-orm';
import { ENQUIRY_KIND_LABELS } from '../../../../contract/enquiry-inbox.ts';
import { REPLY_MESSAGES, type EnquiryReplies } from '../../../../contract/enquiry-replies.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { enquiries, enquiryReplies, packages, staff } from '../../../db/schema.ts';
import { invalid } from '../../../lib/errors.ts';
import { laidOut } from '../../mail-layout.ts';
import { enqueueMail } from '../../outbox.ts';
import { shopDetails } from '../../shop-details.ts';
import type { Actor, DbOrTx } from '../../staff/audit.ts';
import { staffAction } from '../../staff/staff-action.ts';
import { enquiryById } from './detail.ts';
import { contactOf, type EnquiryRow } from './list.ts';
import { templateById, templatesOf } from './templates.ts';

/*
 * Replying to an enquiry (docs/decisions/0101): the mail is queued in the outbox in the same
 * transaction that keeps the reply (who, when, what) and writes its audit entry, so a reply on the
 * timeline is a reply sent and a rolled-back one is neither. A new enquiry becomes contacted.
 */

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The package the enquiry is about, by the title it carries or its package's. */
export async function packageTitleOf(db: DbOrTx, e: EnquiryRow): Promise<string> {
  const own = text(e.payload.PackageTitle);
  if (own) return own;
  const id = Number(e.payload.PackageId);
  if (Number.isInteger(id) && id > 0) {
    const [p] = await db.select({ title: packages.title }).from(packages).where(eq(packages.id, id));
    if (p) return p.title;
  }
  return 'your holiday';
}

/** A template's text with the enquiry's facts in its placeholders ({name}, {package}, {shop}, {phone}). */
export function fillTemplate(
  body: string,
  facts: { name: string; package: string; shop: string; phone: string },
): string {
  return body.replace(/\{(name|package|shop|phone)\}/g, (_, key: keyof typeof facts) => facts[key]);
}

export const replySubject = (e: Pick<EnquiryRow, 'id' | 'kind'>, shop: string) =>
  `Re: your enquiry to ${shop} (${ENQUIRY_KIND_LABELS[e.kind].toLowerCase()} #${e.id})`;

async function factsOf(db: DbOrTx, config: Config, e: EnquiryRow) {
  const shop = shopDetails(config, e.site);
  const who = contactOf(e.payload);
  const name = who.name === '(no name given)' ? 'there' : who.name;
  return { who, shop, facts: { name, package: await packageTitleOf(db, e), shop: shop.tradeName, phone: shop.phone } };
}

/** The reply form's start: to whom, the subject, the site's templates filled for this enquiry, the replies sent. */
export async function repliesOf(db: Db, config: Config, id: number, now: Date): Promise<EnquiryReplies> {
  const e = await enquiryById(db, id);
  const { who, shop, facts } = await factsOf(db, config, e);
  const templates = await templatesOf(db, e.site, now);
  const rows = await db
    .select({ r: enquiryReplies, by: staff.email })
    .from(enquiryReplies)
    .leftJoin(staff, eq(staff.id, enquiryReplies.staffId))
    .where(eq(enquiryReplies.enquiryId, e.id))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
  return {
    to: who.email,
    subject: replySubject(e, shop.tradeName),
    templates: templates.map((t) => ({ ...t, filled: fillTemplate(t.body, facts) })),
    replies: rows.map(({ r, by }) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      body: r.body,
      staff: by,
      at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Mails a reply through the outbox and keeps it on the enquiry's timeline; a template's placeholders left in the body
 * are filled.
 */
export async function replyToEnquiry(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  id: number,
  input: { subject?: string; body: string; templateId?: number },
  now: Date,
) {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const e = await enquiryById(tx, id, true);
    const { who, shop, facts } = await factsOf(tx, config, e);
    if (!who.email) throw invalid(REPLY_MESSAGES.noEmail);
    if (input.templateId !== undefined) {
      const t = await templateById(tx, input.templateId).catch(() => null);
      if (!t) throw invalid(REPLY_MESSAGES.templateUnknown);
      if (t.site !== e.site) throw invalid(REPLY_MESSAGES.templateOtherSite);
    }
    const subject = input.subject?.trim() || replySubject(e, shop.tradeName);
    const body = fillTemplate(input.body, facts);
    const [row] = await tx
      .insert(enquiryReplies)
      .values({
        enquiryId: e.id,
        staffId: actor.staffId,
        to: who.email,
        subject,
        body,
        templateId: input.templateId ?? null,
        createdAt: now,
      })
      .returning();
    await enqueueMail(tx, {
      kind: 'enquiry-reply',
      dedupeKey: `enquiry-reply:${row!.id}`,
      message: {
        to: who.email,
        subject,
        ...laidOut({
          shop,
          heading: 'About your enquiry',
          preheader: body.slice(0, 90),
          greeting: `Dear ${facts.name},`,
          blocks: body.split(/\n{2,}/).map((p) => ({ p })),
        }),
      },
    });
    const moved = e.status === 'new';
    await tx
      .update(enquiries)
      .set({ ...(moved ? { status: 'contacted' as const } : {}), updatedAt: now })
      .where(eq(enquiries.id, e.id));
    await audit({
      action: 'enquiry.reply',
      recordType: 'enquiry',
      recordId: e.id,
      ...(moved ? { before: { status: 'new' } } : {}),
      after: { replyId: row!.id, to: who.email, subject, body, ...(moved ? { status: 'contacted' } : {}) },
    });
    return { id: row!.id, to: who.email, subject, body, at: now.toISOString(), status: moved ? 'contacted' : e.status };
  });
}
