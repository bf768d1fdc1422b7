import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import type { OutboxMail } from '../services/outbox.ts';
import type { Currency, Site } from '../../contract/site-rules.ts';
import { DEFAULT_CANCELLATION_POLICY, type CancellationStep } from '../../contract/cancellation.ts';

/** Sites are stored as the spec's country codes: 'UAE' or 'IN'. */
const site = () => text('site').$type<Site>().notNull();
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------- places ----------
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  iso2: text('iso2').notNull().unique(),
  dialCode: text('dial_code').notNull(),
});

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
  name: text('name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** A city travellers can pick as a holiday destination (has packages). */
    isDestination: boolean('is_destination').notNull().default(false),
    summary: text('summary').notNull().default(''),
    image: text('image'),
  },
  (t) => [index('cities_country_idx').on(t.countryId)],
);

// ---------- catalogue ----------
export const tripTypes = pgTable('trip_types', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const interests = pgTable('interests', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export interface ItineraryDay {
  day: number;
  title: string;
  description: string;
}

/** Who puts the traveller up for one stay of a package (sample partners, mail on the shop's partner domain). */
export interface StaySupplier {
  name: string;
  address: string[];
  phone: string;
  email: string;
  /** Local times, e.g. '14:00'. */
  checkIn: string;
  checkOut: string;
  notes: string[];
}

/** One stay of a package, in travel order: where (area or town), how many nights, and with whom. */
export interface PackageStay {
  place: string;
  nights: number;
  kind: 'hotel' | 'resort' | 'houseboat' | 'camp' | 'lodge';
  supplier: StaySupplier;
}

export const packages = pgTable(
  'packages',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    tripTypeId: integer('trip_type_id')
      .notNull()
      .references(() => tripTypes.id),
    nights: integer('nights').notNull(),
    days: integer('days').notNull(),
    summary: text('summary').notNull(),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    itinerary: jsonb('itinerary').$type<ItineraryDay[]>().notNull(),
    inclusions: jsonb('inclusions').$type<string[]>().notNull(),
    exclusions: jsonb('exclusions').$type<string[]>().notNull(),
    /** The package's stays in travel order (their nights add up to `nights`): the vouchers' hotels. Editable data. */
    stays: jsonb('stays').$type<PackageStay[]>().notNull().default([]),
    heroImage: text('hero_image').notNull(),
    gallery: jsonb('gallery').$type<string[]>().notNull(),
    rating: real('rating').notNull(),
    reviewCount: integer('review_count').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    /** Rooms on sale for each departure date; null: as many as travellers want (the supplier confirms). */
    roomsPerDeparture: integer('rooms_per_departure').default(10),
    /**
     * UAE VAT on this package when sold on the UAE site: 'standard' (5%, performed in the UAE),
     * 'zero' (zero-rated, performed wholly outside the UAE) or 'outside' (outside the scope).
     */
    vatTreatment: text('vat_treatment').$type<'standard' | 'zero' | 'outside'>().notNull().default('standard'),
    /** Occupancy of one room: at most this many adults, and this many people (adults, children and infants). */
    maxAdultsPerRoom: integer('max_adults_per_room').notNull().default(3),
    maxPeoplePerRoom: integer('max_people_per_room').notNull().default(4),
    /** A child is under this age on the first travel date (an infant under 2). */
    childAgeLimit: integer('child_age_limit').notNull().default(12),
    /**
     * What a cancellation keeps (contract/cancellation.ts): steps of days before travel → percent
     * of the total kept, the latest step that applies wins. Shown on the package page and at checkout.
     */
    cancellationPolicy: jsonb('cancellation_policy')
      .$type<CancellationStep[]>()
      .notNull()
      .default(DEFAULT_CANCELLATION_POLICY),
    createdAt: created(),
    /** On the shop (issue 21): an unpublished package is in no listing, search, page, sitemap, cart or hold. */
    published: boolean('published').notNull().default(true),
    /** Alt text of each picture (hero and gallery), by its path. */
    imageAlts: jsonb('image_alts').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Deposits (docs/decisions/0108): the percent of the total a traveller may pay now, the rest by the pay-later due
     * date; null: no deposit.
     */
    depositPercent: integer('deposit_percent'),
  },
  (t) => [index('packages_city_idx').on(t.cityId), index('packages_type_idx').on(t.tripTypeId)],
);

/** A package's former slugs (issue 21): the shop's old address redirects (301), the API still resolves it. */
export const packageSlugs = pgTable(
  'package_slugs',
  {
    slug: text('slug').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [index('package_slugs_package_idx').on(t.packageId)],
);

export const packageInterests = pgTable(
  'package_interests',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.interestId] })],
);

