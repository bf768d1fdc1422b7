import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  REPLY_MESSAGES,
  type EnquiryReplies,
  type ReplyTemplate,
} from '../../contract/enquiry-replies.ts';
import type { EnquiryDetail } from '../../contract/enquiry-inbox.ts';
import { count, createBookingKit, findPackage, inDays, sql, type BookingKit } from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Replying to an enquiry from the desk (docs/decisions/0101): the reply is queued in the outbox and
 * kept on the enquiry's timeline in one transaction, templates per site fill their placeholders,
 * roles without enquiries.work are refused with nothing written, bad input is said plainly.
 */

let kit: BookingKit;
let agent: Staffer;
let owner: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let pkg: { id: number; title: string };
let packageEnquiry: number;
let noEmailEnquiry: number;

let ip = 0;
async function shopCall(path: string, site: 'UAE' | 'IN', query: Record<string, string>): Promise<number> {
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/Common/${path}`,
    query,
    headers: { country: site },
    remoteAddress: `10.91.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.EnquiryId as number;
}

/** What a refused call must leave as it was. */
async function written() {
  const { rows } = await kit.database.db.execute<{
    replies: number;
    outbox: number;
    templates: string;
    audit: number;
    statuses: string;
  }>(sql`select
    (select count(*)::int from enquiry_replies) as replies,
    (select count(*)::int from mail_outbox) as outbox,
    (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'body', body) order by id), '[]')::text from enquiry_reply_templates) as templates,
    (select count(*)::int from audit_log) as audit,
    (select json_agg(status order by id)::text from enquiries) as statuses`);
  return rows[0]!;
}

const repliesOf = async (who: Staffer, id: number) => {
  const res = await admin(kit, who, 'GET', `enquiries/${id}/replies`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as EnquiryReplies;
};

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  agent = await staffer(kit, 'agent');
  owner = await staffer(kit, 'owner');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
  const found = await findPackage(kit, { inIndia: false });
  const { rows } = await kit.database.db.execute<{ slug: string; title: string }>(
    sql`select slug, title from packages where id = ${found.id}`,
  );
  pkg = { id: found.id, title: rows[0]!.title };
  packageEnquiry = await shopCall('SubmitEnquiryForm', 'UAE', {
    PackageId: String(pkg.id),
    PackageSlug: rows[0]!.slug,
    PackageTitle: pkg.title,
    FullName: 'Leila Aziz',
    Email: 'leila.aziz@gmail.com',
    PhoneNumber: '+971509998877',
    TravelDate: inDays(60),
    Adults: '2',
    Message: 'Is a baby cot available?',
    Url: 'https://shop.example.com/x',
  });
  noEmailEnquiry = await shopCall('SaveHomePageEnquiryPopup', 'UAE', {
    FullName: 'Omar Said',
    EmailOrPhone: '+971501112233',
    TimeToCall: 'Morning',
  });
});

afterAll(async () => {
  await kit?.close();
});

