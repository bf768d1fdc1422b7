import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, cartItems, files, payments, tempBookings, users } from '../../server/db/schema.ts';
import { call, createAccountKit, freshIp, signUp, type AccountKit } from '../support/account-kit.ts';
import { postOrUpdateUserPersonalDetails, updateProfile, updateProfileImage } from '../../contract/account-calls.ts';
import { createCart } from '../../contract/cart-calls.ts';

// The ownership matrix: two guests and two signed-in travellers. Everything that belongs to A (cart
// lines, temporary bookings, profile, personal details, photo, the files sent with enquiries) is
// tried by B with A's ids, and with B's own token or guest id; every attempt is refused (or speaks
// for B only) and A's data is unchanged afterwards. Each row of MATRIX is one attempt: add rows
// as calls that touch an owner's data land.

type Answer = Awaited<ReturnType<typeof call>>;

interface Traveller {
  guest: string;
  token: string;
  userId: number;
  email: string;
  /** A's (or B's) own things, made in beforeAll. */
  guestLine: number;
  userLine: number;
  guestHold: number;
  userHold: number;
  photo: string;
}

interface World {
  a: Traveller;
  b: Traveller;
  /** A's pay-later booking, with a passport copy uploaded to it. */
  booking: { id: number; ref: string; fileId: number };
  /** Stored name of a file sent with A's contact enquiry. */
  enquiryFile: string;
  packageId: number;
  travelDate: string;
}

interface Row {
  /** What B tries, in words. */
  what: string;
  attempt(w: World): Promise<Answer>;
  /** Default: refused with one of these statuses. */
  refused?: number[];
  /** Instead of a refusal: the answer B gets must speak for B only. */
  check?(answer: Answer, w: World): void;
}

const asGuest = (t: Traveller) => ({ tempUserId: t.guest });
const bearer = (t: Traveller) => ({ token: t.token, ip: freshIp() });
const lineIds = (answer: Answer) =>
  (answer.body.data as { data: { CartId: number }[] }[]).flatMap((g) => g.data.map((l) => l.CartId));

