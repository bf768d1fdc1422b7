import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMinor } from '../../../contract/format.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers, paymentEvents, payments, refunds, users } from '../../db/schema.ts';
import { recordEvent } from '../bookings/records.ts';
import { refundWithCreditNote } from '../desk/credit-notes.ts';
import { deriveBooking, entriesOf, owedOnPayment, reverseRefund } from '../ledger/ledger.ts';
import { enqueueMail } from '../outbox.ts';
import { staffAction } from '../staff/staff-action.ts';
import { storeEvent } from './apply.ts';
import { GatewayError } from './errors.ts';
import { razorpay, type RazorpayWebhookEvent } from './razorpay.ts';
import { Stripe, stripeClient } from './stripe.ts';

/*
 * Money going back through the gateways (issue 20): a pending refund row is sent to its provider
 * after the transaction that made it has committed (Stripe `refunds.create` on the PaymentIntent
 * with the refund's idempotency key; Razorpay's refund of the payment), and its state then follows
 * the providers' answers and webhooks: pending → processed | failed, never back. A provider's
 * refusal marks the refund failed with the provider's words: nothing counts as refunded, and a new
 * refund can be made. Every webhook is stored in payment_events once; a replay changes nothing.
 */

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Stripe's refund states: succeeded is our processed; failed and canceled our failed; the rest wait. */
const stripeOutcome = (status: string | null | undefined): 'processed' | 'failed' | null =>
  status === 'succeeded' ? 'processed' : status === 'failed' || status === 'canceled' ? 'failed' : null;
const razorpayOutcome = (status: string | undefined): 'processed' | 'failed' | null =>
  status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : null;

/** A refund the provider refused or could not take: the refund is failed, and this is what staff are told. */
export class RefundRefused extends Error {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(
      `${provider} refused the refund: ${detail.replace(/\.$/, '')}. Nothing was refunded; check the payment and try again.`,
    );
  }
}

/**
 * Sends a pending gateway refund to its provider (after the commit that made it). The provider's
 * answer is stored: its refund id and, when it says so at once, processed or failed. A refusal, or
 * no answer, fails the refund and throws RefundRefused.
 */
export async function sendRefund(db: Db, config: Config, refundId: number, now = () => new Date()): Promise<RefundRow> {
  const [row] = await db
    .select({ refund: refunds, payment: payments, ref: bookings.refIdKey })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(eq(refunds.id, refundId));
  if (!row) throw new Error(`sendRefund: no refund ${refundId}`);
  const { refund, payment, ref } = row;
  if (refund.status !== 'pending' || refund.providerRefundId || refund.provider === 'manual') return refund;
  let answer: { id: string; outcome: 'processed' | 'failed' | null; failure?: string };
  try {
    answer = await callProvider(config, refund, payment, ref);
  } catch (err) {
    const detail =
      err instanceof GatewayError
        ? err.detail
        : err instanceof Stripe.errors.StripeError
          ? err.message
          : (err as Error).message;
    const provider = refund.provider === 'stripe' ? 'Stripe' : 'Razorpay';
    await settleRefund(db, config, refund.id, { outcome: 'failed', failure: `${provider}: ${detail}` }, now());
    throw new RefundRefused(provider, detail);
  }
  await db
    .update(refunds)
    .set({ providerRefundId: answer.id, updatedAt: now() })
    .where(and(eq(refunds.id, refund.id), sql`${refunds.providerRefundId} is null`));
  if (answer.outcome)
    await settleRefund(db, config, refund.id, { outcome: answer.outcome, failure: answer.failure }, now());
  const [after] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return after!;
}

async function callProvider(config: Config, refund: RefundRow, payment: PaymentRow, ref: string) {
  if (!payment.providerPaymentId) throw new GatewayError(refund.provider, 'the payment has no provider id to refund');
  const notes = { refundId: String(refund.id), ref };
  if (refund.provider === 'stripe') {
    const r = await stripeClient(config).refunds.create(
      { payment_intent: payment.providerPaymentId, amount: refund.amount, metadata: notes },
      { idempotencyKey: refund.idempotencyKey },
    );
    return { id: r.id, outcome: stripeOutcome(r.status), failure: r.failure_reason ?? undefined };
  }
  const r = await razorpay(config).refund(payment.providerPaymentId, {
    amount: refund.amount,
    receipt: `refund-${refund.id}`,
    notes,
  });
  return { id: r.id, outcome: razorpayOutcome(r.status) };
}

