import Dexie, { type EntityTable } from 'dexie';
import { z } from 'zod';
import { MINOR_PER_UNIT } from '../../contract/money.ts';
import { currencySchema, siteSchema } from '../../contract/site.ts';
import { DB_NAME } from './shop-db-exists.ts';

/*
 * The traveller's own data on this device. No React and no DOM in here: the page and the service
 * worker open the same database and run the same sync code. Everything read back is parsed with
 * its schema before use (a row written by an older version, or edited by hand, is dropped).
 */

/** 'guest:<guest_id>' or 'user:<user_id>': lines of one identity never show for another. */
export const ownerSchema = z.string().regex(/^(guest:[A-Za-z0-9-]{8,64}|user:\d+)$/);

export const cartLineSchema = z.object({
  /** Our id of the line; sent to the server as clientId so a replay or merge never duplicates. */
  id: z.string(),
  owner: ownerSchema,
  site: siteSchema,
  currency: currencySchema,
  packageId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  image: z.string(),
  nights: z.number().int(),
  travelDate: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  rooms: z.number().int(),
  /** The package's price per adult and the line's total, in the currency's smallest unit (version 5 on). */
  unitPrice: z.number().int(),
  totalPrice: z.number().int(),
  /** Overseas for the site (India: TCS) and the UAE VAT treatment: the taxes shown beside the price. */
  overseas: z.boolean().optional(),
  vatTreatment: z.enum(['standard', 'zero', 'outside']).optional(),
  /** The server's CartId, once it has the line. */
  cartId: z.number().int().nullable(),
  /** pending: waiting to sync; removing: removal waiting to sync (hidden); failed: the server refused. */
  state: z.enum(['pending', 'synced', 'removing', 'failed']),
  error: z.string().optional(),
  createdAt: z.number(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const outboxKindSchema = z.enum([
  'cart.add',
  'cart.remove',
  'tempBooking.create',
  'enquiry.submit',
  'cancellation.request',
]);
export type OutboxKind = z.infer<typeof outboxKindSchema>;

export const outboxEntrySchema = z.object({
  seq: z.number().int().optional(),
  /** Client-generated; sent as the Idempotency-Key. */
  id: z.string(),
  kind: outboxKindSchema,
  owner: ownerSchema,
  site: siteSchema,
  /** The cart line or temporary booking this change is about. */
  ref: z.string(),
  /** For enquiry.submit and cancellation.request: the /api/Common path to POST the params to. */
  path: z
    .string()
    .regex(/^[A-Za-z/]+$/)
    .optional(),
  /** The call's parameters, identification (tempUserId or Token) included. */
  params: z.record(z.string(), z.unknown()),
  state: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.number(),
  error: z.string().optional(),
  createdAt: z.number(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const localTempBookingSchema = z.object({
  id: z.string(),
  owner: ownerSchema,
  site: siteSchema,
  currency: currencySchema,
  state: z.enum(['pending', 'held', 'expired', 'failed']),
  serverId: z.number().int().nullable(),
  holdExpiresAt: z.string().nullable(),
  /** Smallest unit (version 5 on). */
  total: z.number().int(),
  itemCount: z.number().int(),
  /**
   * What the hold holds: linesSignature (src/features/cart/cart-figures.ts) of the cart's lines when
   * it was asked for (package, date, party, rooms), so the cart's banner speaks of this cart's hold
   * only. Absent on holds kept before it was written; not indexed, so no new version of the database.
   */
  signature: z.string().optional(),
  error: z.string().optional(),
  createdAt: z.number(),
});
export type LocalTempBooking = z.infer<typeof localTempBookingSchema>;

/**
 * A booking kept for offline use (the trip wallet): its detail, invoice and vouchers as JSON and
 * their PDFs as Blobs. Typed loosely here (the service worker opens this database too and needs
 * none of it); src/features/trips/wallet.ts parses rows with their schemas when read back.
 */
export interface WalletRow {
  ref: string;
  userId: string;
  savedAt: number;
  [field: string]: unknown;
}

/**
 * What the traveller typed at checkout, per hold, kept until the booking is made or the hold ends.
 * Typed loosely here as the wallet is; src/features/checkout/checkout-draft.ts parses it when read back.
 */
export interface CheckoutDraftRow {
  id: string;
  owner: string;
  site: string;
  holdId: number;
  [field: string]: unknown;
}

export type ShopDb = Dexie & {
  cartLines: EntityTable<CartLine, 'id'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  tempBookings: EntityTable<LocalTempBooking, 'id'>;
  wallet: EntityTable<WalletRow, 'ref'>;
  checkoutDrafts: EntityTable<CheckoutDraftRow, 'id'>;
};

export { DB_NAME };

// Dexie switches on its debug mode (async stack tagging through console.createTask, long stacks)
// whenever the page's URL is localhost: where the production build runs under `npm start`, the
// browser tests and the benchmarks. It cost a tenth of the page's work in a 200-change sync
// (decision 0012); travellers on the real site never have it, so neither does any build here.
Dexie.debug = false;

export function openShopDb(name = DB_NAME): ShopDb {
  const db = new Dexie(name) as ShopDb;
  db.version(1).stores({
    cartLines: 'id, [owner+site], cartId',
    outbox: '++seq, &id, state, ref',
    tempBookings: 'id, [owner+site]',
    swrCache: 'key, savedAt',
  });
  // Offline copies of content moved to their own small database (src/lib/content-store.ts).
  db.version(2).stores({ swrCache: null });
  // The trip wallet: bookings, invoices and vouchers kept for the hotel desk and the airport.
  db.version(3).stores({ wallet: 'ref, userId' });
  // Checkout drafts: the travellers form per hold, on the device until the booking (decision 0099).
  // A new table only: every other table and its rows stay as version 3 left them.
  db.version(4).stores({ checkoutDrafts: 'id, [owner+site]' });
  // Every amount in the smallest unit (decision 0116): the cart lines' prices and the holds' totals were kept in whole
  // units by earlier releases. Dexie runs this once, when a device opens the database at version 5.
  db.version(5)
    .stores({})
    .upgrade(async (tx) => {
      const asMinor = (amount: unknown) => (typeof amount === 'number' ? amount * MINOR_PER_UNIT : amount);
      await tx
        .table('cartLines')
        .toCollection()
        .modify((line: Record<string, unknown>) => {
          line.unitPrice = asMinor(line.unitPrice);
          line.totalPrice = asMinor(line.totalPrice);
        });
      await tx
        .table('tempBookings')
        .toCollection()
        .modify((hold: Record<string, unknown>) => {
          hold.total = asMinor(hold.total);
        });
    });
  return db;
}

let shared: ShopDb | null = null;
/** The one database of this page or worker. */
export function shopDb(): ShopDb {
  return (shared ??= openShopDb());
}

/** Parses rows read back, dropping any that do not fit the schema. */
export function parseRows<T>(schema: z.ZodType<T>, rows: unknown[]): T[] {
  return rows.flatMap((r) => {
    const parsed = schema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}