const MATRIX: Row[] = [
  // ---------- cart ----------
  {
    what: "RemoveCart of A's guest line, as guest B",
    attempt: (w) => call(kit.app, 'POST', 'RemoveCart', { CartId: w.a.guestLine, ...asGuest(w.b) }),
    refused: [404],
  },
  {
    what: "RemoveCart of A's line, as signed-in B",
    attempt: (w) => call(kit.app, 'POST', 'RemoveCart', { CartId: w.a.userLine }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "RemoveCart of signed-in A's line, as guest B",
    attempt: (w) => call(kit.app, 'POST', 'RemoveCart', { CartId: w.a.userLine, ...asGuest(w.b) }),
    refused: [404],
  },
  {
    what: "RemoveCart of A's guest line, with B's token and A's guest id (the token decides)",
    attempt: (w) => call(kit.app, 'POST', 'RemoveCart', { CartId: w.a.guestLine, ...asGuest(w.a) }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetCart with B's token and A's guest id: B's cart only",
    attempt: (w) => call(kit.app, 'POST', 'GetCart', asGuest(w.a), bearer(w.b)),
    check: (answer, w) => {
      expect(answer.status).toBe(200);
      expect(lineIds(answer)).toEqual([w.b.userLine]);
    },
  },
  {
    what: "CreateCart under A's Idempotency-Key, as B: B's own line, not A's stored answer",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'CreateCart',
        { packageId: w.packageId, travelDate: w.travelDate, adults: 3, ...asGuest(w.b) },
        { headers: { 'idempotency-key': 'owner-a-key-0001' } },
      ),
    check: (answer, w) => {
      expect(answer.status).toBe(200);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      const line = createCart.data.parse(answer.body.data);
      expect(line.CartId).not.toBe(w.a.guestLine);
      expect(line.adults).toBe(3);
    },
  },
  // ---------- temporary bookings ----------
  {
    what: "GetTempBooking of A's guest hold, as guest B",
    attempt: (w) => call(kit.app, 'POST', 'GetTempBooking', { TempBookingId: w.a.guestHold, ...asGuest(w.b) }),
    refused: [404],
  },
  {
    what: "GetTempBooking of A's hold, as signed-in B",
    attempt: (w) => call(kit.app, 'POST', 'GetTempBooking', { TempBookingId: w.a.userHold }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetTempBooking without an id, as B: B's holds only",
    attempt: (w) => call(kit.app, 'POST', 'GetTempBooking', {}, bearer(w.b)),
    check: (answer, w) =>
      expect((answer.body.data as { TempBookingId: number }[]).map((h) => h.TempBookingId)).toEqual([w.b.userHold]),
  },
  {
    what: "CreateTempBooking holding A's cart line, as guest B",
    attempt: (w) => call(kit.app, 'POST', 'CreateTempBooking', { CartIds: w.a.guestLine, ...asGuest(w.b) }),
    refused: [404],
  },
  {
    what: "CreateTempBooking holding A's cart line, as signed-in B",
    attempt: (w) => call(kit.app, 'POST', 'CreateTempBooking', { CartIds: [w.a.userLine] }, bearer(w.b)),
    refused: [404],
  },
  // ---------- profile and personal details ----------
  {
    what: "GetUserPersonalDetails of A, with B's token",
    attempt: (w) => call(kit.app, 'GET', 'GetUserPersonalDetails', { userId: w.a.userId }, bearer(w.b)),
    refused: [403],
  },
  {
    what: "GetUserPersonalDetails of A, with B's token in the Authorization header and A's as the Token parameter",
    attempt: (w) =>
      call(kit.app, 'GET', 'GetUserPersonalDetails', { userId: w.a.userId, Token: w.a.token }, bearer(w.b)),
    refused: [403],
  },
  {
    what: "PostOrUpdateUserPersonalDetails naming A's userId, with B's token: changes B only",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'PostOrUpdateUserPersonalDetails',
        { userId: w.a.userId, nationality: 'Changed', address: 'Changed by B' },
        bearer(w.b),
      ),
    check: (answer, w) => expect(postOrUpdateUserPersonalDetails.data.parse(answer.body.data).userId).toBe(w.b.userId),
  },
  {
    what: "UpdateProfile naming A's userId, with B's token: changes B only",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'UpdateProfile',
        {
          userId: w.a.userId,
          Title: 'Dr',
          FirstName: 'Mallory',
          LastName: 'B',
          DOB: '1980-02-02',
          CountryId: 101,
          CityId: indianCity,
        },
        bearer(w.b),
      ),
    check: (answer, w) => expect(updateProfile.data.parse(answer.body.data).userId).toBe(w.b.userId),
  },
  {
    what: "GetProfileDetail naming A's userId, with B's token: B's profile",
    attempt: (w) => call(kit.app, 'GET', 'GetProfileDetail', { userId: w.a.userId }, bearer(w.b)),
    check: (answer, w) => expect(answer.body.data).toMatchObject({ userId: w.b.userId, email: w.b.email }),
  },
  {
    what: "ChangePassword with B's token and A's password",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'ChangePassword',
        { OldPassword: 'owner a pass 1', NewPassword: 'taken over 1', ConfirmNewPassword: 'taken over 1' },
        bearer(w.b),
      ),
    refused: [400],
  },
  // ---------- coupons of a traveller ----------
  {
    what: "GetApplicableCoupons with A's userId and B's token",
    attempt: (w) => call(kit.app, 'GET', 'GetApplicableCoupons', { cartTotal: 5000, userId: w.a.userId }, bearer(w.b)),
    refused: [403],
  },
  {
    what: "Coupon/GetCouponList with A's userId and B's token",
    attempt: (w) => call(kit.app, 'POST', 'Coupon/GetCouponList', { userId: w.a.userId }, bearer(w.b)),
    refused: [403],
  },
  // ---------- files ----------
  {
    what: "a file sent with A's enquiry, fetched by its stored name through the photo address",
    attempt: async (w) => {
      const res = await kit.app.inject({ method: 'GET', url: `/api/Common/ProfileImage/${w.enquiryFile}` });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    refused: [404],
  },
  {
    what: "UpdateProfileImage with B's token: replaces B's photo only",
    attempt: (w) => uploadPhoto(w.b.token),
    check: (answer) => expect(answer.status).toBe(200),
  },
  // ---------- bookings, booking uploads, invoices and vouchers ----------
  {
    what: "BookingsList with A's userid and B's token",
    attempt: (w) => call(kit.app, 'GET', 'BookingsList', { userid: w.a.userId }, bearer(w.b)),
    refused: [403],
  },
  {
    what: "BookingsList with B's own userid: B's bookings only",
    attempt: (w) => call(kit.app, 'GET', 'BookingsList', { userid: w.b.userId }, bearer(w.b)),
    check: (answer) => expect(answer.body.data).toEqual([]),
  },
  {
    what: "BookingDetailById of A's RefIdKey, as B",
    attempt: (w) => call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: w.booking.ref }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "BookingDetailById of A's RefIdKey, as a guest",
    attempt: (w) => call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: w.booking.ref }),
    refused: [401],
  },
  {
    what: "GetBookingQuote of A's hold, as B",
    attempt: (w) => call(kit.app, 'POST', 'GetBookingQuote', { TempBookingId: w.a.userHold }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetApplicableCoupons read against A's hold, as B",
    attempt: (w) =>
      call(kit.app, 'GET', 'GetApplicableCoupons', { cartTotal: 5000, TempBookingId: w.a.userHold }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "CreateBooking of A's hold, as B",
    attempt: async (w) => {
      const res = await kit.app.inject({
        method: 'POST',
        url: '/api/Common/CreateBooking',
        headers: { country: 'UAE', authorization: `Bearer ${w.b.token}` },
        payload: {
          TempBookingId: w.a.userHold,
          PaymentMethod: 'pay-later',
          LeadTraveller: LEAD,
          Travellers: [{ FirstName: 'Mallory', LastName: 'B', AgeBand: 'adult' }],
        },
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    refused: [404],
  },
  {
    what: "StartBookingPayment of A's booking, as B",
    attempt: (w) => call(kit.app, 'POST', 'StartBookingPayment', { BookingId: w.booking.id }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "VerifyPaymentSignatureAsync for A's booking, as B",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'VerifyPaymentSignatureAsync',
        {
          BookingId: w.booking.id,
          razorpay_order_id: 'order_x',
          razorpay_payment_id: 'pay_x',
          razorpay_signature: 'f'.repeat(64),
        },
        bearer(w.b),
      ),
    refused: [404],
  },
  {
    what: "VerifyStripePaymentAsync for A's booking, as B",
    attempt: (w) =>
      call(
        kit.app,
        'POST',
        'VerifyStripePaymentAsync',
        { BookingId: w.booking.id, sessionId: 'cs_test_x' },
        bearer(w.b),
      ),
    refused: [404],
  },
  {
    what: "CreateBooking_UploadImages to A's booking, with B's token",
    attempt: (w) => uploadToBooking(w.b.token, w.booking.id),
    refused: [404],
  },
  {
    what: "GetBookingDocument of A's passport copy, with B's token",
    attempt: (w) =>
      call(kit.app, 'GET', 'GetBookingDocument', { BookingId: w.booking.id, FileId: w.booking.fileId }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetBookingDocument of A's passport copy, naming B's own booking",
    attempt: (w) =>
      call(kit.app, 'GET', 'GetBookingDocument', { BookingId: 1_000_000, FileId: w.booking.fileId }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetInvoiceDetails of A's booking, as B",
    attempt: (w) => call(kit.app, 'GET', 'GetInvoiceDetails', { BookingId: w.booking.id }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetInvoiceDetails of A's booking as a PDF, as B",
    attempt: (w) => call(kit.app, 'GET', 'GetInvoiceDetails', { BookingId: w.booking.id, format: 'pdf' }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GenerateAllVoucher of A's booking, as B",
    attempt: (w) => call(kit.app, 'GET', 'GenerateAllVoucher', { BookingId: w.booking.id }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GenerateAllVoucher of A's booking as a PDF, as B",
    attempt: (w) => call(kit.app, 'GET', 'GenerateAllVoucher', { BookingId: w.booking.id, format: 'pdf' }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetMoneyDocument of A's booking, as B",
    attempt: (w) => call(kit.app, 'GET', 'GetMoneyDocument', { BookingId: w.booking.id }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetMoneyDocument of A's booking as a PDF, as B",
    attempt: (w) => call(kit.app, 'GET', 'GetMoneyDocument', { BookingId: w.booking.id, format: 'pdf' }, bearer(w.b)),
    refused: [404],
  },
  {
    what: "GetMoneyDocuments of A's booking, as B",
    attempt: (w) => call(kit.app, 'GET', 'GetMoneyDocuments', { BookingId: w.booking.id }, bearer(w.b)),
    refused: [404],
  },
];

const LEAD = {
  Title: 'Ms',
  FirstName: 'Owner',
  LastName: 'Alpha',
  Email: 'owner-a@example.com',
  Phone: '+971501234567',
  DOB: '1990-01-01',
};

let kit: AccountKit;
let world: World;
let indianCity: number;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 1)]);

async function uploadPhoto(token: string): Promise<Answer> {
  const boundary = '----owner-photo';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/UpdateProfileImage',
    payload,
    headers: {
      country: 'UAE',
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function uploadToBooking(token: string, bookingId: number): Promise<Answer> {
  const boundary = '----owner-booking';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="BookingId"\r\n\r\n${bookingId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="passport.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/CreateBooking_UploadImages',
    payload,
    headers: {
      country: 'UAE',
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A pay-later booking of one new cart line of A's (the rest of A's cart stays), with a passport copy. */
async function bookFor(a: Traveller): Promise<World['booking']> {
  const line = await call(
    kit.app,
    'POST',
    'CreateCart',
    { packageId: world.packageId, travelDate: world.travelDate, adults: 1 },
    { token: a.token },
  );
  const hold = await call(kit.app, 'POST', 'CreateTempBooking', { CartIds: line.body.data.CartId }, { token: a.token });
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/CreateBooking',
    headers: { country: 'UAE', authorization: `Bearer ${a.token}` },
    payload: {
      TempBookingId: hold.body.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: LEAD,
      Travellers: [],
    },
  });
  expect(res.json().status).toBe('Success');
  const { BookingId: id, RefIdKey: ref } = res.json().data as { BookingId: number; RefIdKey: string };
  const uploaded = await uploadToBooking(a.token, id);
  expect(uploaded.status).toBe(200);
  return { id, ref, fileId: (uploaded.body.data as { documents: { id: number }[] }).documents[0]!.id };
}

async function traveller(name: string, password: string): Promise<Traveller> {
  const email = `${name}@example.com`;
  const { token, userId } = await signUp(kit, email, password);
  const guest = `guest-${name}-0001`;
  const add = async (owner: object, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    (
      await call(
        kit.app,
        'POST',
        'CreateCart',
        { packageId: world.packageId, travelDate: world.travelDate, adults: 2, ...owner },
        opts,
      )
    ).body.data.CartId as number;
  const guestLine = await add(asGuest({ guest } as Traveller), { headers: { 'idempotency-key': `${name}-key-0001` } });
  const userLine = await add({}, { token });
  const guestHold = (await call(kit.app, 'POST', 'CreateTempBooking', { tempUserId: guest })).body.data
    .TempBookingId as number;
  const userHold = (await call(kit.app, 'POST', 'CreateTempBooking', {}, { token })).body.data.TempBookingId as number;
  await call(
    kit.app,
    'POST',
    'PostOrUpdateUserPersonalDetails',
    { nationality: 'Emirati', passportNumber: `P${userId}2345678` },
    { token },
  );
  await call(
    kit.app,
    'POST',
    'UpdateProfile',
    {
      Title: 'Ms',
      FirstName: name.replace(/\W/g, ''),
      LastName: 'Owner',
      DOB: '1990-01-01',
      CountryId: 101,
      CityId: indianCity,
    },
    { token },
  );
  const photo = updateProfileImage.data.parse((await uploadPhoto(token)).body.data).imageUrl;
  return { guest, token, userId, email, guestLine, userLine, guestHold, userHold, photo };
}

/** Everything of A's, as stored. */
async function snapshot(a: Traveller) {
  const db = kit.database.db;
  const owners = [`guest:${a.guest}`, `user:${a.userId}`];
  return JSON.stringify({
    lines: await db.select().from(cartItems).where(inArray(cartItems.owner, owners)).orderBy(cartItems.id),
    holds: await db.select().from(tempBookings).where(inArray(tempBookings.owner, owners)).orderBy(tempBookings.id),
    user: await db.select().from(users).where(eq(users.id, a.userId)),
    files: await db
      .select()
      .from(files)
      .where(
        or(
          eq(files.owner, `user:${a.userId}`),
          eq(files.owner, 'enquiry'),
          eq(files.owner, `booking:${world.booking.id}`),
        ),
      )
      .orderBy(files.id),
    bookings: await db.select().from(bookings).where(eq(bookings.userId, a.userId)).orderBy(bookings.id),
    payments: await db.select().from(payments).where(eq(payments.bookingId, world.booking.id)).orderBy(payments.id),
    events: await db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, world.booking.id))
      .orderBy(bookingEvents.id),
  });
}

beforeAll(async () => {
  kit = await createAccountKit();
  const featured = await call(kit.app, 'GET', 'Holiday/GetFeaturedPackages', { limit: 24 });
  // A package whose rooms take three adults (honeymoon rooms take two).
  featured.body.data.packages = featured.body.data.packages.filter(
    (p: { tripType: { slug: string } }) => p.tripType.slug !== 'honeymoon',
  );
  const cities = await call(kit.app, 'GET', 'GetCitiesByCountryId', { countryId: 101 });
  indianCity = (cities.body.data as { id: number; stateId: number | null }[]).find((c) => c.stateId !== null)!.id;
  world = {
    packageId: featured.body.data.packages[0]!.id,
    travelDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  } as World;
  world.a = await traveller('owner-a', 'owner a pass 1');
  world.b = await traveller('owner-b', 'owner b pass 1');
  world.booking = await bookFor(world.a);
  // A contact enquiry with a file (a PDF), as A.
  const boundary = '----owner-enquiry';
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)]);
  const fields = {
    FirstName: 'Owner',
    LastName: 'A',
    Email: 'owner-a@example.com',
    PhoneNumber: '+971501234567',
    EnquiryType: 'Holiday package',
    Message: 'See the file.',
  };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const sent = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/SubmitContactUs',
    payload,
    headers: { country: 'UAE', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(sent.statusCode).toBe(200);
  const [file] = await kit.database.db.select().from(files).where(eq(files.owner, 'enquiry'));
  world.enquiryFile = file!.storedName;
}, 60_000);
afterAll(() => kit.close());

describe('the ownership matrix', () => {
  it('A and B each have their own things to protect', () => {
    expect(new Set([world.a.guestLine, world.a.userLine, world.b.guestLine, world.b.userLine]).size).toBe(4);
    expect(world.a.photo).not.toBe(world.b.photo);
  });

  for (const row of MATRIX) {
    it(`${row.what}: refused, and A's data unchanged`, async () => {
      const before = await snapshot(world.a);
      const answer = await row.attempt(world);
      if (row.check) row.check(answer, world);
      else {
        expect(row.refused ?? [401, 403, 404], `${answer.status} ${JSON.stringify(answer.body)}`).toContain(
          answer.status,
        );
        expect(answer.body.status).toBe('error');
      }
      expect(await snapshot(world.a)).toBe(before);
    });
  }

  it('A can still do everything with A’s own things afterwards', async () => {
    const cart = await call(kit.app, 'POST', 'GetCart', {}, { token: world.a.token });
    expect(lineIds(cart)).toEqual([world.a.userLine]);
    const details = await call(
      kit.app,
      'GET',
      'GetUserPersonalDetails',
      { userId: world.a.userId },
      { token: world.a.token },
    );
    expect(details.body.data.nationality).toBe('Emirati');
    const login = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: world.a.email, Password: 'owner a pass 1' },
      { ip: freshIp() },
    );
    expect(login.status).toBe(200);
    expect((await call(kit.app, 'POST', 'RemoveCart', { CartId: world.a.guestLine, ...asGuest(world.a) })).status).toBe(
      200,
    );
  });
});