/** The lead traveller's address (the account's when the lead gave none). */
export async function recipientOf(db: Db, bookingId: number): Promise<string | null> {
  const [lead] = await db
    .select({ email: bookingTravellers.email })
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.lead, true)))
    .limit(1);
  if (lead?.email) return lead.email;
  const [u] = await db
    .select({ email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  return u?.email ?? null;
}

/** A booking's payment state from its ledger (server/services/ledger: deriveBooking), with the cause in its history. */
export async function refreshPaymentState(tx: Db, bookingId: number, cause: string, now: Date): Promise<void> {
  await deriveBooking(tx, null, bookingId, cause, now);
}

/**
 * Moves a pending refund to processed or failed, in one transaction with its booking locked: a
 * refund already settled stays as it is (false). A processed refund of a payment owed back marks
 * that payment refunded once all of it is; the booking's payment state follows; the traveller is
 * mailed when money is on its way back.
 */
export async function settleRefund(db: Db, config: Config, refundId: number, to: Settle, now: Date): Promise<boolean> {
  void config;
  return db.transaction(async (tx) => settleRefundIn(tx, refundId, to, now));
}

export interface Settle {
  outcome: 'processed' | 'failed';
  failure?: string;
  providerRefundId?: string;
}

/** settleRefund inside the caller's transaction. */
export async function settleRefundIn(tx: Db, refundId: number, to: Settle, now: Date): Promise<boolean> {
  const [peek] = await tx.select({ bookingId: refunds.bookingId }).from(refunds).where(eq(refunds.id, refundId));
  if (!peek) return false;
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, peek.bookingId)).for('update');
  const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  // Pending moves either way; a refund that succeeded can still fail (Stripe's and Razorpay's
  // refund.failed after success): the money did not reach the traveller. Nothing else moves.
  if (!r || !b || !(r.status === 'pending' || (r.status === 'processed' && to.outcome === 'failed'))) return false;
  const failedAfterSuccess = r.status === 'processed';
  await tx
    .update(refunds)
    .set({
      status: to.outcome,
      failureReason: to.outcome === 'failed' ? (to.failure ?? 'The provider did not say why.').slice(0, 500) : null,
      updatedAt: now,
      ...(to.outcome === 'processed' ? { succeededAt: now } : {}),
      ...(to.providerRefundId && !r.providerRefundId ? { providerRefundId: to.providerRefundId } : {}),
    })
    .where(eq(refunds.id, r.id));
  const amount = formatMinor(r.amount, r.currency);
  const [p] = await tx.select().from(payments).where(eq(payments.id, r.paymentId));
  const to_ = await recipientOf(tx, r.bookingId);
  if (to.outcome === 'processed') {
    if (p?.refundStatus === 'due') {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select coalesce(sum(amount), 0)::int as n from refunds where payment_id = ${p.id} and status = 'processed'`,
      );
      if (rows[0]!.n >= p.amount || (await owedOf(tx, b.id, p.id)) <= 0)
        await tx.update(payments).set({ refundStatus: 'refunded' }).where(eq(payments.id, p.id));
    }
    if (to_) {
      await enqueueMail(tx, {
        kind: 'refund',
        dedupeKey: `refund-processed:${r.id}`,
        bookingId: r.bookingId,
        message: {
          to: to_,
          subject: `Refund of ${amount}: booking ${b.refIdKey}`,
          text: `We have refunded ${amount} on booking ${b.refIdKey}${r.provider === 'manual' ? ` (reference ${r.providerRefundId ?? ''})` : ''}.\n\nCard and bank refunds can take 5 to 10 working days to show on your statement.\n\nWanderlust Holidays`,
        },
      });
    }
    await refreshPaymentState(
      tx,
      r.bookingId,
      `refund of ${amount} processed (${r.provider}${r.providerRefundId ? ` ${r.providerRefundId}` : ''})`,
      now,
    );
    return true;
  }
  // Failed: the money is back with the shop. The ledger reverses the refund (a debit note when it
  // had a credit note), money owed back is owed again, and the refund waits in the queue.
  const why = to.failure ?? 'no reason given';
  await reverseRefund(
    tx,
    b,
    r.id,
    now,
    `refund of ${amount} failed${failedAfterSuccess ? ' after succeeding' : ''}: ${why}`,
  );
  if (p?.refundStatus === 'refunded' && (await owedOf(tx, b.id, p.id)) > 0)
    await tx.update(payments).set({ refundStatus: 'due' }).where(eq(payments.id, p.id));
  if (failedAfterSuccess && to_) {
    await enqueueMail(tx, {
      kind: 'refund',
      dedupeKey: `refund-failed:${r.id}`,
      bookingId: r.bookingId,
      message: {
        to: to_,
        subject: `Your refund of ${amount} did not go through: booking ${b.refIdKey}`,
        text: `We told you that ${amount} had been refunded on booking ${b.refIdKey}, but the refund did not reach you: ${r.provider === 'stripe' ? 'Stripe' : r.provider === 'razorpay' ? 'Razorpay' : 'the bank'} returned it to us. Nothing is lost: we will send it again and write to you when it is on its way. If your card or account has changed, call us so we can refund it another way.\n\nWanderlust Holidays`,
      },
    });
  }
  await refreshPaymentState(
    tx,
    r.bookingId,
    `refund of ${amount} failed${failedAfterSuccess ? ' after it had succeeded' : ''}: ${why}`,
    now,
  );
  const [after] = await tx.select().from(bookings).where(eq(bookings.id, r.bookingId));
  if (after)
    await recordEvent(
      tx,
      after.id,
      after.status,
      after.paymentStatus,
      `refund of ${amount} failed (${r.provider}): ${why}`,
      now,
    );
  return true;
}

/** What one payment of a booking is still owed back, from the ledger. */
async function owedOf(tx: Db, bookingId: number, paymentId: number): Promise<number> {
  return owedOnPayment(await entriesOf(tx, bookingId), paymentId);
}

/** Our refund named by a provider's refund: by its id, or by the refund id we sent in its metadata/notes. */
async function ourRefund(
  db: Db,
  provider: 'stripe' | 'razorpay',
  providerRefundId: string,
  named: unknown,
): Promise<RefundRow | undefined> {
  const [byId] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  if (byId) return byId;
  const id = Number(named);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [byOurs] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.provider, provider)))
    .limit(1);
  // Ours only while it has no provider id yet, or the same one.
  return byOurs && (!byOurs.providerRefundId || byOurs.providerRefundId === providerRefundId) ? byOurs : undefined;
}

const PROVIDER_NAME = { stripe: 'Stripe', razorpay: 'Razorpay' } as const;

/**
 * A refund the provider reports that the shop did not ask for (made in the provider's dashboard),
 * on a payment of ours: recorded on that payment as the provider says (pending, processed or
 * failed), so the booking's refunded and refundable amounts are true, the traveller is told once
 * it is processed, and the desk cannot pay the same money back a second time. Recorded once: the
 * provider's refund id is unique, so the same refund reported twice (or by two events at once)
 * is one row, and its later events settle it as they settle ours. Audited with no staff member.
 *
 * The money has gone, so it is recorded even when it takes the payment's refunds past what the
 * payment took (a desk refund still pending that the provider will fail, say): the event then says
 * so on the booking's timeline, and what the desk may refund stays at zero. No credit note: the
 * shop does not know why the money went back (a price given back, or money paid twice); staff who
 * cancel the booking get one then.
 */
async function recordOutsideRefund(
  db: Db,
  provider: 'stripe' | 'razorpay',
  r: {
    id: string;
    paymentId: string | undefined;
    amount: number;
    outcome: 'processed' | 'failed' | null;
    failure?: string;
  },
  now: Date,
): Promise<{ bookingId: number | null; outcome: string; detail: string; over?: number }> {
  const [p] = r.paymentId
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, r.paymentId)))
        .limit(1)
    : [];
  if (!p)
    return {
      bookingId: null,
      outcome: 'ignored',
      detail: `refund ${r.id} is not one of ours, nor on a payment of ours`,
    };
  if (!Number.isInteger(r.amount) || r.amount <= 0)
    return { bookingId: p.bookingId, outcome: 'mismatch', detail: `refund ${r.id} has no amount` };
  const name = PROVIDER_NAME[provider];
  const made = await db.transaction(async (tx) => {
    const [b] = await tx
      .select({ ref: bookings.refIdKey })
      .from(bookings)
      .where(eq(bookings.id, p.bookingId))
      .for('update');
    const [row] = await tx
      .insert(refunds)
      .values({
        bookingId: p.bookingId,
        paymentId: p.id,
        provider,
        amount: r.amount,
        currency: p.currency,
        status: 'pending',
        providerRefundId: r.id,
        idempotencyKey: `outside:${provider}:${r.id}`,
        reason: `Made in ${name}'s dashboard, not at the desk`,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, p.bookingId));
    await refundWithCreditNote(tx, booking!, [row], `Refund made in ${name}'s dashboard`, null, now);
    const { rows: sums } = await tx.execute<{ n: number }>(
      sql`select coalesce(sum(amount), 0)::int as n from refunds where payment_id = ${p.id} and status <> 'failed'`,
    );
    const over = Number(sums[0]?.n ?? 0) - p.amount;
    // Audited with no staff member, through the staff actions' wrapper (a savepoint of the webhook's transaction:
    // docs/decisions/0112).
    await staffAction(tx, { staffId: null, role: null, clientAddress: null }, now, ({ audit }) =>
      audit({
        action: 'refunds.outside',
        recordType: 'booking',
        recordId: b?.ref ?? null,
        after: { refundId: row.id, paymentId: p.id, provider, providerRefundId: r.id, amount: r.amount },
      }),
    );
    if (r.outcome) await settleRefundIn(tx, row.id, { outcome: r.outcome, failure: r.failure }, now);
    else
      await refreshPaymentState(
        tx,
        p.bookingId,
        `refund of ${formatMinor(r.amount, p.currency)} made in ${name}'s dashboard (${r.id}), pending`,
        now,
      );
    return { over };
  });
  if (!made) return { bookingId: p.bookingId, outcome: 'duplicate', detail: `refund ${r.id} was already recorded` };
  const detail = `refund ${r.id} was made in ${name}'s dashboard: recorded on payment ${p.id}`;
  if (made.over > 0) {
    const cur = p.currency;
    return {
      bookingId: p.bookingId,
      outcome: 'refund-outside',
      detail: `${detail}; the refunds of that payment now come to ${formatMinor(p.amount + made.over, cur)}, ${formatMinor(made.over, cur)} more than the ${formatMinor(p.amount, cur)} it took: check its pending refunds in ${name}`,
      over: made.over,
    };
  }
  return { bookingId: p.bookingId, outcome: 'refund-outside', detail };
}