/** Prices are stored per site in that site's own currency: never converted at run time. */
export const packagePrices = pgTable(
  'package_prices',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Price per adult, in the currency's smallest unit (fils, paise: migration 0024). */
    amount: integer('amount').notNull(),
    /** Price before the current offer, when there is one, smallest unit. */
    compareAt: integer('compare_at'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.site] })],
);

// ---------- content ----------
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  bannerType: text('banner_type').notNull(),
  site: text('site').$type<Site>(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Shown from / until (null: no limit); the shop shows only live banners. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

export const missionStatements = pgTable('mission_statements', {
  id: serial('id').primaryKey(),
  pageType: text('page_type').notNull(),
  forListing: boolean('for_listing').notNull().default(false),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** The site it was written on, shown there only ('Worth every rupee' is an India traveller's). */
    site: text('site').$type<Site>().notNull().default('UAE'),
    pageType: text('page_type').notNull(),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    location: text('location').notNull().default(''),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    travelledOn: date('travelled_on'),
    createdAt: created(),
  },
  (t) => [index('reviews_page_idx').on(t.pageType), index('reviews_package_idx').on(t.packageId)],
);

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  pageName: text('page_name').notNull(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull(),
  /** Sanitised HTML. */
  body: text('body').notNull(),
  image: text('image').notNull(),
  author: text('author').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

export interface FooterLink {
  label: string;
  url: string;
}

export const footerHeadings = pgTable('footer_headings', {
  id: serial('id').primaryKey(),
  heading: text('heading').notNull(),
  links: jsonb('links').$type<FooterLink[]>().notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * One row whose version goes up whenever the catalogue or the site's content changes (triggers on
 * their tables, migration 0004), seed and operators' edits alike: every server process's caches
 * of shared answers and pages compare it (docs/decisions/0032).
 */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ---------- coupons and deals ----------
export const couponCategories = pgTable('coupon_categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  terms: jsonb('terms').$type<string[]>().notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => couponCategories.id),
  /** Page the coupon is promoted on (home, holidays, deals ...). */
  pageName: text('page_name').notNull(),
  /** null: valid on both sites. */
  site: text('site').$type<Site>(),
  discountType: text('discount_type').$type<'percent' | 'flat'>().notNull(),
  /**
   * Percent, or flat amount for the site in its own currency (flat_aed / flat_inr). Every amount of a coupon (flat,
   * cap, minimum cart) is in the currency's smallest unit (fils, paise: migration 0024).
   */
  percent: integer('percent'),
  flatAed: integer('flat_aed'),
  flatInr: integer('flat_inr'),
  maxDiscountAed: integer('max_discount_aed'),
  maxDiscountInr: integer('max_discount_inr'),
  minCartAed: integer('min_cart_aed').notNull().default(0),
  minCartInr: integer('min_cart_inr').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** A coupon issued to one traveller only (shown in their coupon list). */
  userId: integer('user_id'),
  /** Usable once per traveller account (checked against their bookings). */
  oncePerTraveller: boolean('once_per_traveller').notNull().default(false),
  /** Only on a traveller's first booking. */
  firstBookingOnly: boolean('first_booking_only').notNull().default(false),
  /** Only on packages of this trip type (honeymoon coupons); the discount is on those lines. */
  tripTypeId: integer('trip_type_id').references(() => tripTypes.id),
  /** Only on trips starting within this many days of the booking (last-minute coupons). */
  travelWithinDays: integer('travel_within_days'),
  /** Only when paying this way ('card', 'netbanking', 'upi'); re-checked when the payment starts. */
  paymentMethod: text('payment_method'),
  /** Only with this bank's cards or net banking (its name as the provider reports it, e.g. 'HDFC Bank'). */
  paymentBank: text('payment_bank'),
  /** Disabled by staff: refused at apply and at booking, whatever its dates. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * Only on these packages and on packages in these destination cities (either list; both empty:
   * any package); the discount is on those lines (docs/decisions/0105).
   */
  packageIds: integer('package_ids').array().notNull().default([]),
  cityIds: integer('city_ids').array().notNull().default([]),
});

export const dealCategories = pgTable('deal_categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
});

export const dealSubcategories = pgTable('deal_subcategories', {
  id: integer('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => dealCategories.id),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const deals = pgTable('deals', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => dealCategories.id),
  subcategoryId: integer('subcategory_id').references(() => dealSubcategories.id),
  packageId: integer('package_id').references(() => packages.id),
  discountPercent: integer('discount_percent').notNull(),
  moduleType: text('module_type').notNull().default('package'),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** Order on the deals pages (smallest first), and when the deal goes live (null: at once). */
  sort: integer('sort').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
});

// ---------- accounts ----------
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').unique(),
  phone: text('phone').unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash'),
  title: text('title'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  dob: date('dob'),
  countryId: integer('country_id'),
  stateId: integer('state_id'),
  cityId: integer('city_id'),
  imageFileId: integer('image_file_id'),
  googleSub: text('google_sub').unique(),
  personalDetails: jsonb('personal_details').$type<Record<string, string>>().notNull().default({}),
  createdAt: created(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<'signup' | 'reset'>().notNull(),
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('otps_ident_idx').on(t.purpose, t.identifier)],
);

/** Short-lived tokens handed out after an OTP is verified (sign-up, password reset). */
export const verificationTokens = pgTable('verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').$type<'signup' | 'reset'>().notNull(),
  identifier: text('identifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters shared by every instance (login attempts, enquiries, OTP sends). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

// ---------- cart, temporary bookings, idempotency ----------
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /** 'guest:<tempUserId>' or 'user:<id>' */
    owner: text('owner').notNull(),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    travelDate: date('travel_date').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    rooms: integer('rooms').notNull().default(1),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** The package's price per adult and the line's total when added, smallest unit (migration 0024). */
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    /** Client-generated id of the line, so a merge or a replay never duplicates it. */
    clientId: text('client_id'),
    createdAt: created(),
  },
  (t) => [index('cart_owner_idx').on(t.owner, t.site), uniqueIndex('cart_owner_client_idx').on(t.owner, t.clientId)],
);

export const tempBookings = pgTable(
  'temp_bookings',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Copies of the cart lines held, and their total: smallest unit (migration 0024). */
    items: jsonb('items').$type<unknown[]>().notNull(),
    total: integer('total').notNull(),
    /** held → booked (CreateBooking) or released (a newer hold of the same cart); expiry is read from holdExpiresAt. */
    status: text('status').notNull().default('held'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** Keyed hash of the client address that made the hold (per-address hold limits). */
    ipHash: text('ip_hash'),
    /** Rooms this hold keeps (the sum of its lines' rooms), for the per-guest and per-address limits. */
    rooms: integer('rooms').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('temp_owner_idx').on(t.owner), index('temp_ip_idx').on(t.ipHash, t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);

// ---------- availability ----------
/** Rooms sold for one departure (package and travel date); the row is also what holds and sales lock. */
export const departures = pgTable(
  'departures',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    travelDate: date('travel_date').notNull(),
    roomsSold: integer('rooms_sold').notNull().default(0),
    /** This date's allotment (null: the package's rooms_per_departure). */
    rooms: integer('rooms'),
    /** Closed to new holds (what is held and sold stays). */
    stopSale: boolean('stop_sale').notNull().default(false),
    /** Added by staff (offered on the package page), not only created by a sale. */
    scheduled: boolean('scheduled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.travelDate] })],
);

/** Rooms a temporary booking keeps for its lines until it expires, is released or is booked. */
export const roomHolds = pgTable(
  'room_holds',
  {
    id: serial('id').primaryKey(),
    tempBookingId: integer('temp_booking_id')
      .notNull()
      .references(() => tempBookings.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    travelDate: date('travel_date').notNull(),
    rooms: integer('rooms').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'held' | 'released' | 'sold'>().notNull().default('held'),
  },
  (t) => [
    index('room_holds_departure_idx').on(t.packageId, t.travelDate, t.status),
    index('room_holds_temp_idx').on(t.tempBookingId),
  ],
);

// ---------- bookings ----------
export interface TaxLine {
  code: 'GST' | 'CGST' | 'SGST' | 'IGST' | 'TCS' | 'VAT';
  label: string;
  /** Percent. */
  rate: number;
  /** Smallest currency unit. */
  amount: number;
  /** Already inside the prices (UAE VAT) rather than added to them. */
  included: boolean;
}

/** Amounts are integers of the currency's smallest unit (fils, paise). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    refIdKey: text('ref_id_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The temporary booking it was made from: one booking per hold. */
    tempBookingId: integer('temp_booking_id')
      .notNull()
      .unique()
      .references(() => tempBookings.id),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull().default([]),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    paymentMethod: text('payment_method').$type<'razorpay' | 'stripe' | 'pay-later'>().notNull(),
    status: text('status').$type<'awaiting-payment' | 'confirmed' | 'cancelled'>().notNull(),
    paymentStatus: text('payment_status')
      .$type<'unpaid' | 'partly-paid' | 'paid' | 'failed' | 'refund-due' | 'partly-refunded' | 'refunded'>()
      .notNull(),
    /** When and why it was cancelled (the desk, a traveller's request, an unpaid window or pay later's end). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Pay later: the date by which the balance is due. */
    paymentDueOn: date('payment_due_on'),
    /** Pay later: the last reminder mailed, in days before the due date (3, then 1). */
    lastReminderDays: integer('last_reminder_days'),
    /** When the booking was paid in full (the receipt date TCS thresholds count by). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** India: the lead traveller's state, the place of supply (its name and GST state code). */
    placeOfSupplyState: text('place_of_supply_state'),
    placeOfSupplyCode: text('place_of_supply_code'),
    /** The buyer's address (lines) for the invoice, and a business buyer's GSTIN (India) or TRN (UAE). */
    buyerAddress: jsonb('buyer_address').$type<string[]>().notNull().default([]),
    buyerGstin: text('buyer_gstin'),
    buyerTrn: text('buyer_trn'),
    /** The payment method chosen at review for a payment-method coupon ('card', 'netbanking', 'upi'). */
    payWith: text('pay_with'),
    specialRequests: text('special_requests').notNull().default(''),
    /** India: the lead traveller's PAN, kept for tax collected at source. */
    pan: text('pan'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: created(),
    /** Given in the transaction that confirms the booking, from its site's gapless series (invoice_counters). */
    invoiceNumber: text('invoice_number').unique(),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /**
     * The buyer name a numbered tax invoice was issued with, kept when the lead's name is corrected later (the desk).
     */
    invoiceBuyerName: text('invoice_buyer_name'),
    /**
     * Who cancelled it: the payment window or pay later's end (a late payment may reinstate it), or staff (never
     * reinstated).
     */
    cancelledBy: text('cancelled_by').$type<'payment-window' | 'pay-later' | 'staff'>(),
    /**
     * Deposits (docs/decisions/0108): the first payment the gateway asks (worked out by the server at booking); the
     * rest is due by payment_due_on.
     */
    depositAmount: integer('deposit_amount'),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt),
    // The bookings with money still due, by due date: the desk's overdue list and home count, the pay-later job and
    // the receivables report read only these (keptToDueDate in services/bookings/deposits.ts implies this predicate).
    index('bookings_balance_due_idx')
      .on(t.paymentDueOn)
      .where(sql`${t.amountPaid} < ${t.total} and ${t.status} in ('confirmed', 'awaiting-payment')`),
  ],
);

/** The last invoice number given on each site; its row is locked while a confirmation takes the next. */
export const invoiceCounters = pgTable('invoice_counters', {
  site: text('site').$type<Site>().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const bookingLines = pgTable(
  'booking_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    title: text('title').notNull(),
    city: text('city').notNull(),
    nights: integer('nights').notNull(),
    travelDate: date('travel_date').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    rooms: integer('rooms').notNull(),
    /** Per adult and per child, smallest unit. */
    adultPrice: integer('adult_price').notNull(),
    childPrice: integer('child_price').notNull(),
    amount: integer('amount').notNull(),
    /** Outside India: tax collected at source applies on the India site. */
    overseas: boolean('overseas').notNull(),
    /** UAE: the package's VAT treatment when booked ('standard', 'zero', 'outside'); null on the India site. */
    vatTreatment: text('vat_treatment').$type<'standard' | 'zero' | 'outside'>(),
  },
  (t) => [index('booking_lines_booking_idx').on(t.bookingId)],
);

export const bookingTravellers = pgTable(
  'booking_travellers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lead: boolean('lead').notNull().default(false),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    ageBand: text('age_band').$type<'adult' | 'child' | 'infant'>().notNull(),
    email: text('email'),
    phone: text('phone'),
    dob: date('dob'),
  },
  (t) => [index('booking_travellers_booking_idx').on(t.bookingId)],
);

/** Every change of a booking's status or payment state, with its time and cause. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    cause: text('cause').notNull(),
    createdAt: created(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId)],
);

/**
 * Money for a booking: a payment started with a gateway (the Razorpay order or Stripe Checkout
 * Session we created), or one staff recorded from outside the shop (provider 'manual': a bank
 * transfer, cash or a card terminal, with its reference and the day it was received).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'razorpay' | 'stripe' | 'manual'>().notNull(),
    /**
     * Razorpay order id, Stripe Checkout Session id, or a manual payment's reference (unique: the same reference twice
     * is refused).
     */
    providerRef: text('provider_ref').notNull(),
    /** Manual payments: 'bank-transfer' | 'cash' | 'card-terminal'. */
    method: text('method').$type<'bank-transfer' | 'cash' | 'card-terminal'>(),
    /** Manual payments: the day the money arrived, and who recorded it. */
    receivedOn: date('received_on'),
    recordedBy: integer('recorded_by').references(() => staff.id),
    /** Razorpay payment id or Stripe PaymentIntent, once paid: a proof is accepted once. */
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<'created' | 'paid' | 'failed'>().notNull().default('created'),
    /**
     * Money taken that the shop owes back (a late payment of a booking that could not be reinstated, a second payment);
     * 'refunded' once returned.
     */
    refundStatus: text('refund_status').$type<'due' | 'refunded'>(),
    checkoutUrl: text('checkout_url'),
    createdAt: created(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

/**
 * Every event a payment provider sent us (webhooks) or we found asking it, verified: what it was,
 * the booking it names and what we did with it ('applied', 'duplicate', 'mismatch', 'ignored',
 * 'reinstated', 'refund-due'), with what did not match. A replay of an event id changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<'razorpay' | 'stripe'>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull().default(''),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_booking_idx').on(t.bookingId),
  ],
);

/**
 * India's tax collected at source on overseas tour packages, as dated rules: from `effectiveFrom`
 * the rate (basis points) applies, up to `threshold` (paise, per PAN per financial year) when there
 * is one, and `rateAboveBp` above it. The rule in force on the day the money is received applies.
 */
export const tcsRules = pgTable('tcs_rules', {
  id: serial('id').primaryKey(),
  effectiveFrom: date('effective_from').notNull().unique(),
  rateBp: integer('rate_bp').notNull(),
  threshold: bigint('threshold', { mode: 'number' }),
  rateAboveBp: integer('rate_above_bp'),
  note: text('note').notNull().default(''),
});

/**
 * Who delivers a destination's services, named on the vouchers: the hotel, the transfer operator and
 * the sightseeing operator, one of each per destination city.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    kind: text('kind').$type<'hotel' | 'transfer' | 'sightseeing'>().notNull(),
    name: text('name').notNull(),
    address: jsonb('address').$type<string[]>().notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** Transfers: where the driver meets arriving travellers (the airport). */
    meetingPoint: text('meeting_point'),
    /** Hotels: local times, e.g. '14:00'. */
    checkIn: text('check_in'),
    checkOut: text('check_out'),
    /** What the traveller should know at the desk or the meeting point. */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.kind] })],
);

