import { sql } from 'drizzle-orm';
import type { BookingDetail } from '../../../contract/booking.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { SITE_OFFSET_MINUTES } from '../../../contract/site-rules.ts';
import type { Site } from '../../../contract/site.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { greetingOf, laidOut, type MailBlock } from '../mail-layout.ts';
import type { LaidOutMail } from './mail.ts';
import { enqueueMail } from '../outbox.ts';
import { shopDetails } from '../shop-details.ts';
import { keptToDueDateSql } from './deposits.ts';
import { cancelUnpaid } from './expiry.ts';
import { paymentMethodsFor } from './pricing.ts';
import { bookingDetail } from './queries.ts';
import { addDays, siteDay } from '../../../contract/calendar.ts';

/*
 * Pay later has an end. A pay-later booking keeps its rooms until its due date; its traveller is
 * reminded 3 days and 1 day before it (bookings.last_reminder_days says which was sent, so each
 * goes once, and a job that runs late sends only the latest that applies); an unpaid booking is
 * cancelled on the day after the due date plus PAY_LATER_GRACE_DAYS, its rooms released and its
 * traveller told. A partly-paid booking (money recorded at the desk) is reminded of its balance but
 * never cancelled by this job: the traveller has paid part, so the desk decides (it shows it
 * overdue), as an agency would call before cancelling. Days are the site's calendar days. Safe with
 * several processes: each booking is taken under a row lock, skipped when another process has it.
 * Each mail is queued in the transaction that marks the reminder sent or cancels the booking, and
 * sent by the mail outbox after the commit (docs/decisions/0051): never lost, and once (its dedupe key).
 */

/** The reminders, latest last: days before the due date. */
export const PAY_LATER_REMINDER_DAYS = [3, 1] as const;

/** The day an unpaid pay-later booking is cancelled: the day after its due date plus the grace days. */
export function payLaterCancelDay(dueOn: string, graceDays: number): string {
  return addDays(dueOn, graceDays + 1);
}

interface Log {
  info(msg: string): void;
  warn(obj: object, msg?: string): void;
}

const SITES: Site[] = ['UAE', 'IN'];

interface Picked extends Record<string, unknown> {
  id: number;
  user_id: number;
  ref_id_key: string;
  kind: number;
  /** Days from the site's today to the due date (a reminder's wording). */
  days_left: number;
}

function tripUrl(config: Config, d: BookingDetail) {
  return `${publicUrl(config)}${d.site === 'IN' ? '/in' : ''}/trips/${d.RefIdKey}`;
}

function dear(d: BookingDetail): { to: string; greeting: string } | null {
  const lead = d.travellers.find((t) => t.lead);
  if (!lead?.email) return null;
  return { to: lead.email, greeting: greetingOf(lead) };
}

/**
 * How to pay the balance: the bank account and the reference, and online from My trips where the site has a gateway.
 */
function howToPay(config: Config, d: BookingDetail): MailBlock {
  const shop = shopDetails(config, d.site);
  const bank = shop.bank;
  const online = paymentMethodsFor(config, d.site).some((m) => m !== 'pay-later');
  return {
    box: {
      title: 'Pay by bank transfer to:',
      lines: [
        bank.accountName,
        `${bank.bankName}, account ${bank.accountNumber}`,
        `${bank.codeLabel} ${bank.code}`,
        `Reference: ${d.RefIdKey}`,
      ],
      after: [
        ...(online ? [`Or pay online from your booking in My trips: ${tripUrl(config, d)}`] : []),
        `Or call us on ${shop.phone} to pay by card.`,
      ].join('\n'),
    },
  };
}

