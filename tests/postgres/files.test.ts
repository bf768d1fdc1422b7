import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { CHUNK_BYTES } from '../../server/services/file-store.ts';
import { purgePersonalData } from '../../server/services/personal-data-retention.ts';
import { startGateways, type Gateways } from '../support/gateways.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in.ts';
import { book, findPackage, holdId, lead, traveller, type BookingKit } from '../support/booking-kit.ts';

/*
 * Issue 23, files every machine can see: two servers with different DATA_DIR on one Postgres, as
 * behind a load balancer. A booking document uploaded through one opens, the same bytes, through
 * the other, because with DATABASE_URL the bytes are rows of stored_files, not files in a folder.
 */

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_files');
const url = databaseUrl(server, name);

interface Instance {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
}

let mail: MailCatcher;
let sms: TwilioStandIn;
let gateways: Gateways;
let a: Instance;
let b: Instance;
let kit: BookingKit;

async function instance(): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-files-'));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const app = await buildApp({
    db: database.db,
    config: testConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SMTP_URL: mail.url,
      TWILIO_ACCOUNT_SID: sms.accountSid,
      TWILIO_AUTH_TOKEN: sms.authToken,
      TWILIO_FROM: 'Wanderlust',
      TWILIO_API_URL: sms.url,
      PUBLIC_URL: 'http://localhost:8080',
      ...gateways.env(),
    }),
  });
  await app.ready();
  return { app, database, dataDir };
}

/** A PDF of `size` bytes, different in every byte position so that a misordered chunk shows. */
function pdf(size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buf[i] = (i * 31 + (i >> 8)) & 0xff;
  Buffer.from('%PDF-1.7\n').copy(buf);
  return buf;
}

function upload(app: FastifyInstance, token: string, bookingId: number, content: Buffer, field = 'documents') {
  const boundary = '----files-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="BookingId"\r\n\r\n${bookingId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/Common/CreateBooking_UploadImages?token=${encodeURIComponent(token)}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const open = (app: FastifyInstance, token: string, bookingId: number, fileId: number) =>
  app.inject({
    method: 'GET',
    url: `/api/Common/GetBookingDocument?Token=${encodeURIComponent(token)}&BookingId=${bookingId}&FileId=${fileId}`,
  });

async function newBooking(who: { token: string; email: string }) {
  const pkg = await findPackage(kit, { rooms: 10, inIndia: false });
  const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id }]);
  const res = await book(kit, who.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: who.email }) });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { BookingId: number }).BookingId;
}

const chunks = async (key: string) =>
  Number(
    (await a.database.db.execute<{ n: number }>(sql`select count(*)::int as n from stored_files where key = ${key}`))
      .rows[0]!.n,
  );

beforeAll(async () => {
  [mail, sms, gateways] = await Promise.all([startMailCatcher(), startTwilioStandIn(), startGateways()]);
  await createDatabase(server, name, TEMPLATE.seeded);
  a = await instance();
  b = await instance();
  kit = { app: a.app, database: a.database, mail, sms, gateways, close: async () => {} } as BookingKit;
}, 120_000);

afterAll(async () => {
  for (const i of [a, b]) {
    await i?.app.close();
    await i?.database.close();
    if (i) rmSync(i.dataDir, { recursive: true, force: true });
  }
  await Promise.all([mail?.close(), sms?.close(), gateways?.close()]);
  await dropDatabase(server, name);
}, 60_000);

describe('uploaded files on a shared Postgres (DATABASE_URL)', () => {
  it('a document uploaded through one server opens, the same bytes, through the other, and neither wrote to its DATA_DIR', async () => {
    const who = await traveller(kit, 'files');
    const bookingId = await newBooking(who);
    // Several chunks and a part of one: the bytes come back in order.
    const content = pdf(2 * CHUNK_BYTES + 12_345);
    const up = await upload(a.app, who.token, bookingId, content);
    expect(up.statusCode, up.body).toBe(200);
    const doc = (up.json().data.documents as { id: number }[]).at(-1)!;

    const there = await open(b.app, who.token, bookingId, doc.id);
    expect(there.statusCode, there.body).toBe(200);
    expect(there.headers['content-type']).toBe('application/pdf');
    expect(there.rawPayload.equals(content)).toBe(true);
    const [row] = (
      await a.database.db.execute<{ stored_name: string }>(sql`select stored_name from files where id = ${doc.id}`)
    ).rows;
    expect(await chunks(row!.stored_name)).toBe(3);
    for (const i of [a, b]) expect(readdirSync(i.dataDir)).not.toContain('uploads');
  });

  it('refuses another traveller’s document, and a refused upload leaves neither a row nor a byte', async () => {
    const owner = await traveller(kit, 'owner');
    const other = await traveller(kit, 'other');
    const bookingId = await newBooking(owner);
    const up = await upload(a.app, owner.token, bookingId, pdf(1000));
    expect(up.statusCode, up.body).toBe(200);
    const doc = (up.json().data.documents as { id: number }[]).at(-1)!;

    const theirs = await open(b.app, other.token, bookingId, doc.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ status: 'error' });
    expect(theirs.json().message).toMatch(/booking/i);

    const before = Number(
      (await a.database.db.execute<{ n: number }>(sql`select count(*)::int as n from stored_files`)).rows[0]!.n,
    );
    const notPdf = await upload(a.app, owner.token, bookingId, Buffer.concat([Buffer.from('MZ'), pdf(CHUNK_BYTES)]));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toContain('is not a photo (JPEG, PNG, WebP, HEIC) or a PDF.');
    const after = Number(
      (await a.database.db.execute<{ n: number }>(sql`select count(*)::int as n from stored_files`)).rows[0]!.n,
    );
    expect(after).toBe(before);
  });

  it('a document erased by the retention rules is gone from every server', async () => {
    const who = await traveller(kit, 'erased');
    const bookingId = await newBooking(who);
    const up = await upload(b.app, who.token, bookingId, pdf(5000));
    expect(up.statusCode, up.body).toBe(200);
    const doc = (up.json().data.documents as { id: number }[]).at(-1)!;
    const [row] = (
      await a.database.db.execute<{ stored_name: string }>(sql`select stored_name from files where id = ${doc.id}`)
    ).rows;
    expect((await open(a.app, who.token, bookingId, doc.id)).statusCode).toBe(200);

    // A cancelled booking's documents go at once.
    await a.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${bookingId}`);
    await purgePersonalData(a.database.db, a.app.files);
    expect(await chunks(row!.stored_name)).toBe(0);
    for (const i of [a, b]) expect((await open(i.app, who.token, bookingId, doc.id)).statusCode).toBe(404);
  });
});
