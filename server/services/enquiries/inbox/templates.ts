import { and, asc, eq, ne } from 'drizzle-orm';
import { DEFAULT_TEMPLATES, REPLY_MESSAGES, type ReplyTemplate } from '../../../../contract/enquiry-replies.ts';
import type { Site } from '../../../../contract/site.ts';
import type { Db } from '../../../db/client.ts';
import { enquiryReplyTemplates } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { Actor, DbOrTx } from '../../staff/audit.ts';
import { staffAction } from '../../staff/staff-action.ts';

/*
 * Saved reply templates per site (docs/decisions/0101): a site with none gets DEFAULT_TEMPLATES
 * when its templates are first read; staff who work enquiries add, edit and delete them (audited,
 * recordType 'enquiry-template').
 */

type Row = typeof enquiryReplyTemplates.$inferSelect;
const view = (r: Row): ReplyTemplate => ({
  id: r.id,
  site: r.site,
  name: r.name,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

/** The site's templates by name (the defaults made first when it has none). */
export async function templatesOf(db: DbOrTx, site: Site, now: Date): Promise<ReplyTemplate[]> {
  let rows = await db
    .select()
    .from(enquiryReplyTemplates)
    .where(eq(enquiryReplyTemplates.site, site))
    .orderBy(asc(enquiryReplyTemplates.name));
  if (rows.length === 0) {
    await db
      .insert(enquiryReplyTemplates)
      .values(DEFAULT_TEMPLATES.map((t) => ({ site, name: t.name, body: t.body, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
    rows = await db
      .select()
      .from(enquiryReplyTemplates)
      .where(eq(enquiryReplyTemplates.site, site))
      .orderBy(asc(enquiryReplyTemplates.name));
  }
  return rows.map(view);
}

export async function templateById(db: DbOrTx, id: number, lock = false): Promise<Row> {
  const q = db.select().from(enquiryReplyTemplates).where(eq(enquiryReplyTemplates.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(REPLY_MESSAGES.templateUnknown);
  return row;
}

async function nameFree(tx: DbOrTx, site: Site, name: string, except: number | null) {
  const [same] = await tx
    .select({ id: enquiryReplyTemplates.id })
    .from(enquiryReplyTemplates)
    .where(
      and(
        eq(enquiryReplyTemplates.site, site),
        eq(enquiryReplyTemplates.name, name),
        except === null ? undefined : ne(enquiryReplyTemplates.id, except),
      ),
    );
  if (same) throw conflict(REPLY_MESSAGES.templateTaken(name));
}

export async function addTemplate(
  db: Db,
  actor: Actor,
  input: { site: Site; name: string; body: string },
  now: Date,
): Promise<ReplyTemplate> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    await nameFree(tx, input.site, input.name, null);
    const [row] = await tx
      .insert(enquiryReplyTemplates)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await audit({
      action: 'enquiry.template.add',
      recordType: 'enquiry-template',
      recordId: row!.id,
      after: { site: input.site, name: input.name, body: input.body },
    });
    return view(row!);
  });
}

export async function editTemplate(
  db: Db,
  actor: Actor,
  id: number,
  input: { name?: string; body?: string },
  now: Date,
): Promise<ReplyTemplate> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const was = await templateById(tx, id, true);
    const name = input.name ?? was.name;
    const body = input.body ?? was.body;
    if (name !== was.name) await nameFree(tx, was.site, name, id);
    const [row] = await tx
      .update(enquiryReplyTemplates)
      .set({ name, body, updatedAt: now })
      .where(eq(enquiryReplyTemplates.id, id))
      .returning();
    await audit({
      action: 'enquiry.template.edit',
      recordType: 'enquiry-template',
      recordId: id,
      before: { name: was.name, body: was.body },
      after: { name, body },
    });
    return view(row!);
  });
}

export async function deleteTemplate(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const was = await templateById(tx, id, true);
    await tx.delete(enquiryReplyTemplates).where(eq(enquiryReplyTemplates.id, id));
    await audit({
      action: 'enquiry.template.delete',
      recordType: 'enquiry-template',
      recordId: id,
      before: { site: was.site, name: was.name, body: was.body },
    });
    return { id };
  });
}