export const STRIPE_REFUND_EVENTS = [
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
  'charge.refunded',
] as const;
export const isStripeRefundEvent = (type: string) => (STRIPE_REFUND_EVENTS as readonly string[]).includes(type);

/** One Stripe Refund object, from an event: moves our refund when it matches (payment and amount). */
async function applyStripeRefund(
  db: Db,
  config: Config,
  refund: Stripe.Refund,
  now: Date,
): Promise<{ bookingId: number | null; outcome: string; detail: string }> {
  const ours = await ourRefund(db, 'stripe', refund.id, refund.metadata?.refundId);
  const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!ours) {
    const failure = refund.failure_reason ? `Stripe: ${refund.failure_reason}` : undefined;
    return recordOutsideRefund(
      db,
      'stripe',
      { id: refund.id, paymentId: intent, amount: refund.amount, outcome: stripeOutcome(refund.status), failure },
      now,
    );
  }
  const [p] = await db.select().from(payments).where(eq(payments.id, ours.paymentId));
  const problems = [
    ...(intent && intent !== p?.providerPaymentId
      ? [`payment ${intent} is not ${p?.providerPaymentId ?? '(none)'}`]
      : []),
    ...(refund.amount !== ours.amount ? [`amount ${refund.amount} is not the ${ours.amount} refunded`] : []),
  ];
  if (problems.length) return { bookingId: ours.bookingId, outcome: 'mismatch', detail: problems.join('; ') };
  const outcome = stripeOutcome(refund.status);
  if (!outcome)
    return {
      bookingId: ours.bookingId,
      outcome: 'ignored',
      detail: `refund ${refund.id} is ${refund.status ?? 'without a status'}`,
    };
  const moved = await settleRefund(
    db,
    config,
    ours.id,
    {
      outcome,
      failure: refund.failure_reason ? `Stripe: ${refund.failure_reason}` : undefined,
      providerRefundId: refund.id,
    },
    now,
  );
  return {
    bookingId: ours.bookingId,
    outcome: moved ? `refund-${outcome}` : 'duplicate',
    detail: moved ? '' : `refund ${ours.id} was already ${ours.status}`,
  };
}

