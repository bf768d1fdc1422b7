import { eq } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FIELDS_REQUIRED,
  ATTACHMENT_NOT_ALLOWED,
  ATTACHMENT_TOO_LARGE,
  INVALID_EMAIL,
  INVALID_PHONE,
} from '../../contract/enquiry.ts';
import { enquiries, files, packages } from '../../server/db/schema.ts';
import { attachmentLink } from '../../server/services/enquiries/receive.ts';
import { uploadsDir } from '../../server/services/uploads.ts';
import { mailText } from '../support/mail-catcher.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let ip = 0;
/** Each test speaks from its own address so the per-address rate limit does not interfere. */
const nextAddress = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const contact = {
  FirstName: 'Aisha',
  LastName: 'Rahman',
  Email: 'aisha.rahman@gmail.com',
  PhoneNumber: '+971501234567',
  EnquiryType: 'Holiday package',
  Message: 'We would like a week in Bali in March for two adults.',
  Url: 'https://shop.example.com/contact',
};

function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----enquiry-test-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
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

const pad = (head: Buffer, size = 2048) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
const SAMPLES = {
  pdf: pad(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')),
  jpeg: pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])),
  png: pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
  webp: pad(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 8, 0, 0]), Buffer.from('WEBPVP8 ')])),
  doc: pad(
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('WordDocument', 'utf16le'),
    ]),
  ),
  docx: pad(
    Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.alloc(26),
      Buffer.from('[Content_Types].xml'),
      Buffer.alloc(40),
      Buffer.from('word/document.xml'),
    ]),
  ),
  exe: pad(
    Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.')]),
  ),
  xls: pad(
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('Workbook', 'utf16le'),
    ]),
  ),
  zip: pad(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('photos/beach.jpg')])),
  html: pad(Buffer.from('<!doctype html><script>alert(1)</script>')),
};