/** "AED 1,234.00 due by Fri 4 Dec 2026": the reminder, 3 or 1 day before the due date (`daysLeft`: as it is sent). */
export function payLaterReminderMail(config: Config, d: BookingDetail, daysLeft: number): LaidOutMail | null {
  const to = dear(d);
  if (!to || !d.paymentDueOn) return null;
  const shop = shopDetails(config, d.site);
  const amount = formatMinor(d.amountDue, d.Currency);
  const due = formatDay(d.paymentDueOn);
  const cancelOn = formatDay(payLaterCancelDay(d.paymentDueOn, config.PAY_LATER_GRACE_DAYS));
  const when = daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    to: to.to,
    subject: `Reminder: ${amount} due by ${due} for booking ${d.RefIdKey}`,
    ...laidOut({
      shop,
      heading: `Your balance is due ${when}`,
      preheader: `${amount} due by ${due} for booking ${d.RefIdKey}`,
      greeting: to.greeting,
      blocks: [
        {
          p: `A reminder: the balance of your booking ${d.RefIdKey} (${d.lines[0]?.title ?? 'your holiday'}) is due ${when}.`,
        },
        {
          rows: [
            { label: 'Amount due', value: amount, strong: true },
            { label: 'Due date', value: due },
            { label: 'Booking reference', value: d.RefIdKey },
          ],
        },
        howToPay(config, d),
        {
          p: [
            d.PaymentStatus === 'partly-paid'
              ? `Thank you for the ${formatMinor(d.amountPaid, d.Currency)} received so far. Your rooms are kept; if the balance is not received by the due date, we will call you about your booking.`
              : `Your rooms are kept until then. If the balance is not received, the booking will be cancelled on ${cancelOn} and its rooms released.`,
            // A booking that had its vouchers under the older rules keeps them (decision 0093).
            d.vouchersIssued
              ? 'The vouchers we sent you stay valid while your booking is: if it is cancelled, they are cancelled with it.'
              : 'Your supplier vouchers come when the balance is paid.',
          ].join('\n'),
        },
        { link: { text: 'See your booking in My trips', button: 'Open my booking', url: tripUrl(config, d) } },
      ],
    }),
  };
}

/** The booking was cancelled unpaid: what happened, and what to do if the money was sent. */
export function payLaterCancelledMail(
  config: Config,
  d: BookingDetail,
  due: { amount: number; dueOn: string; vouchersSent?: boolean },
): LaidOutMail | null {
  const to = dear(d);
  if (!to) return null;
  const shop = shopDetails(config, d.site);
  return {
    to: to.to,
    subject: `Booking ${d.RefIdKey} cancelled: balance not received`,
    ...laidOut({
      shop,
      heading: 'Your booking is cancelled',
      preheader: `Booking ${d.RefIdKey} was cancelled: its balance was not received.`,
      greeting: to.greeting,
      blocks: [
        {
          p: `Your booking ${d.RefIdKey} (${d.lines[0]?.title ?? 'your holiday'}) has been cancelled: its balance of ${formatMinor(due.amount, d.Currency)} was due on ${formatDay(due.dueOn)}, and we had not received it ${config.PAY_LATER_GRACE_DAYS ? `${config.PAY_LATER_GRACE_DAYS} ${config.PAY_LATER_GRACE_DAYS === 1 ? 'day' : 'days'} after that` : 'by then'}. Its rooms have been released.`,
        },
        // Vouchers it kept from the older rules (decision 0093) are withdrawn with the booking: say so.
        ...(due.vouchersSent
          ? [
              {
                p: 'The vouchers we sent you for this booking are cancelled with it: the hotels and operators will not accept them.',
              },
            ]
          : []),
        {
          p: `If you have sent the money, call us on ${shop.phone} or write to ${shop.email} quoting ${d.RefIdKey}: we will book again for you if rooms remain, or refund you.`,
        },
        {
          link: {
            text: 'To travel anyway, book again on our site',
            button: 'Find a holiday',
            url: `${publicUrl(config)}${d.site === 'IN' ? '/in' : ''}`,
          },
        },
      ],
    }),
  };
}

/**
 * A pay-later booking with its balance still due: confirmed, or a deposit booking holding a part of
 * its deposit (decision 0108, "A part of the deposit": reminded of its balance as a booking with an
 * advance, never cancelled by this job since money is in it). `amount_paid < total` says the same as the payment
 * status and lets the planner read bookings_balance_due_idx.
 */
export const unpaidPayLater = sql`${keptToDueDateSql} and b.amount_paid < b.total and b.payment_method = 'pay-later' and b.payment_status in ('unpaid', 'partly-paid') and b.payment_due_on is not null`;

/** One booking at a time, under a row lock (skipped when another process holds it), until none is left. */
async function eachLocked(
  db: Db,
  pick: (tx: Db) => Promise<Picked | undefined>,
  work: (tx: Db, row: Picked) => Promise<void>,
): Promise<Picked[]> {
  const done: Picked[] = [];
  for (;;) {
    const row = await db.transaction(async (tx) => {
      const picked = await pick(tx);
      if (picked) await work(tx, picked);
      return picked;
    });
    if (!row) return done;
    done.push(row);
  }
}