/**
 * Stripe's refund events, the signature already checked: `refund.updated` / `refund.failed` /
 * `charge.refund.updated` carry the Refund, `charge.refunded` the Charge with its refunds.
 */
export async function handleStripeRefundEvent(
  db: Db,
  config: Config,
  event: Stripe.Event,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  const object = event.data.object as { object?: string };
  const found: Stripe.Refund[] =
    object.object === 'refund'
      ? [object as Stripe.Refund]
      : object.object === 'charge'
        ? ((object as Stripe.Charge).refunds?.data ?? [])
        : [];
  // Claim the event id first: a replay stops here.
  const eventRow = await storeEvent(db, {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    bookingId: null,
    outcome: 'received',
    payload: event,
  });
  if (eventRow === null) return;
  const results = [];
  for (const refund of found) results.push(await applyStripeRefund(db, config, refund, now));
  const main = results.find((r) => r.outcome !== 'ignored') ??
    results[0] ?? { bookingId: null, outcome: 'ignored', detail: 'no refund in the event' };
  await db
    .update(paymentEvents)
    .set({
      bookingId: main.bookingId,
      outcome: main.outcome,
      detail: results
        .map((r) => r.detail)
        .filter(Boolean)
        .join('; '),
    })
    .where(eq(paymentEvents.id, eventRow));
  if (main.outcome === 'mismatch')
    log?.warn(
      { event: event.id, mismatch: main.detail },
      `Stripe event ${event.id} does not match its refund: ${main.detail}`,
    );
  for (const r of results)
    if ('over' in r && r.over) log?.warn({ event: event.id, over: r.over }, `Stripe event ${event.id}: ${r.detail}`);
}

