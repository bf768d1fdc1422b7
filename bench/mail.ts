import { sql } from 'drizzle-orm';
import { Agent } from 'node:http';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { createSession } from '../server/services/sessions.ts';
import { postgresBin, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { startMailCatcher } from '../tests/support/mail-catcher.ts';
import { percentile, post } from './lib/http.ts';
import { postmasterOf, treeCpuSeconds } from './lib/proc-cpu.ts';
import { startProductionServer } from './lib/server.ts';
import type { Benchmark, BenchReport, Target } from './lib/types.ts';

/*
 * Confirmation mail in a burst (issue 33): BOOKINGS signed-in travellers book at once (at most
 * CONCURRENCY at a time), on Postgres with WEB_CONCURRENCY=2, each the quickest way the API has
 * that mails a confirmation with a PDF: cart, hold, book paying later (CreateBooking queues the
 * "Booking confirmed" mail with its proforma invoice in the booking's transaction). The mail goes
 * to a local SMTP server in this process; measured: the time from each booking's answer to its
 * confirmation arriving (median, p95, max; target p95 ≤ 30 s) and the mails per second, and
 * checked: every confirmation arrives exactly once, with its PDF.
 * Settings: BENCH_MAIL_BOOKINGS (1000), BENCH_MAIL_CONCURRENCY (100 travellers booking at a time),
 * BENCH_MAIL_WAIT_SECONDS (600: how long to wait for the last mail after the last booking).
 */

const BOOKINGS = Number(process.env.BENCH_MAIL_BOOKINGS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_MAIL_CONCURRENCY ?? 100);
const WAIT_SECONDS = Number(process.env.BENCH_MAIL_WAIT_SECONDS ?? 600);
const TARGET_P95_S = 30;
const TOKEN_KEY = 'mail-bench-token-key-0123456789abcdef';
/**
 * Departures the bookings are spread over (packages × dates): a burst of bookings, not a race for one departure's
 * rooms.
 */
const PACKAGES = 8;
const DATES = 10;

const s1 = (ms: number) => Number((ms / 1000).toFixed(1));

export const mailBench: Benchmark = {
  name: 'mail',
  ownServers: true,
  description: `${BOOKINGS} pay-later bookings in a burst (${CONCURRENCY} at a time, Postgres, WEB_CONCURRENCY=2): each confirmation mail, with its proforma invoice PDF, from the booking's answer to the SMTP server`,
  async run({ log }): Promise<BenchReport> {
    if (!postgresBin()) throw new Error('The mail bench runs on Postgres: apt-get install -y postgresql');
    const cluster = await startThrowawayPostgres();
    const catcher = await startMailCatcher();
    // When each mail arrived: the catcher's list is looked at every 20 ms.
    const arrivedAt: number[] = [];
    const stampMails = setInterval(() => {
      while (arrivedAt.length < catcher.mails.length) arrivedAt.push(performance.now());
    }, 20);
    const env = {
      DATABASE_URL: cluster.socketUrl,
      WEB_CONCURRENCY: '2',
      TOKEN_KEY,
      LOG_LEVEL: 'warn',
      SMTP_URL: catcher.url,
      TRUST_PROXY: '127.0.0.1',
      // Every traveller of the bench comes from one address: the per-address hold limit is for the real world.
      HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: '100000',
    };
    const server = await startProductionServer({ env });
    const { config } = loadConfig({
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PUBLIC_URL: server.origin,
      DATA_DIR: 'memory://',
    });
    const database = await openDatabase({ databaseUrl: cluster.socketUrl, dataDir: 'memory://' });
    const agent = new Agent({ keepAlive: true });
    try {
      const db = database.db;
      const { rows: pkgs } = await db.execute<{ id: number; slug: string }>(
        sql`select p.id, p.slug from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE' order by p.id limit ${PACKAGES}`,
      );
      await db.execute(
        sql`update packages set rooms_per_departure = 100000 where id in ${sql.raw(`(${pkgs.map((p) => p.id).join(',')})`)}`,
      );
      const dates = Array.from({ length: DATES }, (_, i) =>
        new Date(Date.now() + (60 + i) * 86_400_000).toISOString().slice(0, 10),
      );
      const stamp = Date.now();
      const made = await db
        .insert(users)
        .values(
          Array.from({ length: BOOKINGS }, (_, i) => ({
            email: `mail.${stamp}.${i}@example.com`,
            name: `Mail Traveller ${i}`,
          })),
        )
        .returning({ id: users.id, email: users.email, name: users.name });
      const tokens = await Promise.all(
        made.map(
          async (u) => (await createSession(db, config, { id: u.id, email: u.email ?? '', name: u.name ?? '' })).token,
        ),
      );
      log(`${BOOKINGS} travellers signed in; bookings spread over ${pkgs.length} packages × ${DATES} dates`);

      const call = async (token: string, path: string, body: object, extra: Record<string, string> = {}) => {
        try {
          const res = await post(
            agent,
            server.port,
            `/api/Common/${path}`,
            { 'content-type': 'application/json', authorization: `Bearer ${token}`, country: 'UAE', ...extra },
            JSON.stringify(body),
          );
          let json: { message?: string; data?: { TempBookingId?: number; RefIdKey?: string } } = {};
          try {
            json = JSON.parse(res.text) as typeof json;
          } catch {
            // not JSON: the status tells
          }
          return { status: res.status, message: json.message ?? '', data: json.data ?? {} };
        } catch (err) {
          return {
            status: 0,
            message: (err as Error).message,
            data: {} as { TempBookingId?: number; RefIdKey?: string },
          };
        }
      };
      const lead = { Title: 'Ms', FirstName: 'Asha', LastName: 'Rao', Phone: '+971501234567', DOB: '1990-04-12' };
      /** Each booking's reference and when its answer came. */
      const booked = new Map<string, number>();
      const failures: string[] = [];
      const book = async (i: number) => {
        const token = tokens[i]!;
        const cart = await call(token, 'CreateCart', {
          packageId: pkgs[i % pkgs.length]!.id,
          travelDate: dates[Math.floor(i / pkgs.length) % DATES]!,
          adults: 2,
          children: 0,
          infants: 0,
          rooms: 1,
        });
        if (cart.status !== 200) return void failures.push(`CreateCart ${cart.status}: ${cart.message}`);
        const hold = await call(token, 'CreateTempBooking', {});
        if (hold.status !== 200) return void failures.push(`CreateTempBooking ${hold.status}: ${hold.message}`);
        const b = await call(
          token,
          'CreateBooking',
          {
            TempBookingId: hold.data.TempBookingId,
            PaymentMethod: 'pay-later',
            LeadTraveller: { ...lead, Email: `lead.${stamp}.${i}@example.com` },
            Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }],
          },
          { 'idempotency-key': `mail-bench-${stamp}-${i}` },
        );
        if (b.status !== 200 || !b.data.RefIdKey) return void failures.push(`CreateBooking ${b.status}: ${b.message}`);
        booked.set(b.data.RefIdKey, performance.now());
      };

      const postmaster = postmasterOf(cluster.port);
      const cpuAt = () => {
        const [server_ = null, postgres = null] = treeCpuSeconds([server.pid, postmaster]);
        return { server: server_, postgres };
      };
      const cpuBefore = cpuAt();
      const mailsBefore = catcher.mails.length;
      const start = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, BOOKINGS) }, async () => {
          while (next < BOOKINGS) await book(next++);
        }),
      );
      const bookedIn = performance.now() - start;
      log(
        `${booked.size} booked in ${s1(bookedIn)} s (${(booked.size / (bookedIn / 1000)).toFixed(1)} bookings/s)${failures.length ? `; ${failures.length} failed: ${[...new Set(failures)].slice(0, 3).join(' | ')}` : ''}`,
      );

      // Every confirmation, or the wait is over.
      const subjectRef = (subject: string) => /^Booking confirmed: (\S+)/.exec(subject)?.[1];
      const confirmations = () =>
        catcher.mails.slice(mailsBefore).filter((m) => {
          const ref = subjectRef(m.subject);
          return ref !== undefined && booked.has(ref);
        }).length;
      const waitUntil = performance.now() + WAIT_SECONDS * 1000;
      let lastReport = performance.now();
      while (confirmations() < booked.size && performance.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 100));
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          log(`  ${confirmations()} of ${booked.size} confirmations after ${s1(performance.now() - start)} s`);
        }
      }
      // The last stamps, and a moment for a duplicate to show.
      await new Promise((r) => setTimeout(r, 2000));
      clearInterval(stampMails);
      while (arrivedAt.length < catcher.mails.length) arrivedAt.push(performance.now());
      const cpuAfter = cpuAt();

      const latencies: number[] = [];
      const seen = new Map<string, number>();
      let withPdf = 0;
      let lastMail = start;
      let firstMail = Infinity;
      catcher.mails.forEach((m, k) => {
        if (k < mailsBefore) return;
        const ref = subjectRef(m.subject);
        if (ref === undefined || !booked.has(ref)) return;
        seen.set(ref, (seen.get(ref) ?? 0) + 1);
        if (seen.get(ref)! > 1) return;
        if (/Content-Type:\s*application\/pdf/i.test(m.raw)) withPdf++;
        latencies.push(arrivedAt[k]! - booked.get(ref)!);
        lastMail = Math.max(lastMail, arrivedAt[k]!);
        firstMail = Math.min(firstMail, arrivedAt[k]!);
      });
      latencies.sort((a, b) => a - b);
      const duplicates = [...seen.values()].filter((n) => n > 1).length;
      const missing = booked.size - seen.size;
      const p50 = percentile(latencies, 50);
      const p95 = percentile(latencies, 95);
      const max = latencies.at(-1) ?? 0;
      const mailSeconds = (lastMail - start) / 1000;
      const mailsPerSecond = latencies.length / Math.max(mailSeconds, 0.001);
      const spent = (k: 'server' | 'postgres') => {
        const a = cpuAfter[k];
        const b = cpuBefore[k];
        return a === null || b === null ? null : Number((a - b).toFixed(1));
      };
      log(
        `CPU s from the first booking to the last mail: server ${spent('server') ?? '?'} / Postgres ${spent('postgres') ?? '?'}`,
      );

      const rows: Record<string, string | number>[] = [
        { figure: 'bookings', value: booked.size },
        { figure: 'bookings/s', value: Number((booked.size / (bookedIn / 1000)).toFixed(1)) },
        { figure: 'confirmations arrived', value: seen.size },
        { figure: 'latency median s', value: s1(p50) },
        { figure: 'latency p95 s', value: s1(p95) },
        { figure: 'latency max s', value: s1(max) },
        { figure: 'mails/s (first booking to last mail)', value: Number(mailsPerSecond.toFixed(1)) },
        {
          figure: 'mails/s (first mail to last mail)',
          value: Number((latencies.length / Math.max((lastMail - firstMail) / 1000, 0.001)).toFixed(1)),
        },
      ];
      const targets: Target[] = [
        {
          label: `every booking answered (${booked.size} of ${BOOKINGS}; ${failures.length} failed)`,
          met: booked.size === BOOKINGS,
        },
        {
          label: `every confirmation arrived, with its PDF (${seen.size} of ${booked.size}, ${withPdf} with a PDF)`,
          met: missing === 0 && withPdf === seen.size,
        },
        { label: `no confirmation twice (${duplicates})`, met: duplicates === 0 },
        { label: `confirmation p95 ≤ ${TARGET_P95_S} s after booking (${s1(p95)} s)`, met: p95 <= TARGET_P95_S * 1000 },
      ];
      return {
        rows,
        targets,
        details: {
          bookings: BOOKINGS,
          concurrency: CONCURRENCY,
          bookedSeconds: bookedIn / 1000,
          latencyMs: { p50, p95, max, min: latencies[0] ?? 0 },
          mailsPerSecond,
          mailSeconds,
          cpuSeconds: { server: spent('server'), postgres: spent('postgres') },
          failures: failures.slice(0, 20),
        },
      };
    } finally {
      clearInterval(stampMails);
      agent.destroy();
      await database.close();
      await server.stop();
      await catcher.close();
      cluster.stop();
    }
  },
};