// ---------- files and enquiries ----------
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  /** 'user:<id>', 'booking:<id>', 'enquiry' ... */
  owner: text('owner').notNull(),
  purpose: text('purpose').notNull(),
  storedName: text('stored_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: created(),
});

/** Bytes as Node buffers (PGlite answers Uint8Array, pg a Buffer: both read through Buffer.from). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/** Uploaded files' bytes on Postgres, in chunks by key (migration 0016, server/services/file-store.ts). */
export const storedFiles = pgTable(
  'stored_files',
  { key: text('key').notNull(), seq: integer('seq').notNull(), bytes: bytea('bytes').notNull() },
  (t) => [primaryKey({ name: 'stored_files_pk', columns: [t.key, t.seq] })],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'contact' | 'home' | 'package' | 'exit' | 'itinerary'>().notNull(),
    site: site(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    fileId: integer('file_id').references(() => files.id),
    ipHash: text('ip_hash'),
    createdAt: created(),
    /** The inbox (migration 0015): new → contacted → booked | closed, who works it, the booking it led to. */
    status: text('status').$type<'new' | 'contacted' | 'booked' | 'closed'>().notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enquiries_kind_idx').on(t.kind, t.createdAt), index('enquiries_status_idx').on(t.status, t.createdAt)],
);

/** Staff's internal notes on an enquiry: never shown to the traveller. */
export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: serial('id').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('enquiry_notes_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

/**
 * Replies staff mailed to the traveller from the enquiry page (through the outbox), on its timeline
 * (docs/decisions/0101).
 */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: serial('id').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    templateId: integer('template_id'),
    createdAt: created(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

/** Saved reply templates per site; {name}, {package}, {site} are filled when one is chosen. */
export const enquiryReplyTemplates = pgTable(
  'enquiry_reply_templates',
  {
    id: serial('id').primaryKey(),
    site: site(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enquiry_reply_templates_site_name_idx').on(t.site, t.name)],
);

/**
 * A quote made from an enquiry: priced by the shop's pricing when made, booked through the shop's checkout
 * (docs/decisions/0101).
 */
export const enquiryQuotes = pgTable(
  'enquiry_quotes',
  {
    id: serial('id').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    travelDate: date('travel_date').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    rooms: integer('rooms').notNull().default(1),
    /** The price the shop worked out when the quote was made, in the smallest unit. */
    total: integer('total').notNull(),
    validUntil: date('valid_until').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('enquiry_quotes_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

// ---------- staff (the back office: docs/decisions/0050) ----------

/** People who run the shop: not travellers, with their own sign-in at /admin. */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** scrypt (server/services/passwords.ts); null until the set-up link is used. */
  passwordHash: text('password_hash'),
  /** owner | agent | accounts | catalogue (server/services/staff/permissions.ts). */
  role: text('role').notNull(),
  /** Base32 TOTP secret; set at set-up, in use once `totpConfirmedAt` is set. */
  totpSecret: text('totp_secret'),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code is accepted once, and never an older one. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: created(),
});

/** Staff sign-ins: server-side rows, the cookie holds a token whose hash is kept here. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    csrfHash: text('csrf_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The browser's User-Agent and the client's address at sign-in, shown on "My account". */
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time set-up links (valid 24 hours), kept as hashes. */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_setup_tokens_staff_idx').on(t.staffId)],
);

/** Ten recovery codes per staff member, kept as hashes; each used once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** Every admin action, append-only (a trigger refuses UPDATE and DELETE: migration 0006). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for the command line (npm run staff). */
    staffId: integer('staff_id'),
    role: text('role'),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_record_idx').on(t.recordType, t.recordId),
    index('audit_log_staff_idx').on(t.staffId),
  ],
);

// ---------- the booking desk (issue 20) ----------

/**
 * Money given back on one payment: through its gateway's refund API (Stripe `refunds.create`,
 * Razorpay's payment refund) or recorded by hand for money paid outside the shop. The sum of a
 * payment's refunds that are not 'failed' never exceeds its amount; `idempotencyKey` makes a double
 * click, a retry or two staff at once one refund. States follow the providers' webhooks.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    provider: text('provider').$type<'razorpay' | 'stripe' | 'manual'>().notNull(),
    /** Smallest currency unit. */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<'pending' | 'processed' | 'failed'>().notNull().default('pending'),
    /** Stripe re_…, Razorpay rfnd_…, or the reference of a manual refund (bank transfer back, cash). */
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    failureReason: text('failure_reason'),
    creditNoteId: integer('credit_note_id'),
    /** When the provider said it succeeded: a refund that fails after that is reversed in the ledger. */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
  ],
);

export interface CreditNoteLine {
  /** The booking line it corrects (booking_lines.position). */
  position: number;
  title: string;
  /** Smallest unit, before tax, given back on this line. */
  amount: number;
  /** The tax on that amount, reversed, by code. */
  taxes: TaxLine[];
}

/**
 * A credit note: its own gapless number series per site (credit_note_counters), naming the
 * invoice it corrects, with the refunded amounts and their tax reversed line by line.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    site: site(),
    number: text('number').notNull().unique(),
    /** The tax invoice it corrects. */
    invoiceNumber: text('invoice_number').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull().default([]),
    /** Smallest unit: everything credited, tax included. */
    total: integer('total').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => staff.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_notes_booking_idx').on(t.bookingId)],
);

