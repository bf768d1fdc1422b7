import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENQUIRY_MESSAGES,
  type Dashboard,
  type EnquiryDetail,
  type EnquiryItem,
} from '../../contract/enquiry-inbox.ts';
import { purgePersonalData } from '../../server/services/personal-data-retention.ts';
import {
  book,
  count,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { addDays, siteDays } from '../../contract/calendar.ts';

/*
 * The enquiries inbox and the dashboard (issue 21): enquiries sent through the shop's own calls,
 * worked by agents and the owner, refused to the catalogue and accounts roles; the dashboard's
 * figures against bookings made through the shop.
 */

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let agent2: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let disabledAgent: Staffer;
/** Bookings made through the shop (pay later), with their answers. */
const made: { ref: string; id: number; site: 'UAE' | 'IN'; total: number }[] = [];
/** The contact enquiry with its file. */
let contactId: number;

let ip = 0;
const nextAddress = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), Buffer.alloc(2000, 0x20)]);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----inbox-test-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The shop's own enquiry calls, as the pages send them. */
async function shopCall(
  path: string,
  site: 'UAE' | 'IN',
  opts: { query?: Record<string, string>; form?: ReturnType<typeof multipart> },
) {
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/Common/${path}`,
    query: opts.query,
    ...(opts.form ? { payload: opts.form.payload } : {}),
    headers: { country: site, ...(opts.form?.headers ?? {}) },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const CONTACT = {
  FirstName: 'Aisha',
  LastName: 'Rahman',
  Email: 'aisha.rahman@gmail.com',
  PhoneNumber: '+971501234567',
  EnquiryType: 'Holiday package',
  Message: 'We would like a week in Bali in March for two adults.',
  Url: 'https://shop.example.com/contact',
};

async function contactEnquiry(
  over: Record<string, string> = {},
  site: 'UAE' | 'IN' = 'UAE',
  withFile = true,
): Promise<number> {
  const name = 'passport-scan.pdf';
  const res = await shopCall('SubmitContactUs', site, {
    form: multipart(
      { ...CONTACT, ...over, File: withFile ? name : '' },
      withFile ? { name, type: 'application/pdf', content: PDF } : undefined,
    ),
  });
  return res.json().data.EnquiryId as number;
}

const inbox = async (who: Staffer, query: Record<string, string> = {}) => {
  const res = await admin(kit, who, 'GET', 'enquiries', query);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { items: EnquiryItem[]; nextCursor: string | null };
};
const detail = async (who: Staffer, id: number) => {
  const res = await admin(kit, who, 'GET', `enquiries/${id}`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as EnquiryDetail;
};
const row = async (id: number) => {
  const { rows } = await kit.database.db.execute<{
    status: string;
    assignee_id: number | null;
    booking_id: number | null;
    updated_at: unknown;
  }>(sql`select status, assignee_id, booking_id, updated_at::text from enquiries where id = ${id}`);
  return rows[0]!;
};
const audits = (id: number, action?: string) =>
  count(
    kit,
    sql`select count(*)::int as n from audit_log where record_type = 'enquiry' and record_id = ${String(id)} ${action ? sql`and action = ${action}` : sql``}`,
  );
const dashboardOf = async (who: Staffer) => {
  const res = await admin(kit, who, 'GET', 'dashboard');
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as Dashboard;
};

async function makeBooking(site: 'UAE' | 'IN') {
  const who = await traveller(kit, site === 'IN' ? 'priya' : 'omar');
  const pkg = await findPackage(kit, { inIndia: site === 'IN' });
  const id = await holdId(kit, who.token, site, [{ packageId: pkg.id }]);
  const LeadTraveller =
    site === 'IN'
      ? lead({ FirstName: 'Priya', LastName: 'Shah', Email: who.email, Phone: '+919812345678' })
      : lead({ Email: who.email });
  const res = await book(kit, who.token, site, { TempBookingId: id, PaymentMethod: 'pay-later', LeadTraveller });
  expect(res.status, res.body.message).toBe(200);
  const b = {
    ref: res.body.data.RefIdKey as string,
    id: res.body.data.BookingId as number,
    site,
    total: res.body.data.Total as number,
  };
  made.push(b);
  return b;
}

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  owner = await staffer(kit, 'owner');
  agent = await staffer(kit, 'agent');
  agent2 = await staffer(kit, 'agent');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
  disabledAgent = await staffer(kit, 'agent');
  expect((await admin(kit, owner, 'POST', `staff/${disabledAgent.id}/disable`)).status).toBe(200);
  await makeBooking('UAE');
  await makeBooking('UAE');
  await makeBooking('IN');
  contactId = await contactEnquiry();
}, 180_000);

afterAll(async () => {
  await kit?.close();
});

describe('who may work the inbox', () => {
  it('the agent and the owner read the inbox; accounts and catalogue are refused (403) and nothing changes; no session is 401', async () => {
    for (const who of [agent, owner]) expect((await inbox(who)).items.map((i) => i.id)).toContain(contactId);
    const before = await row(contactId);
    const auditsBefore = await audits(contactId);
    const notesBefore = await count(kit, sql`select count(*)::int as n from enquiry_notes`);
    const calls: [method: 'GET' | 'POST', path: string, body?: object][] = [
      ['GET', 'enquiries'],
      ['GET', 'enquiries/assignees'],
      ['GET', `enquiries/${contactId}`],
      ['GET', `enquiries/${contactId}/attachment`],
      ['POST', `enquiries/${contactId}/status`, { status: 'contacted' }],
      ['POST', `enquiries/${contactId}/assign`, { staffId: agent.id }],
      ['POST', `enquiries/${contactId}/notes`, { body: 'Called, no answer.' }],
      ['POST', `enquiries/${contactId}/reopen`],
    ];
    for (const who of [accounts, catalogue]) {
      for (const [method, path, body] of calls) {
        const res = await admin(kit, who, method, path, body);
        expect(res.status, `${who.role} ${method} ${path}`).toBe(403);
        expect(res.body.status).toBe('error');
        expect(res.body.message).toMatch(/\w/);
      }
    }
    for (const [method, path, body] of calls)
      expect((await admin(kit, null, method, path, body)).status, `${method} ${path}`).toBe(401);
    // Even a malformed body is refused for the role first: it learns nothing.
    expect((await admin(kit, catalogue, 'POST', `enquiries/${contactId}/status`, { status: 'nonsense' })).status).toBe(
      403,
    );
    expect(await row(contactId)).toEqual(before);
    expect(await audits(contactId)).toBe(auditsBefore);
    expect(await count(kit, sql`select count(*)::int as n from enquiry_notes`)).toBe(notesBefore);
  });
});

describe('an enquiry sent through the shop', () => {
  it('a contact message with its file is first in the inbox, new, its payload readable with call and mail links, and its file opens (audited)', async () => {
    const id = await contactEnquiry({
      FirstName: 'Fatima',
      LastName: 'Noor',
      Email: 'fatima.noor@gmail.com',
      PhoneNumber: '+971 50 765 4321',
      Message: 'Honeymoon in the Maldives,\nfirst week of May.',
    });
    const { items } = await inbox(agent);
    expect(items[0]).toMatchObject({
      id,
      kind: 'contact',
      status: 'new',
      site: 'UAE',
      name: 'Fatima Noor',
      email: 'fatima.noor@gmail.com',
      hasFile: true,
      assignee: null,
      bookingRef: null,
    });
    expect(new Date(items[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const times = items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    for (const who of [agent, owner]) {
      const d = await detail(who, id);
      expect(d.fields).toEqual(
        expect.arrayContaining([
          { label: 'First name', value: 'Fatima' },
          { label: 'Last name', value: 'Noor' },
          { label: 'Email', value: 'fatima.noor@gmail.com' },
          { label: 'Phone', value: '+971 50 765 4321' },
          { label: 'Enquiry type', value: 'Holiday package' },
          { label: 'Message', value: 'Honeymoon in the Maldives,\nfirst week of May.' },
          { label: 'Attached file', value: 'passport-scan.pdf' },
        ]),
      );
      expect(d.callLink).toBe('tel:+971507654321');
      expect(d.mailLink).toMatch(/^mailto:fatima\.noor@gmail\.com\?subject=/);
      expect(d.attachment).toMatchObject({
        name: 'passport-scan.pdf',
        mime: 'application/pdf',
        size: PDF.length,
        url: `/api/admin/enquiries/${id}/attachment`,
      });
      expect(d.moves).toEqual(['contacted', 'booked', 'closed']);

      const opened = await admin(kit, who, 'GET', `enquiries/${id}/attachment`);
      expect(opened.status).toBe(200);
      expect(opened.headers['content-type']).toBe('application/pdf');
      expect(String(opened.headers['content-disposition'])).toMatch(/^attachment; filename="passport-scan\.pdf"/);
      expect(Buffer.compare(opened.raw, PDF)).toBe(0);
    }
    const { rows } = await kit.database.db.execute<{ staff_id: number; after: { name: string } }>(
      sql`select staff_id, after from audit_log where record_type = 'enquiry' and record_id = ${String(id)} and action = 'enquiry.attachment.open' order by id`,
    );
    expect(rows.map((r) => r.staff_id)).toEqual([agent.id, owner.id]);
    expect(rows[0]!.after.name).toBe('passport-scan.pdf');
    expect((await detail(agent, id)).history.map((h) => h.text)).toEqual(
      expect.arrayContaining(['Opened the attached file passport-scan.pdf']),
    );
  });

  it('an enquiry without a file answers 404 for its attachment, in words', async () => {
    const id = await contactEnquiry({}, 'UAE', false);
    const res = await admin(kit, agent, 'GET', `enquiries/${id}/attachment`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.noFile);
    expect((await admin(kit, agent, 'GET', 'enquiries/999999')).body.message).toBe(ENQUIRY_MESSAGES.notFound);
  });

  it('every kind is in the one inbox, filtered by kind, site, status, age, dates and assignee, in pages', async () => {
    const home = (
      await shopCall('SaveHomePageEnquiryPopup', 'IN', {
        query: {
          Id: '0',
          EmailOrPhone: 'ravi.menon@gmail.com',
          FullName: 'Ravi Menon',
          Phone: '+919876543210',
          TimeToCall: 'Evening (4pm–8pm)',
          CreatedDate: '2026-01-01',
          CurrentPageUrl: 'https://shop.example.com/in',
        },
      })
    ).json().data.EnquiryId as number;
    const exit = (
      await shopCall('SubmitExitPageEnquiry', 'UAE', {
        query: {
          FullName: 'Omar Haddad',
          Email: 'omar.haddad@outlook.com',
          MobileCountryCode: '+971',
          MobileNo: '501112233',
        },
      })
    ).json().data.EnquiryId as number;
    const pkg = await findPackage(kit, { inIndia: false });
    const { rows: slugs } = await kit.database.db.execute<{ slug: string; title: string }>(
      sql`select slug, title from packages where id = ${pkg.id}`,
    );
    const pack = (
      await shopCall('SubmitEnquiryForm', 'UAE', {
        query: {
          PackageId: String(pkg.id),
          PackageSlug: slugs[0]!.slug,
          PackageTitle: slugs[0]!.title,
          FullName: 'Leila Aziz',
          Email: 'leila.aziz@gmail.com',
          PhoneNumber: '+971509998877',
          TravelDate: inDays(60),
          Adults: '2',
          Children: '1',
          Message: 'Is a baby cot available?',
          Url: 'https://shop.example.com/x',
        },
      })
    ).json().data.EnquiryId as number;
    const itin = await kit.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/Downloaditinaryform',
      headers: { country: 'UAE', ...multipart({}).headers },
      payload: multipart({
        FullName: 'Sara Khan',
        Email: 'sara.khan@gmail.com',
        Phone: '+971505556677',
        PackageSlug: slugs[0]!.slug,
        Message: 'Two adults in March',
      }).payload,
      remoteAddress: nextAddress(),
    });
    expect(itin.statusCode, itin.body.slice(0, 200)).toBe(200);

    const all = (await inbox(agent, { limit: '200' })).items;
    const kinds = new Set(all.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['contact', 'exit', 'home', 'itinerary', 'package']);
    const itinItem = all.find((i) => i.kind === 'itinerary')!;
    expect(itinItem).toMatchObject({
      name: 'Sara Khan',
      email: 'sara.khan@gmail.com',
      phone: '+971505556677',
      status: 'new',
    });
    expect(all.find((i) => i.id === home)).toMatchObject({
      kind: 'home',
      site: 'IN',
      name: 'Ravi Menon',
      email: 'ravi.menon@gmail.com',
      phone: '+919876543210',
      summary: 'Call back: Evening (4pm–8pm)',
    });
    expect(all.find((i) => i.id === exit)).toMatchObject({ kind: 'exit', phone: '+971501112233' });
    const packDetail = await detail(owner, pack);
    expect(packDetail.fields).toEqual(
      expect.arrayContaining([
        { label: 'Package', value: slugs[0]!.title },
        { label: 'Adults', value: '2' },
        { label: 'Children', value: '1' },
      ]),
    );
    expect((await detail(agent, itinItem.id)).fields).toEqual(
      expect.arrayContaining([{ label: 'Package', value: slugs[0]!.title }]),
    );

    expect((await inbox(agent, { kind: 'exit' })).items.map((i) => i.id)).toEqual([exit]);
    expect((await inbox(owner, { site: 'IN' })).items.every((i) => i.site === 'IN')).toBe(true);
    expect((await inbox(owner, { site: 'IN' })).items.map((i) => i.id)).toContain(home);
    // Age: one enquiry sent ten days ago.
    await kit.database.db.execute(sql`update enquiries set created_at = now() - interval '10 days' where id = ${home}`);
    expect((await inbox(agent, { olderThanDays: '7' })).items.map((i) => i.id)).toEqual([home]);
    // Its days are India's (the enquiry's site): between 18:30 and 20:00 UTC India is already a day ahead of the UAE.
    const tenDaysAgo = inDays(-10, 'IN');
    expect((await inbox(agent, { from: tenDaysAgo, to: tenDaysAgo })).items.map((i) => i.id)).toEqual([home]);
    expect((await inbox(agent, { from: inDays(0, 'IN') })).items.map((i) => i.id)).not.toContain(home);
    expect((await inbox(agent, { status: 'new' })).items.every((i) => i.status === 'new')).toBe(true);
    expect((await inbox(agent, { q: 'leila' })).items.map((i) => i.id)).toEqual([pack]);
    // Words match what was written, not the names of the fields every enquiry has.
    expect((await inbox(agent, { q: 'FullName' })).items).toEqual([]);
    expect((await inbox(agent, { q: 'baby cot' })).items.map((i) => i.id)).toEqual([pack]);

    // Pages of two walk the whole inbox, newest first, each enquiry once.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: EnquiryItem[]; nextCursor: string | null } = await inbox(agent, {
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const now = (await inbox(agent, { limit: '200' })).items;
    expect(now.map((i) => i.id).at(-1)).toBe(home);
    expect(seen).toEqual(now.map((i) => i.id));

    const bad = await admin(kit, agent, 'GET', 'enquiries', { kind: 'letter' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/kind must be contact, home, package, exit or itinerary/);
    expect((await admin(kit, agent, 'GET', 'enquiries', { cursor: 'nonsense' })).status).toBe(400);
    expect((await admin(kit, agent, 'GET', 'enquiries', { olderThanDays: 'week' })).body.message).toMatch(
      /olderThanDays must be a whole number of days/,
    );
    expect((await admin(kit, agent, 'GET', 'enquiries', { assignee: 'bob' })).body.message).toMatch(
      /assignee must be a staff id, me or none/,
    );
    expect(
      (await inbox(agent, { kind: '', site: '', status: '', assignee: '', olderThanDays: '', from: '', to: '' })).items
        .length,
    ).toBe(now.length);
  });
});

describe('working an enquiry', () => {
  it('moves new → contacted → booked with a real booking, refuses what the rules forbid, reopens, and audits each move', async () => {
    const id = await contactEnquiry({ FirstName: 'Meera', LastName: 'Pillai' });
    const booking = made[0]!;
    const move = (who: Staffer, body: object) => admin(kit, who, 'POST', `enquiries/${id}/status`, body);

    // Booked needs a booking reference, and one that exists.
    let res = await move(agent, { status: 'booked' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.bookingNeeded);
    res = await move(agent, { status: 'booked', bookingRef: 'WL-NOSUCH1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.bookingUnknown('WL-NOSUCH1'));
    res = await move(agent, { status: 'pending' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Choose the status/);
    expect((await row(id)).status).toBe('new');
    expect(await audits(id, 'enquiry.status')).toBe(0);

    res = await move(agent, { status: 'contacted' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ id, status: 'contacted', bookingRef: null });
    expect((await move(owner, { status: 'contacted' })).status).toBe(409);
    res = await move(owner, { status: 'new' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.noBackToNew);

    res = await move(owner, { status: 'booked', bookingRef: booking.ref.toLowerCase() });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ id, status: 'booked', bookingRef: booking.ref });
    expect(await row(id)).toMatchObject({ status: 'booked', booking_id: booking.id });
    expect((await inbox(agent, { status: 'booked' })).items.find((i) => i.id === id)?.bookingRef).toBe(booking.ref);

    // Booked is final until reopened.
    res = await move(agent, { status: 'closed' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.finalStatus('booked'));
    expect((await row(id)).status).toBe('booked');
    expect((await detail(agent, id)).moves).toEqual([]);
    expect((await detail(agent, id)).reopenable).toBe(true);

    res = await admin(kit, agent, 'POST', `enquiries/${id}/reopen`);
    expect(res.status, res.body.message).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'contacted', booking_id: null });
    expect((await admin(kit, owner, 'POST', `enquiries/${id}/reopen`)).body.message).toBe(ENQUIRY_MESSAGES.notFinal);
    expect((await move(owner, { status: 'closed' })).status).toBe(200);

    const { rows } = await kit.database.db.execute<{
      action: string;
      staff_id: number;
      before: { status: string };
      after: { status: string; bookingRef?: string | null };
    }>(
      sql`select action, staff_id, before, after from audit_log where record_type = 'enquiry' and record_id = ${String(id)} order by id`,
    );
    expect(rows.map((r) => [r.action, r.staff_id, r.before.status, r.after.status])).toEqual([
      ['enquiry.status', agent.id, 'new', 'contacted'],
      ['enquiry.status', owner.id, 'contacted', 'booked'],
      ['enquiry.reopen', agent.id, 'booked', 'contacted'],
      ['enquiry.status', owner.id, 'contacted', 'closed'],
    ]);
    expect(rows[1]!.after.bookingRef).toBe(booking.ref);
    const history = (await detail(owner, id)).history.map((h) => h.text);
    expect(history).toEqual([
      'Received (Contact form, UAE site)',
      'Status new → contacted',
      `Status contacted → booked (booking ${booking.ref})`,
      'Reopened (booked → contacted)',
      'Status contacted → closed',
    ]);
  });

  it('assigns to enabled staff who work enquiries only, filters by assignee, and audits', async () => {
    const id = await contactEnquiry({ FirstName: 'Yusuf', LastName: 'Ali' });
    const assign = (who: Staffer, staffId: number | null) =>
      admin(kit, who, 'POST', `enquiries/${id}/assign`, { staffId });

    let res = await assign(agent, accounts.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.assigneeCannot(accounts.email, 'accounts'));
    res = await assign(agent, disabledAgent.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ENQUIRY_MESSAGES.assigneeDisabled(disabledAgent.email));
    expect((await assign(agent, 999_999)).body.message).toBe(ENQUIRY_MESSAGES.assigneeUnknown);
    expect((await row(id)).assignee_id).toBeNull();
    expect(await audits(id, 'enquiry.assign')).toBe(0);

    const people = (await admin(kit, agent, 'GET', 'enquiries/assignees')).body.data.items as { id: number }[];
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([owner.id, agent.id, agent2.id]));
    expect(people.map((p) => p.id)).not.toContain(disabledAgent.id);
    expect(people.map((p) => p.id)).not.toContain(accounts.id);

    res = await assign(owner, agent2.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.assignee).toEqual({ id: agent2.id, email: agent2.email });
    expect((await inbox(agent, { assignee: String(agent2.id) })).items.map((i) => i.id)).toEqual([id]);
    expect((await inbox(agent2, { assignee: 'me' })).items.map((i) => i.id)).toEqual([id]);
    expect((await inbox(agent, { assignee: 'none' })).items.map((i) => i.id)).not.toContain(id);
    res = await assign(agent, null);
    expect(res.status).toBe(200);
    expect((await row(id)).assignee_id).toBeNull();
    expect(await audits(id, 'enquiry.assign')).toBe(2);
  });

  it('keeps internal notes by agent and owner, refuses an empty one, and audits', async () => {
    const id = await contactEnquiry({ FirstName: 'Nadia', LastName: 'Hussain' });
    const empty = await admin(kit, agent, 'POST', `enquiries/${id}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Write the note first/);
    expect(
      (await admin(kit, agent, 'POST', `enquiries/${id}/notes`, { body: 'Called at 10:00, will call back.' })).status,
    ).toBe(200);
    expect(
      (await admin(kit, owner, 'POST', `enquiries/${id}/notes`, { body: 'Offer the early-bird price.' })).status,
    ).toBe(200);
    const d = await detail(agent, id);
    expect(d.notes.map((n) => [n.body, n.staff])).toEqual([
      ['Called at 10:00, will call back.', agent.email],
      ['Offer the early-bird price.', owner.email],
    ]);
    expect(await audits(id, 'enquiry.note')).toBe(2);
    // Notes do not move the status.
    expect(d.status).toBe('new');
  });
});