/**
 * Sends the reminders that are due and cancels what is unpaid past the due date and its grace, as
 * of `now`. Returns how many of each.
 */
export async function runPayLater(
  db: Db,
  config: Config,
  log: Log,
  now = new Date(),
): Promise<{ reminded: number; cancelled: number }> {
  let reminded = 0;
  let cancelled = 0;
  const grace = config.PAY_LATER_GRACE_DAYS;
  for (const site of SITES) {
    const today = siteDay(now, site);
    // A reminder 3 days before (2 or 3 days left) and 1 day before (1 day or the due day itself);
    // one whose day came before the booking was made is never sent (its confirmation said it all).
    const kind = sql`(case when b.payment_due_on - ${today}::date <= 1 then 1 else 3 end)`;
    const offset = sql.raw(`interval '${SITE_OFFSET_MINUTES[site]} minutes'`);
    const reminders = await eachLocked(
      db,
      async (tx) =>
        (
          await tx.execute<Picked>(sql`
            select b.id, b.user_id, b.ref_id_key, ${kind} as kind, (b.payment_due_on - ${today}::date) as days_left from bookings b
            where b.site = ${site} and ${unpaidPayLater}
              and b.payment_due_on - ${today}::date between 0 and 3
              and coalesce(b.last_reminder_days, 1000) > ${kind}
              and b.payment_due_on - ${kind} > ((b.created_at at time zone 'UTC') + ${offset})::date
            order by b.id limit 1 for update of b skip locked`)
        ).rows[0],
      async (tx, row) => {
        await tx.execute(sql`update bookings set last_reminder_days = ${row.kind} where id = ${row.id}`);
        await queueAbout(tx, config, row, 'pay-later-reminder', `pay-later-reminder:${row.id}:${row.kind}`, (d) =>
          payLaterReminderMail(config, d, row.days_left),
        );
      },
    );
    reminded += reminders.length;

    const cancels = await eachLocked(
      db,
      async (tx) =>
        (
          await tx.execute<Picked>(sql`
            select b.id, b.user_id, b.ref_id_key, 0 as kind, 0 as days_left from bookings b
            where b.site = ${site} and ${unpaidPayLater} and b.payment_status = 'unpaid' and b.payment_due_on + ${grace + 1}::int <= ${today}::date
            order by b.id limit 1 for update of b skip locked`)
        ).rows[0],
      async (tx, row) => {
        const { rows: facts } = await tx.execute<{ due: string; amount: number; vouchered: boolean }>(
          sql`select to_char(payment_due_on, 'YYYY-MM-DD') as due, (total - amount_paid)::int as amount, invoice_number is not null as vouchered from bookings where id = ${row.id}`,
        );
        const f = facts[0]!;
        await cancelUnpaid(
          tx,
          row.id,
          `balance due on ${formatDay(f.due)} not received${grace ? ` within ${grace} ${grace === 1 ? 'day' : 'days'} of grace` : ''}: cancelled, rooms released`,
          now,
          'pay-later',
        );
        // Written from the booking as it now is: cancelled.
        await queueAbout(tx, config, row, 'pay-later-cancelled', `pay-later-cancelled:${row.id}`, (d) =>
          payLaterCancelledMail(config, d, { amount: f.amount, dueOn: f.due, vouchersSent: f.vouchered }),
        );
      },
    );
    cancelled += cancels.length;
  }
  if (reminded || cancelled)
    log.info(`pay later: ${reminded} reminder(s) queued, ${cancelled} unpaid booking(s) cancelled`);
  return { reminded, cancelled };
}

/** Queues the traveller's mail about this booking, in the transaction of the change (docs/decisions/0051). */
async function queueAbout(
  tx: Db,
  config: Config,
  row: Picked,
  kind: string,
  dedupeKey: string,
  make: (d: BookingDetail) => LaidOutMail | null,
) {
  const message = make(await bookingDetail(tx, config, row.user_id, row.ref_id_key));
  if (message) await enqueueMail(tx, { kind, dedupeKey, bookingId: row.id, message });
}