describe('enquiry calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    opts: {
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string>;
      payload?: Buffer;
      address?: string;
    } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Common/${url}`,
      query: opts.query as Record<string, string> | undefined,
      ...(opts.payload ? { payload: opts.payload } : opts.body !== undefined ? { payload: opts.body as object } : {}),
      headers: opts.headers,
      remoteAddress: opts.address ?? nextAddress(),
    });

  describe('SubmitExitPageEnquiry', () => {
    const valid = {
      FullName: 'Rahul Mehta',
      Email: 'rahul.mehta@outlook.com',
      MobileCountryCode: '+91',
      MobileNo: '9876543210',
      Mode: 'exit-popup',
    };

    it('stores a valid enquiry with its site and answers with the envelope', async () => {
      const res = await post('SubmitExitPageEnquiry', { query: valid, headers: { country: 'IN' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'success', data: { EnquiryId: expect.any(Number) } });
      const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, body.data.EnquiryId));
      expect(row).toMatchObject({ kind: 'exit', site: 'IN' });
      expect(row!.payload).toMatchObject({ FullName: 'Rahul Mehta', Phone: '+919876543210', Mode: 'exit-popup' });
      expect(row!.ipHash).toMatch(/^[0-9a-f]{32}$/);
    });

    it('accepts the same fields as a JSON body, defaulting the dial code to +91', async () => {
      const { MobileCountryCode: _c, ...rest } = valid;
      const res = await post('SubmitExitPageEnquiry', { body: rest });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().data.EnquiryId));
      expect(row!.payload).toMatchObject({ MobileCountryCode: '+91', Phone: '+919876543210' });
    });

    it.each([['FullName'], ['Email'], ['MobileNo']])('refuses a missing %s with the spec message', async (field) => {
      const res = await post('SubmitExitPageEnquiry', { query: { ...valid, [field]: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: ALL_FIELDS_REQUIRED, data: null });
    });

    it('refuses a phone number that is not valid for its country', async () => {
      const res = await post('SubmitExitPageEnquiry', {
        query: { ...valid, MobileCountryCode: '+971', MobileNo: '12345' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_PHONE);
      // A valid Indian number is not a valid UAE number.
      const wrongCountry = await post('SubmitExitPageEnquiry', {
        query: { ...valid, MobileCountryCode: '+971', MobileNo: '9876543210' },
      });
      expect(wrongCountry.json().message).toBe(INVALID_PHONE);
    });

    it.each([
      'rahul',
      'rahul@',
      'rahul@mail',
      'rahul@@mail.com',
      'rahul mehta@mail.com',
      'rahul@mail.test',
      'rahul@-mail.com',
      'a..b@mail.com',
    ])('refuses the email address %s', async (Email) => {
      const res = await post('SubmitExitPageEnquiry', { query: { ...valid, Email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_EMAIL);
    });

    it('stores an enquiry retried with the same Idempotency-Key once', async () => {
      const headers = { 'idempotency-key': 'enquiry-retry-0001' };
      const first = await post('SubmitExitPageEnquiry', { body: valid, headers });
      const again = await post('SubmitExitPageEnquiry', { body: valid, headers });
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      const rows = await t.database.db.select().from(enquiries).where(eq(enquiries.id, first.json().data.EnquiryId));
      expect(rows).toHaveLength(1);
    });
  });

  describe('SaveHomePageEnquiryPopup', () => {
    const valid = {
      Id: 0,
      EmailOrPhone: 'priya.nair@yahoo.co.in',
      FullName: 'Priya Nair',
      Phone: '+919812345678',
      TimeToCall: 'Evening (4pm–8pm)',
      CreatedDate: '2026-03-01T10:00:00.000Z',
      CurrentPageUrl: 'https://shop.example.com/in',
    };

    it('stores a valid call-back request', async () => {
      const res = await post('SaveHomePageEnquiryPopup', { body: valid, headers: { country: 'IN' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('success');
      const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().data.EnquiryId));
      expect(row).toMatchObject({ kind: 'home', site: 'IN' });
      expect(row!.payload).toMatchObject({ EmailOrPhone: 'priya.nair@yahoo.co.in', TimeToCall: 'Evening (4pm–8pm)' });
    });

    it('accepts a phone number as the contact and then needs no second phone', async () => {
      const res = await post('SaveHomePageEnquiryPopup', {
        query: { ...valid, EmailOrPhone: '+971501234567', Phone: '' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses missing fields, a contact that is neither email nor phone, and a bad phone', async () => {
      expect((await post('SaveHomePageEnquiryPopup', { query: { ...valid, FullName: '' } })).json().message).toBe(
        'Please enter your full name.',
      );
      expect((await post('SaveHomePageEnquiryPopup', { query: { ...valid, EmailOrPhone: '' } })).json().message).toBe(
        'Please enter your email or phone number.',
      );
      expect(
        (await post('SaveHomePageEnquiryPopup', { query: { ...valid, EmailOrPhone: 'priya' } })).json().message,
      ).toBe('Please enter a valid email address or phone number.');
      expect((await post('SaveHomePageEnquiryPopup', { query: { ...valid, Phone: '' } })).json().message).toBe(
        'Please enter a phone number we can call.',
      );
      const bad = await post('SaveHomePageEnquiryPopup', { query: { ...valid, Phone: '+91123' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: 'error', message: INVALID_PHONE, data: null });
    });
  });

  describe('SubmitEnquiryForm', () => {
    const valid = {
      PackageId: 12,
      PackageSlug: 'bali-romantic-escape',
      PackageTitle: 'Bali romantic escape',
      FullName: 'Omar Haddad',
      Email: 'omar.haddad@icloud.com',
      PhoneNumber: '+971551234567',
      TravelDate: '2099-05-10',
      Adults: '2',
      Children: '1',
      Message: 'Can we add a night in Ubud?',
      Url: 'https://shop.example.com/holidays/bali-romantic-escape',
    };

    it('stores a package enquiry sent in the query', async () => {
      const res = await post('SubmitEnquiryForm', { query: valid });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().data.EnquiryId));
      expect(row).toMatchObject({ kind: 'package', site: 'UAE' });
      expect(row!.payload).toMatchObject({ PackageId: 12, Adults: 2, Children: 1 });
    });

    it('refuses missing and invalid fields with a message', async () => {
      expect((await post('SubmitEnquiryForm', { query: { ...valid, FullName: '' } })).json().message).toBe(
        'Please enter your full name.',
      );
      expect(
        (await post('SubmitEnquiryForm', { query: { ...valid, PackageId: '', PackageSlug: '' } })).json().message,
      ).toBe('Please tell us which holiday you are asking about.');
      expect((await post('SubmitEnquiryForm', { query: { ...valid, Email: 'omar@' } })).json().message).toBe(
        INVALID_EMAIL,
      );
      expect((await post('SubmitEnquiryForm', { query: { ...valid, PhoneNumber: '0551234567' } })).json().message).toBe(
        INVALID_PHONE,
      );
      expect((await post('SubmitEnquiryForm', { query: { ...valid, TravelDate: '2001-01-01' } })).json().message).toBe(
        'Please choose a travel date from today onwards.',
      );
      const adults = await post('SubmitEnquiryForm', { query: { ...valid, Adults: '0' } });
      expect(adults.statusCode).toBe(400);
      expect(adults.json().message).toMatch(/Adults must be at least 1/);
    });
  });

  describe('SubmitContactUs', () => {
    it('stores a contact enquiry sent in the query, without a file', async () => {
      const res = await post('SubmitContactUs', { query: contact });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('success');
      const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().data.EnquiryId));
      expect(row).toMatchObject({ kind: 'contact', fileId: null });
    });

    it.each([
      ['FirstName', 'Please enter your first name.'],
      ['Email', 'Please enter your email address.'],
      ['PhoneNumber', 'Please enter your phone number.'],
      ['EnquiryType', 'Please choose what your enquiry is about.'],
      ['Message', 'Please write your message.'],
    ])('refuses a missing %s', async (field, message) => {
      const res = await post('SubmitContactUs', { query: { ...contact, [field]: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message, data: null });
    });

    it('refuses a bad phone and a bad email', async () => {
      expect((await post('SubmitContactUs', { query: { ...contact, PhoneNumber: '+97150' } })).json().message).toBe(
        INVALID_PHONE,
      );
      expect((await post('SubmitContactUs', { query: { ...contact, Email: 'aisha@localhost' } })).json().message).toBe(
        INVALID_EMAIL,
      );
    });

    it.each([
      ['pdf', 'itinerary.pdf', 'application/pdf', 'application/pdf'],
      ['jpeg', 'passport.jpg', 'image/jpeg', 'image/jpeg'],
      ['png', 'visa.png', 'image/png', 'image/png'],
      ['webp', 'photo.webp', 'image/webp', 'image/webp'],
      ['doc', 'letter.doc', 'application/msword', 'application/msword'],
      [
        'docx',
        'plan.docx',
        'application/octet-stream',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ] as const)(
      'accepts a %s attachment by its bytes, stores it under a generated name',
      async (kind, name, sentType, storedMime) => {
        const { payload, headers } = multipart(
          { ...contact, File: name },
          { name, type: sentType, content: SAMPLES[kind] },
        );
        const res = await post('SubmitContactUs', { payload, headers });
        expect(res.statusCode, res.body).toBe(200);
        const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().data.EnquiryId));
        expect(row!.fileId).not.toBeNull();
        const [file] = await t.database.db.select().from(files).where(eq(files.id, row!.fileId!));
        expect(file).toMatchObject({
          originalName: name,
          mime: storedMime,
          size: SAMPLES[kind].length,
          purpose: 'contact',
        });
        expect(file!.storedName).toMatch(/^[0-9a-f]{32}\.\w+$/);
        expect(file!.storedName).not.toContain(name.split('.')[0]);
        const path = join(uploadsDir(t.app.config), file!.storedName);
        expect(existsSync(path)).toBe(true);
        expect(readFileSync(path).equals(SAMPLES[kind])).toBe(true);
      },
    );

    it('takes the fields from the multipart body too (params in the form, not the query)', async () => {
      const { payload, headers } = multipart({
        firstname: 'Aisha',
        email: contact.Email,
        phonenumber: contact.PhoneNumber,
        enquirytype: 'Feedback',
        message: 'Hi',
      });
      const res = await post('SubmitContactUs', { payload, headers });
      expect(res.statusCode, res.body).toBe(200);
      const missing = multipart({ FirstName: 'Aisha' });
      expect(
        (await post('SubmitContactUs', { payload: missing.payload, headers: missing.headers })).json().message,
      ).toBe('Please enter your email address.');
    });

    it.each([
      ['an executable renamed .pdf', 'itinerary.pdf', 'application/pdf', SAMPLES.exe],
      ['an executable', 'setup.exe', 'application/x-msdownload', SAMPLES.exe],
      ['a spreadsheet in an OLE file named .doc', 'sheet.doc', 'application/msword', SAMPLES.xls],
      ['a plain zip named .docx', 'photos.docx', 'application/zip', SAMPLES.zip],
      ['an HTML page named .png', 'image.png', 'image/png', SAMPLES.html],
    ])('refuses %s with a message saying what is allowed', async (_what, name, type, content) => {
      const before = (await t.database.db.select().from(files)).length;
      const { payload, headers } = multipart(contact, { name, type, content });
      const res = await post('SubmitContactUs', { payload, headers });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ status: 'error', message: ATTACHMENT_NOT_ALLOWED, data: null });
      expect((await t.database.db.select().from(files)).length).toBe(before);
    });

    it('refuses an attachment over 10 MB and accepts one of exactly 10 MB', async () => {
      const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - SAMPLES.pdf.length, 0x20)]);
      const over = multipart(contact, { name: 'big.pdf', type: 'application/pdf', content: big });
      const res = await post('SubmitContactUs', { payload: over.payload, headers: over.headers });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ status: 'error', message: ATTACHMENT_TOO_LARGE, data: null });
      const exact = multipart(contact, {
        name: 'ok.pdf',
        type: 'application/pdf',
        content: big.subarray(0, 10 * 1024 * 1024),
      });
      expect((await post('SubmitContactUs', { payload: exact.payload, headers: exact.headers })).statusCode).toBe(200);
    });

    it('refuses a second file', async () => {
      const one = multipart(contact, { name: 'a.pdf', type: 'application/pdf', content: SAMPLES.pdf });
      const boundary = '----enquiry-test-boundary';
      const extra = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="File2"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n`,
      );
      const payload = Buffer.concat([extra, one.payload]);
      const res = await post('SubmitContactUs', { payload, headers: one.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Attach one file only.');
    });
  });
});

