import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';
import { databaseStore } from '../../server/services/file-store.ts';
import { newCliSecret, writeCliLink } from '../../server/services/staff/cli-link.ts';
import { startGateways } from '../support/gateways.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';
import { startTwilioStandIn } from '../support/twilio-stand-in.ts';
import { book, findPackage, holdId, lead, markPaidInFull, traveller, type BookingKit } from '../support/booking-kit.ts';

/*
 * `npm run db:backup` while the shop serves, and `npm run db:restore` into a fresh data folder (and,
 * in the Postgres run, a fresh database): every booking, invoice number and uploaded file is back
 * (issue 23). The scripts run as an operator runs them, as processes of their own; on PGlite the
 * running shop holds the data folder and hands over its database over loopback.
 */

const run = promisify(execFile);
const POSTGRES = process.env.TEST_DATABASE_URL;
const PDF = Buffer.from('%PDF-1.7\n%passport copy for the backup test\n');

async function script(name: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [`dist/node/scripts/${name}.js`, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        TOKEN_KEY: 'test-token-key-0123456789',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        ...env,
      },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

function upload(kit: BookingKit, token: string, bookingId: number) {
  const boundary = '----backup-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="BookingId"\r\n\r\n${bookingId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return kit.app.inject({
    method: 'POST',
    url: `/api/Common/CreateBooking_UploadImages?token=${encodeURIComponent(token)}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

interface Shop {
  kit: BookingKit;
  dataDir: string;
  url?: string;
  close(): Promise<void>;
}

/** The shop as `npm start` runs it: a data folder (or a Postgres database), listening, the CLI link written. */
async function openShop(): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-backup-src-'));
  let url: string | undefined;
  let database: Database;
  let drop = async () => {};
  if (POSTGRES) {
    const name = freshDatabaseName('shop_backup_src');
    await createDatabase(POSTGRES, name, TEMPLATE.seeded);
    url = databaseUrl(POSTGRES, name);
    database = await openDatabase({ databaseUrl: url, dataDir });
    drop = () => dropDatabase(POSTGRES, name);
  } else {
    database = await openDatabase({ dataDir });
    await database.migrate();
    await seed(database.db);
  }
  const mail = await startMailCatcher();
  const sms = await startTwilioStandIn();
  const gateways = await startGateways();
  const secret = newCliSecret();
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
    staffCliSecret: POSTGRES ? undefined : secret,
    backupDatabase: database.backup,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const removeLink = POSTGRES
    ? () => {}
    : writeCliLink(dataDir, {
        pid: process.pid,
        port: typeof address === 'object' && address ? address.port : 0,
        secret,
      });
  const kit = { app, database, mail, sms, gateways, close: async () => {} } as unknown as BookingKit;
  return {
    kit,
    dataDir,
    url,
    async close() {
      removeLink();
      await app.close();
      await database.close();
      await Promise.all([mail.close(), sms.close(), gateways.close()]);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`backup and restore while the shop serves (${POSTGRES ? 'Postgres' : 'PGlite'})`, () => {
  let shop: Shop;
  const made: { ref: string; invoice: string | null }[] = [];
  let fileName = '';
  const work = mkdtempSync(join(tmpdir(), 'shop-backup-'));
  const restored = join(work, 'restored');
  const drops: (() => Promise<void>)[] = [];
  let target: Record<string, string> = { DATA_DIR: restored };

  beforeAll(async () => {
    shop = await openShop();
    const { kit } = shop;
    const who = await traveller(kit, 'backup');
    const pkg = await findPackage(kit, { rooms: 10, inIndia: false });
    for (let i = 0; i < 3; i++) {
      const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id }]);
      const res = await book(kit, who.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: who.email }) });
      expect(res.status, res.body.message).toBe(200);
      const b = res.body.data as { BookingId: number; RefIdKey: string };
      if (i < 2) await markPaidInFull(kit, b.BookingId);
      if (i === 0) {
        const up = await upload(kit, who.token, b.BookingId);
        expect(up.statusCode, up.body).toBe(200);
      }
    }
    const { rows } = await kit.database.db.execute<{ ref_id_key: string; invoice_number: string | null }>(
      sql`select ref_id_key, invoice_number from bookings order by id`,
    );
    made.push(...rows.map((r) => ({ ref: r.ref_id_key, invoice: r.invoice_number })));
    const [file] = (
      await kit.database.db.execute<{ stored_name: string }>(
        sql`select stored_name from files order by id desc limit 1`,
      )
    ).rows;
    fileName = file!.stored_name;
    expect(made.filter((m) => m.invoice).length).toBe(2);
  }, 180_000);

  afterAll(async () => {
    await shop?.close();
    for (const d of drops) await d();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('backs up while bookings keep coming, and restores every booking, invoice number and file into a fresh place', async () => {
    const out = join(work, 'shop.tar.gz');
    const env = { DATA_DIR: shop.dataDir, ...(shop.url ? { DATABASE_URL: shop.url } : {}) };
    // The shop keeps answering during the backup.
    const during = (async () => {
      let answered = 0;
      for (let i = 0; i < 10; i++)
        if ((await shop.kit.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) answered++;
      return answered;
    })();
    const backup = await script('db-backup', [out], env);
    expect(backup.code, backup.out).toBe(0);
    // With DATABASE_URL the uploaded file is in the database's dump, not among DATA_DIR's files.
    expect(backup.out).toMatch(POSTGRES ? /Backup written to .*0 file\(s\)/ : /Backup written to .*1 file\(s\)/);
    expect(await during).toBe(10);
    expect(existsSync(out)).toBe(true);

    if (POSTGRES) {
      const name = freshDatabaseName('shop_backup_dst');
      await createDatabase(POSTGRES, name);
      drops.push(() => dropDatabase(POSTGRES, name));
      target = { ...target, DATABASE_URL: databaseUrl(POSTGRES, name) };
    }
    const restore = await script('db-restore', [out], target);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('Restored the backup');

    const back = await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: restored });
    try {
      const { rows } = await back.db.execute<{ ref_id_key: string; invoice_number: string | null }>(
        sql`select ref_id_key, invoice_number from bookings order by id`,
      );
      expect(rows.map((r) => ({ ref: r.ref_id_key, invoice: r.invoice_number }))).toEqual(made);
      const { rows: files } = await back.db.execute<{ stored_name: string }>(sql`select stored_name from files`);
      expect(files.map((f) => f.stored_name)).toContain(fileName);
      // With DATABASE_URL the bytes live in the database (stored_files), so pg_dump carried them.
      if (POSTGRES)
        expect(Buffer.concat(await (await databaseStore().open(back.db, fileName))!.toArray()).equals(PDF)).toBe(true);
      // Migrations find nothing to do: the restored database is the shop's, at this version.
      await back.migrate();
    } finally {
      await back.close();
    }
    if (!POSTGRES) expect(readFileSync(join(restored, 'uploads', fileName)).equals(PDF)).toBe(true);
  }, 240_000);

  it('refuses to restore over a shop, or a file that is not a backup, with a message saying what to do', async () => {
    const out = join(work, 'shop.tar.gz');
    const again = await script('db-restore', [out], target);
    expect(again.code).toBe(1);
    expect(again.out).toContain(
      POSTGRES
        ? 'That database already holds a shop: restore into an empty database, or add --force to replace it.'
        : 'already holds a shop: restore into an empty DATA_DIR, or add --force to replace it.',
    );
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const bad = await script('db-restore', [junk], { DATA_DIR: join(work, 'empty') });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('is not a backup made by npm run db:backup');
    expect(bad.out).not.toMatch(/\n\s+at /);
  }, 120_000);
});
