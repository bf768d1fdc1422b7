/*
 * One line of meaning per setting of server/config.ts's schema: `npm run env:example` writes them,
 * with each setting's default taken from the schema, into .env.example (scripts/env-example.ts).
 * A setting added to the schema without a line here fails tests/build/env-example.test.ts.
 */
export const SETTING_MEANINGS: Record<string, string> = {
  NODE_ENV: 'production, development (npm run dev sets it) or test.',
  PORT: 'Port for the shop and its API.',
  HOST: 'Address to listen on.',
  TRUST_PROXY:
    'Proxies allowed to name the client in X-Forwarded-For: their addresses and ranges (10.0.0.0/8,127.0.0.1, or loopback). Unset: no proxy, the connection counts.',
  WEB_CONCURRENCY:
    'Server processes sharing the port (node:cluster), or auto for one per core; more than one needs DATABASE_URL.',
  DATA_DIR: 'Folder of the embedded database (PGlite) and of uploaded files.',
  DATABASE_URL: 'A Postgres server (postgres://user:pass@host/db), used instead of PGlite. Unset: PGlite in DATA_DIR.',
  PUBLIC_URL: 'Public origin, for canonical links, sitemaps and mails. Unset: http://localhost:$PORT.',
  TOKEN_KEY:
    'Key of the login token cipher (at least 16 characters); required on a public address. Unset: a development key (warns).',
  SESSION_DAYS: 'How long a sign-in lasts, in days.',
  AUTH_SECRET:
    'Server-only secret (at least 32 characters) keying one-time codes, address hashes and CSRF cookies; required on a public address. Unset: a development secret (warns).',
  SMTP_URL:
    'Mail server for codes and notices (smtp://user:pass@mail:587); required on a public address. Unset: mail goes to the log.',
  SMTP_FROM: 'Sender of our mail.',
  ENQUIRY_TO: 'Where enquiries and itinerary requests are mailed. Unset: they are only stored (warns).',
  ENQUIRY_RATE_LIMIT: 'Enquiries accepted per client address per hour, all enquiry forms together.',
  GTM_ID_UAE: 'Google Tag Manager container of the UAE site (GTM-XXXXXXX). Unset: no analytics.',
  GTM_ID_IN: 'Google Tag Manager container of the India site (GTM-XXXXXXX). Unset: no analytics.',
  TWILIO_ACCOUNT_SID: 'Twilio account (AC…) sending one-time codes by text; all three TWILIO_ settings or none.',
  TWILIO_AUTH_TOKEN: 'Twilio auth token.',
  TWILIO_FROM: 'Sender of the texts: a number (+971…), an alphanumeric sender ID or a Messaging Service SID (MG…).',
  TWILIO_API_URL: 'Where Twilio’s API is reached (tests point it at a stand-in).',
  PHONE_SIGN_IN: 'off: sign-up and reset take email addresses only, and no SMS provider is needed on a public address.',
  GOOGLE_CLIENT_ID: 'OAuth client id for Google sign-in. Unset: Google sign-in hidden.',
  GOOGLE_JWKS_URL: 'Where Google’s signing keys are fetched.',
  TEMP_BOOKING_HOLD_MINUTES: 'How long a temporary booking holds its items (prices and rooms), in minutes.',
  GUEST_HOLD_MINUTES: 'How long a guest’s (not signed-in) hold lasts, in minutes.',
  HOLD_GUEST_MAX_ROOMS: 'Rooms one guest may hold at once, across their live holds.',
  HOLD_GUEST_MAX_HOLDS: 'Live holds one guest may have at once.',
  HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: 'Rooms guests may hold from one client address per hour.',
  CODES_PER_ADDRESS_HOUR:
    'Sign-up and reset codes one client address may ask for, and check, per hour (raise it for an office or campus behind one address).',
  RAZORPAY_KEY_ID: 'Razorpay API key id; with the secret it turns Razorpay on for the India site.',
  RAZORPAY_KEY_SECRET: 'Razorpay API key secret.',
  RAZORPAY_API_URL: 'Razorpay’s API (tests and staging point it at a stand-in).',
  RAZORPAY_CHECKOUT_URL: 'Razorpay’s checkout script, loaded on India’s checkout pages only.',
  RAZORPAY_WEBHOOK_SECRET:
    'Secret of the webhook POST /api/payments/razorpay/webhook (payment.captured, order.paid). Unset: warns when Razorpay is on.',
  STRIPE_SECRET_KEY: 'Stripe secret key: turns card payments (Stripe Checkout) on for the UAE site.',
  STRIPE_WEBHOOK_SECRET:
    'Signing secret of the webhook POST /api/payments/stripe/webhook; required with Stripe on a public address.',
  STRIPE_API_URL: 'Stripe’s API (tests and staging point it at a stand-in).',
  TCS_RATE_PERCENT:
    'A flat rate of tax collected at source on overseas packages (India). Unset: the dated rules of the tcs_rules table.',
  PAYMENT_WINDOW_MINUTES:
    'A gateway booking not paid this long after its last payment start is cancelled (30 to 1440 minutes).',
  PAY_LATER_DAYS: 'Pay later: days until the balance is due (at the latest three days before travel).',
  PAY_LATER_GRACE_DAYS: 'Pay later: days of grace after the due date before an unpaid booking is cancelled (0 to 14).',
  SHOP_UAE:
    'JSON overriding the UAE seller on invoices (legalName, tradeName, address, taxLabel, taxNumber, phone, email, bank).',
  SHOP_IN:
    'JSON overriding the India seller on invoices (legalName, tradeName, address, taxLabel, taxNumber, phone, email, bank).',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent.',
};

/** Read outside the schema, by the build and the server together. */
export const OTHER_SETTINGS: { name: string; default: string; meaning: string }[] = [
  {
    name: 'DIST_DIR',
    default: 'dist',
    meaning: 'Where npm run build writes the web build and the server reads it (inside the project).',
  },
];