describe('enquiry rate limit and mail', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    // Seeded: an itinerary download needs a package.
    t = await createTestApp({
      config: {
        ENQUIRY_RATE_LIMIT: 3,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        ENQUIRY_TO: 'sales@wanderlust.example.com',
        PUBLIC_URL: 'https://shop.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const exit = {
    FullName: 'Sara Ali',
    Email: 'sara.ali@gmail.com',
    MobileCountryCode: '+971',
    MobileNo: '501234567',
    Mode: 'exit-popup',
  };

  it('allows a few enquiries per address per hour across forms, then answers 429 with Retry-After', async () => {
    const send = (url: string, query: Record<string, unknown>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Common/${url}`,
        query: query as Record<string, string>,
        remoteAddress,
      });
    expect((await send('SubmitExitPageEnquiry', exit, '10.9.0.1')).statusCode).toBe(200);
    expect((await send('SubmitContactUs', contact, '10.9.0.1')).statusCode).toBe(200);
    expect((await send('SubmitExitPageEnquiry', exit, '10.9.0.1')).statusCode).toBe(200);
    const limited = await send('SubmitExitPageEnquiry', exit, '10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', data: null });
    expect(limited.json().message).toMatch(/Please try again in \d+ minutes?\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not affected.
    expect((await send('SubmitExitPageEnquiry', exit, '10.9.0.2')).statusCode).toBe(200);
  });

  it('mails each enquiry to ENQUIRY_TO, with its attachment', async () => {
    const { payload, headers } = multipart(contact, {
      name: 'itinerary.pdf',
      type: 'application/pdf',
      content: SAMPLES.pdf,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/SubmitContactUs',
      payload,
      headers,
      remoteAddress: '10.9.1.1',
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.EnquiryId as number;
    const find = () => mails.find((m) => m.raw.includes(`Contact enquiry #${id} `));
    await expect.poll(() => Boolean(find()), { timeout: 5000 }).toBe(true);
    const mail = find()!;
    expect(mail.to).toEqual(['sales@wanderlust.example.com']);
    expect(mail.raw).toMatch(new RegExp(`Subject: \\[UAE\\] Contact enquiry #${id} from Aisha Rahman`));
    expect(mail.raw).toContain('Reply-To: aisha.rahman@gmail.com');
    expect(mail.raw).toContain('filename=itinerary.pdf');
    // The enquiries of the rate-limit test were mailed too, one each.
    expect(mails.filter((m) => m.raw.includes('Call-back request (exit popup)')).length).toBeGreaterThanOrEqual(3);
  });

  /** The mail of an enquiry, once it has arrived. */
  async function mailOf(title: string, id: number) {
    const find = () => mails.find((m) => m.raw.includes(`${title} #${id} `));
    await expect.poll(() => Boolean(find()), { timeout: 5000 }).toBe(true);
    return find()!;
  }
  /** The signed link in a mail's text, as a path the app answers. */
  const linkIn = (text: string) => {
    const url =
      /https:\/\/shop\.example\.com(\/api\/Common\/EnquiryAttachment\/\d+\?expires=\d+&signature=[\w-]+)/.exec(
        text,
      )?.[1];
    expect(url).toBeTruthy();
    return url!;
  };

  it('an attachment reaches the team: with the mail when small, and by a signed, expiring link always', async () => {
    const { payload, headers } = multipart(contact, {
      name: 'passport scan.pdf',
      type: 'application/pdf',
      content: SAMPLES.pdf,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/SubmitContactUs',
      payload,
      headers,
      remoteAddress: '10.9.2.1',
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailOf('Contact enquiry', res.json().data.EnquiryId);
    const text = mailText(mail.raw);
    expect(text).toMatch(
      /Attachment: passport scan\.pdf \(0\.0 MB\), attached to this mail and at https:\/\/shop\.example\.com\/api\/Common\/EnquiryAttachment\/\d+\?/,
    );
    const link = linkIn(text);

    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="passport scan\.pdf"/);

    // A changed signature or file id, or a link past its 30 days, opens nothing.
    // (The first character changed to another: a signature may already start with 0, or with
    // '-', which is base64url too.)
    const forgedLink = link.replace(/signature=([\w-])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(forgedLink).not.toBe(link);
    const forged = await t.app.inject({ method: 'GET', url: forgedLink });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/not valid/) });
    const fileId = Number(/EnquiryAttachment\/(\d+)/.exec(link)![1]);
    expect(
      (await t.app.inject({ method: 'GET', url: link.replace(`/${fileId}?`, `/${fileId + 1000}?`) })).statusCode,
    ).toBe(403);
    const old = attachmentLink('', t.app.config.AUTH_SECRET, fileId, Date.now() - 31 * 86_400_000);
    const expired = await t.app.inject({ method: 'GET', url: old.url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('a file too large for a mail is not attached, only linked', async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const { payload, headers } = multipart(contact, { name: 'tickets.pdf', type: 'application/pdf', content: big });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/SubmitContactUs',
      payload,
      headers,
      remoteAddress: '10.9.2.2',
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailOf('Contact enquiry', res.json().data.EnquiryId);
    expect(mail.raw).not.toContain('filename=tickets.pdf');
    const text = mailText(mail.raw);
    expect(text).toMatch(/Attachment: tickets\.pdf \(6\.0 MB\), too large to go with a mail: download it at https:/);
    const file = await t.app.inject({ method: 'GET', url: linkIn(text) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(big.length);
  });

  it('an itinerary download is mailed to ENQUIRY_TO like the enquiries', async () => {
    const [pkg] = await t.database.db.select({ slug: packages.slug, title: packages.title }).from(packages).limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/Downloaditinaryform',
      payload: { FullName: 'Asha Rao', Email: 'asha.rao@gmail.com', Phone: '+971501234567', PackageSlug: pkg!.slug },
      remoteAddress: '10.9.2.3',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(eq(enquiries.kind, 'itinerary'));
    const mail = await mailOf('Itinerary download', row!.id);
    expect(mail.to).toEqual(['sales@wanderlust.example.com']);
    expect(mail.raw).toMatch(new RegExp(`Subject: \\[UAE\\] Itinerary download #${row!.id} from Asha Rao`));
    expect(mail.raw).toContain('Reply-To: asha.rao@gmail.com');
    const text = mailText(mail.raw);
    expect(text).toContain(`PackageTitle: ${pkg!.title}`);
    expect(text).toContain(`PackagePage: https://shop.example.com/holidays/${pkg!.slug}`);
    expect(text).toContain('Phone: +971501234567');
  });
});