describe('templates per site', () => {
  it('a site starts with the default templates, filled for the enquiry in the reply form', async () => {
    const form = await repliesOf(agent, packageEnquiry);
    expect(form.to).toBe('leila.aziz@gmail.com');
    expect(form.subject).toContain(`#${packageEnquiry}`);
    expect(form.templates.map((t) => t.name).sort()).toEqual(DEFAULT_TEMPLATES.map((t) => t.name).sort());
    const dates = form.templates.find((t) => t.name === 'Need your dates')!;
    expect(dates.body).toContain('{package}');
    expect(dates.filled).toContain(pkg.title);
    expect(dates.filled).not.toMatch(/\{(name|package|shop|phone)\}/);
    expect(form.replies).toEqual([]);
  });

  it('staff who work enquiries add, edit and delete templates, audited; names are unique per site', async () => {
    const add = await admin(kit, agent, 'POST', 'enquiry-templates', {
      site: 'UAE',
      name: 'Visa help',
      body: 'Hello {name}, for {package} you need a visa.',
    });
    expect(add.status, add.body.message).toBe(200);
    const t = add.body.data as ReplyTemplate;
    expect(t).toMatchObject({ site: 'UAE', name: 'Visa help' });
    const again = await admin(kit, owner, 'POST', 'enquiry-templates', { site: 'UAE', name: 'Visa help', body: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REPLY_MESSAGES.templateTaken('Visa help'));
    // The same name on the other site is another template.
    expect(
      (await admin(kit, owner, 'POST', 'enquiry-templates', { site: 'IN', name: 'Visa help', body: 'x' })).status,
    ).toBe(200);

    const edit = await admin(kit, agent, 'PATCH', `enquiry-templates/${t.id}`, {
      body: 'Dear {name}, {package} needs a visa: we arrange it.',
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect(edit.body.data.body).toBe('Dear {name}, {package} needs a visa: we arrange it.');
    const list = (await admin(kit, agent, 'GET', 'enquiry-templates', { site: 'UAE' })).body.data
      .items as ReplyTemplate[];
    expect(list.find((x) => x.id === t.id)?.body).toContain('we arrange it');
    expect(list.every((x) => x.site === 'UAE')).toBe(true);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where record_type = 'enquiry-template' and record_id = ${String(t.id)}`,
      ),
    ).toBe(2);

    const gone = await admin(kit, agent, 'DELETE', `enquiry-templates/${t.id}`);
    expect(gone.status).toBe(200);
    expect((await admin(kit, agent, 'DELETE', `enquiry-templates/${t.id}`)).status).toBe(404);
    expect(await count(kit, sql`select count(*)::int as n from enquiry_reply_templates where id = ${t.id}`)).toBe(0);
  });

  it('bad template input is refused with what to fix', async () => {
    const none = await admin(kit, agent, 'POST', 'enquiry-templates', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Choose the site');
    expect(none.body.message).toContain('Give the template a name');
    const blank = await admin(kit, agent, 'PATCH', 'enquiry-templates/1', {});
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Change the name or the text');
    expect((await admin(kit, agent, 'GET', 'enquiry-templates', { site: 'FR' })).status).toBe(400);
  });
});

describe('a reply', () => {
  it('is queued in the outbox and kept on the timeline, its placeholders filled, and a new enquiry becomes contacted', async () => {
    const form = await repliesOf(agent, packageEnquiry);
    const template = form.templates.find((t) => t.name === 'Need your dates')!;
    const res = await admin(kit, agent, 'POST', `enquiries/${packageEnquiry}/replies`, {
      subject: form.subject,
      body: `${template.body}\n\nBest, {shop}`,
      templateId: template.id,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(REPLY_MESSAGES.sent('leila.aziz@gmail.com'));
    expect(res.body.data.body).toContain(pkg.title);
    expect(res.body.data.body).not.toContain('{');

    const { rows } = await kit.database.db.execute<{
      kind: string;
      payload: { to: string; subject: string; text: string };
    }>(sql`select kind, payload from mail_outbox where dedupe_key = ${`enquiry-reply:${res.body.data.id}`}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('enquiry-reply');
    expect(rows[0]!.payload.to).toBe('leila.aziz@gmail.com');
    expect(rows[0]!.payload.subject).toBe(form.subject);
    expect(rows[0]!.payload.text).toContain(pkg.title);
    expect(rows[0]!.payload.text).toContain('Dear Leila Aziz,');

    const after = await repliesOf(agent, packageEnquiry);
    expect(after.replies).toHaveLength(1);
    expect(after.replies[0]).toMatchObject({ to: 'leila.aziz@gmail.com', subject: form.subject, staff: agent.email });
    const detail = (await admin(kit, agent, 'GET', `enquiries/${packageEnquiry}`)).body.data as EnquiryDetail;
    expect(detail.status).toBe('contacted');
    const entry = detail.history.find((h) => h.action === 'enquiry.reply')!;
    expect(entry.who).toContain(agent.email);
    expect(entry.text).toContain('leila.aziz@gmail.com');
  });

  it('roles without enquiries.work get 403, no session 401, and nothing is written', async () => {
    const before = await written();
    for (const who of [accounts, catalogue]) {
      expect((await admin(kit, who, 'GET', `enquiries/${packageEnquiry}/replies`)).status).toBe(403);
      expect((await admin(kit, who, 'POST', `enquiries/${packageEnquiry}/replies`, { body: 'Hello' })).status).toBe(
        403,
      );
      expect((await admin(kit, who, 'GET', 'enquiry-templates', { site: 'UAE' })).status).toBe(403);
      expect(
        (await admin(kit, who, 'POST', 'enquiry-templates', { site: 'UAE', name: 'Sneaky', body: 'x' })).status,
      ).toBe(403);
      expect((await admin(kit, who, 'PATCH', 'enquiry-templates/1', { name: 'Sneaky' })).status).toBe(403);
      expect((await admin(kit, who, 'DELETE', 'enquiry-templates/1')).status).toBe(403);
    }
    const anon = await admin(kit, null, 'POST', `enquiries/${packageEnquiry}/replies`, { body: 'Hello' });
    expect(anon.status).toBe(401);
    expect(anon.body.status).toBe('error');
    expect((await admin(kit, null, 'DELETE', 'enquiry-templates/1')).status).toBe(401);
    expect(await written()).toEqual(before);
  });

  it('bad input is refused with a clear message and nothing queued', async () => {
    const before = await written();
    const empty = await admin(kit, agent, 'POST', `enquiries/${packageEnquiry}/replies`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Write the reply first.');
    const noEmail = await admin(kit, agent, 'POST', `enquiries/${noEmailEnquiry}/replies`, { body: 'Hello' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe(REPLY_MESSAGES.noEmail);
    const inTemplates = (await admin(kit, agent, 'GET', 'enquiry-templates', { site: 'IN' })).body.data
      .items as ReplyTemplate[];
    const other = await admin(kit, agent, 'POST', `enquiries/${packageEnquiry}/replies`, {
      body: 'Hello',
      templateId: inTemplates[0]!.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(REPLY_MESSAGES.templateOtherSite);
    const missing = await admin(kit, agent, 'POST', 'enquiries/999999/replies', { body: 'Hello' });
    expect(missing.status).toBe(404);
    expect((await admin(kit, agent, 'POST', 'enquiries/abc/replies', { body: 'Hello' })).status).toBe(400);
    expect(await written()).toEqual(before);
  });
});