describe('the dashboard', () => {
  it('shows today’s bookings and takings per site, payments due this week, and the waiting counts, each to the roles that may see them', async () => {
    // Money received today: part of the first UAE booking, recorded at the desk.
    const paid = made[0]!;
    const part = Math.floor(paid.total / 4);
    const payment = await admin(kit, agent, 'POST', `bookings/${paid.ref}/payments`, {
      amount: part,
      method: 'bank-transfer',
      reference: `DASH-${Date.now()}`,
      receivedOn: inDays(0),
    });
    expect(payment.status, payment.body.message).toBe(200);
    // One pay-later balance due in three weeks (not this week), one overdue since yesterday.
    const later = await makeBooking('IN');
    await kit.database.db.execute(sql`update bookings set payment_due_on = ${inDays(21)}::date where id = ${later.id}`);
    const overdue = await makeBooking('UAE');
    await kit.database.db.execute(
      sql`update bookings set payment_due_on = ${inDays(-1)}::date where id = ${overdue.id}`,
    );

    const d = await dashboardOf(owner);
    // Each site's figures are of its own day (UAE UTC+4, India UTC+5:30).
    const days = siteDays(new Date());
    expect(d.today).toBe(days.UAE);
    const of = (site: 'UAE' | 'IN') => made.filter((b) => b.site === site);
    expect(d.todayBySite).toEqual([
      {
        site: 'UAE',
        currency: 'AED',
        day: days.UAE,
        bookings: of('UAE').length,
        gross: of('UAE').reduce((s, b) => s + b.total, 0),
        received: part,
      },
      {
        site: 'IN',
        currency: 'INR',
        day: days.IN,
        bookings: of('IN').length,
        gross: of('IN').reduce((s, b) => s + b.total, 0),
        received: 0,
      },
    ]);
    const dueThisWeek = made.filter((b) => b !== later && b !== overdue);
    expect(d.paymentsDue!.count).toBe(dueThisWeek.length);
    expect(d.paymentsDue!.overdue).toBe(1);
    expect(d.paymentsDue!.items.map((i) => i.RefIdKey).sort()).toEqual(dueThisWeek.map((b) => b.ref).sort());
    expect(d.paymentsDue!.bySite).toEqual([
      {
        site: 'UAE',
        currency: 'AED',
        count: dueThisWeek.filter((b) => b.site === 'UAE').length,
        balance: dueThisWeek.filter((b) => b.site === 'UAE').reduce((s, b) => s + b.total, 0) - part,
      },
      {
        site: 'IN',
        currency: 'INR',
        count: dueThisWeek.filter((b) => b.site === 'IN').length,
        balance: dueThisWeek.filter((b) => b.site === 'IN').reduce((s, b) => s + b.total, 0),
      },
    ]);
    expect(d.paymentsDue!.items.find((i) => i.RefIdKey === paid.ref)).toMatchObject({
      balance: paid.total - part,
      dueOn: addDays(days[paid.site as 'UAE' | 'IN'], 7),
    });
    expect(d.newEnquiries).toBe(await count(kit, sql`select count(*)::int as n from enquiries where status = 'new'`));
    expect(d.cancellationRequests).toBe(0);
    expect(d.refundsDue).toBe(0);

    // Each role its own parts.
    const a = await dashboardOf(agent);
    expect(a.newEnquiries).toBe(d.newEnquiries);
    expect(a.todayBySite).toEqual(d.todayBySite);
    expect(a.cancellationRequests).toBe(0);
    expect(a.refundsDue).toBeNull();
    const acc = await dashboardOf(accounts);
    expect(acc.newEnquiries).toBeNull();
    expect(acc.refundsDue).toBe(0);
    expect(acc.paymentsDue).toEqual(d.paymentsDue);
    const cat = await dashboardOf(catalogue);
    expect(cat).toEqual({
      today: d.today,
      todayBySite: null,
      newEnquiries: null,
      cancellationRequests: null,
      refundsDue: null,
      paymentsDue: null,
    });
    expect((await admin(kit, null, 'GET', 'dashboard')).status).toBe(401);
  });

  it('counts new enquiries: one more when a traveller writes, one fewer once it is contacted', async () => {
    const before = (await dashboardOf(agent)).newEnquiries!;
    const id = await contactEnquiry({ FirstName: 'Hana' }, 'IN', false);
    expect((await dashboardOf(agent)).newEnquiries).toBe(before + 1);
    expect((await admin(kit, agent, 'POST', `enquiries/${id}/status`, { status: 'contacted' })).status).toBe(200);
    expect((await dashboardOf(owner)).newEnquiries).toBe(before);
  });
});

describe('retention', () => {
  it('an enquiry past two years goes with its notes and file; its audit rows stay', async () => {
    const id = await contactEnquiry({ FirstName: 'Old', LastName: 'Letter' });
    expect((await admin(kit, agent, 'POST', `enquiries/${id}/notes`, { body: 'Followed up.' })).status).toBe(200);
    await kit.database.db.execute(sql`update enquiries set created_at = now() - interval '3 years' where id = ${id}`);
    const purged = await purgePersonalData(kit.database.db, kit.app.files);
    expect(purged.enquiries).toBe(1);
    expect(await count(kit, sql`select count(*)::int as n from enquiries where id = ${id}`)).toBe(0);
    expect(await count(kit, sql`select count(*)::int as n from enquiry_notes where enquiry_id = ${id}`)).toBe(0);
    expect(await audits(id, 'enquiry.note')).toBe(1);
    const gone = await admin(kit, agent, 'GET', `enquiries/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(ENQUIRY_MESSAGES.notFound);
  });
});