/** The last credit note number given on each site; locked while a cancellation takes the next. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  site: text('site').$type<Site>().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A traveller's request to cancel, from Trips; staff approve (the desk's cancellation) or decline. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The key the traveller's device made: a request sent twice from the outbox is one request. */
    clientKey: text('client_key').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'declined'>().notNull().default('pending'),
    /** Staff's message on a decline (mailed and shown in Trips). */
    decisionMessage: text('decision_message'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('cancellation_requests_client_idx').on(t.userId, t.clientKey),
    index('cancellation_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** Staff's internal notes on a booking: never shown to the traveller. */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('booking_notes_booking_idx').on(t.bookingId)],
);

/**
 * Mail that must not be lost: written in the same transaction as the change it tells of, sent by
 * the outbox worker (server/services/outbox.ts) with retries and backoff. `dedupeKey` makes the
 * same notice queued twice one mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** 'booking-confirmed', 'receipt', 'refund', 'credit-note', 'cancelled', 'pay-later-reminder', … */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** What to send, or what to render at send time (server/services/outbox.ts). */
    payload: jsonb('payload').$type<OutboxMail>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: created(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

// ---------- the money ledger (decision 0089) ----------

/** GST (India) and VAT (UAE) rates as dated data: the rate in force on the day money moves applies. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    tax: text('tax').$type<'GST' | 'VAT'>().notNull(),
    effectiveFrom: date('effective_from').notNull(),
    rateBp: integer('rate_bp').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('tax_rates_tax_from_unique').on(t.tax, t.effectiveFrom)],
);

export type LedgerKind =
  'capture' | 'bank-transfer' | 'cash' | 'card-terminal' | 'refund' | 'refund-reversal' | 'owed-back';

/**
 * One movement of a booking's money, immutable (a trigger refuses UPDATE and DELETE: migration
 * 0017). `amount` is cash (+ in, − out) in the smallest unit: `sale` (against the price, GST or VAT
 * inside it) + `tcs` + `owed` (money the shop owes back). The tax split is worked out when the
 * entry is written, under the rules of its `taxDay`, and kept with the rates used.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    site: site(),
    currency: text('currency').$type<Currency>().notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: integer('amount').notNull(),
    sale: integer('sale').notNull().default(0),
    taxable: integer('taxable').notNull().default(0),
    zeroRated: integer('zero_rated').notNull().default(0),
    outOfScope: integer('out_of_scope').notNull().default(0),
    cgst: integer('cgst').notNull().default(0),
    sgst: integer('sgst').notNull().default(0),
    igst: integer('igst').notNull().default(0),
    gst: integer('gst').notNull().default(0),
    vat: integer('vat').notNull().default(0),
    tcs: integer('tcs').notNull().default(0),
    tcsBase: integer('tcs_base').notNull().default(0),
    owed: integer('owed').notNull().default(0),
    gstRateBp: integer('gst_rate_bp'),
    vatRateBp: integer('vat_rate_bp'),
    tcsRateBp: integer('tcs_rate_bp'),
    tcsLabel: text('tcs_label'),
    pan: text('pan'),
    paymentId: integer('payment_id').references(() => payments.id),
    refundId: integer('refund_id').references(() => refunds.id),
    reversesId: integer('reverses_id'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    staffId: integer('staff_id'),
    documentKind: text('document_kind').$type<'invoice' | 'receipt' | 'credit-note' | 'debit-note'>(),
    documentNumber: text('document_number'),
    taxDay: date('tax_day').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId, t.id),
    index('ledger_entries_day_idx').on(t.site, t.taxDay),
  ],
);

/**
 * Receipt vouchers (advances) and debit notes (a refund reversed), each numbered gaplessly per site and kind
 * (document_counters).
 */
export const moneyDocuments = pgTable(
  'money_documents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    site: site(),
    kind: text('kind').$type<'receipt' | 'debit-note'>().notNull(),
    number: text('number').notNull().unique(),
    currency: text('currency').$type<Currency>().notNull(),
    total: integer('total').notNull(),
    taxable: integer('taxable').notNull(),
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('money_documents_booking_idx').on(t.bookingId)],
);

export const documentCounters = pgTable(
  'document_counters',
  {
    site: text('site').$type<Site>().notNull(),
    kind: text('kind').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.site, t.kind], name: 'document_counters_pk' })],
);

/**
 * A supplier's confirmation of one service of a booked line: a stay of its package ('stay-1' …), its
 * transfers ('transfer') or its sightseeing ('sightseeing'), as the vouchers split it; set on the desk
 * (suppliers.confirm), who last set it and when kept here, every change in the audit log (docs/decisions/0098).
 */
export const supplierConfirmations = pgTable(
  'supplier_confirmations',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => bookingLines.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    status: text('status').$type<'requested' | 'confirmed' | 'declined'>().notNull(),
    /** The supplier's confirmation number (required once confirmed). */
    number: text('number'),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_confirmations_line_idx').on(t.lineId, t.service),
    index('supplier_confirmations_booking_idx').on(t.bookingId),
  ],
);