/**
 * Razorpay's `refund.processed` / `refund.failed` (and `refund.created`), the signature already
 * checked: the refund entity moves ours when it matches its payment and amount. Stored once by
 * event id; a replay changes nothing.
 */
export async function handleRazorpayRefundEvent(
  db: Db,
  config: Config,
  event: RazorpayWebhookEvent,
  eventId: string,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  const type = String(event.event ?? '');
  const entity = event.payload?.refund?.entity;
  const store = (bookingId: number | null, outcome: string, detail = '') =>
    storeEvent(db, { provider: 'razorpay', eventId, type, bookingId, outcome, detail, payload: event });
  if (!entity?.id) {
    await store(null, 'ignored', 'no refund in the event');
    return;
  }
  // Claim the event id first: a replay stops here.
  const ours = await ourRefund(
    db,
    'razorpay',
    entity.id,
    Array.isArray(entity.notes) ? undefined : entity.notes?.refundId,
  );
  if (!ours) {
    // Claim the event id first here too: a replay stops at the claim.
    const claimed = await store(null, 'received');
    if (claimed === null) return;
    const outcome = type === 'refund.failed' ? 'failed' : razorpayOutcome(entity.status);
    const done = await recordOutsideRefund(
      db,
      'razorpay',
      {
        id: entity.id,
        paymentId: entity.payment_id,
        amount: Number(entity.amount),
        outcome,
        failure: outcome === 'failed' ? 'Razorpay: the refund failed' : undefined,
      },
      now,
    );
    await db
      .update(paymentEvents)
      .set({ bookingId: done.bookingId, outcome: done.outcome, detail: done.detail })
      .where(eq(paymentEvents.id, claimed));
    if (done.over) log?.warn({ event: eventId, over: done.over }, `Razorpay event ${eventId}: ${done.detail}`);
    return;
  }
  const eventRow = await store(ours.bookingId, 'received');
  if (eventRow === null) return;
  const [p] = await db.select().from(payments).where(eq(payments.id, ours.paymentId));
  const problems = [
    ...(entity.payment_id !== p?.providerPaymentId
      ? [`payment ${entity.payment_id} is not ${p?.providerPaymentId ?? '(none)'}`]
      : []),
    ...(entity.amount !== ours.amount ? [`amount ${entity.amount} is not the ${ours.amount} refunded`] : []),
  ];
  let outcome: string;
  let detail = '';
  if (problems.length) {
    outcome = 'mismatch';
    detail = problems.join('; ');
    log?.warn({ event: eventId, mismatch: problems }, `Razorpay event ${eventId} does not match its refund: ${detail}`);
  } else {
    const to = type === 'refund.failed' ? 'failed' : razorpayOutcome(entity.status);
    if (!to) outcome = 'ignored';
    else {
      const moved = await settleRefund(
        db,
        config,
        ours.id,
        {
          outcome: to,
          failure: to === 'failed' ? 'Razorpay: the refund failed' : undefined,
          providerRefundId: entity.id,
        },
        now,
      );
      outcome = moved ? `refund-${to}` : 'duplicate';
    }
  }
  await db.update(paymentEvents).set({ outcome, detail }).where(eq(paymentEvents.id, eventRow));
}

export const isRazorpayRefundEvent = (type: string) => type.startsWith('refund.');
