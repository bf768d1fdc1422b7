import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_ROLES, type StaffAction, type StaffRole } from '../../contract/staff.ts';
import {
  book,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Every back-office call, as the API document lists them (server/openapi.ts names the permission
 * each route's guard checks), tried by every role: the role × action matrix over the whole
 * of /api/admin, so a call added later without its guard, or with the wrong one, fails here.
 * A role without the permission gets 403 and changes nothing (no audit row, the booking and the
 * staff as they were), whatever it sends; no session and a traveller's token are 401; a change
 * without the CSRF token is 403. And a change sent with no fields says what to fill in.
 */

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  action: StaffAction | null;
}

let kit: BookingKit;
let signed: Record<StaffRole, Staffer>;
let calls: Call[];
let ref: string;
let travellerToken: string;

/** A path of the document with its parameters filled: the real booking, and ids that name nothing. */
const fill = (path: string) =>
  path
    .replace('{ref}', ref)
    .replace('{file}', '999999')
    .replace('{date}', '2030-01-01')
    .replace(/\{[a-zA-Z]*[iI]d\}/g, '999999');

async function call(c: Call, headers: Record<string, string>, body: object = {}) {
  const res = await kit.app.inject({
    method: c.method,
    url: fill(c.path),
    headers,
    ...(c.method === 'GET' ? {} : { payload: body }),
  });
  let json: { status?: string; message?: string } = {};
  try {
    json = res.json();
  } catch {
    // A PDF or CSV answer.
  }
  return { status: res.statusCode, body: json };
}
const as = (s: Staffer, csrf = true) => ({ cookie: s.cookie, ...(csrf ? { 'x-csrf-token': s.csrf } : {}) });

/** What a refused call must leave as it was. */
async function snapshot() {
  const { rows } = await kit.database.db.execute(sql`select
    (select count(*)::int from audit_log) as audit,
    (select count(*)::int from payments) as payments,
    (select count(*)::int from refunds) as refunds,
    (select count(*)::int from booking_notes) as notes,
    (select json_agg(json_build_object('status', status, 'payment', payment_status) order by id) from bookings) as bookings,
    (select json_agg(json_build_object('role', role, 'enabled', enabled) order by id) from staff) as staff,
    (select count(*)::int from packages) as packages,
    (select count(*)::int from coupons) as coupons`);
  return rows[0];
}

beforeAll(async () => {
  kit = await createBookingKit();
  signed = {} as Record<StaffRole, Staffer>;
  for (const role of STAFF_ROLES) signed[role] = await staffer(kit, role);
  const asha = await traveller(kit, 'asha');
  travellerToken = asha.token;
  const pkg = await findPackage(kit, { rooms: 10, inIndia: false });
  const booked = await book(kit, asha.token, 'UAE', {
    TempBookingId: await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]),
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({ Email: asha.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(booked.status, booked.body.message).toBe(200);
  ref = booked.body.data.RefIdKey;

  const doc = (await kit.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  calls = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const text = op.description ?? '';
      const named = text.match(/Needs the permission ([a-zA-Z.]+) /);
      if (named) calls.push({ method: method.toUpperCase() as Call['method'], path, action: named[1] as StaffAction });
      else if (/Needs a staff session/.test(text))
        calls.push({ method: method.toUpperCase() as Call['method'], path, action: null });
    }
  }
}, 180_000);
afterAll(() => kit?.close());

describe('every back-office call', { timeout: 120_000 }, () => {
  it('is in the API document with its permission, and every action of the table is checked by some call', () => {
    // The document lists the desk, the catalogue, the inbox, the reports and staff management.
    expect(calls.length).toBeGreaterThan(60);
    for (const c of calls) if (c.action) expect(PERMISSIONS.owner, `${c.method} ${c.path}`).toContain(c.action);
    const checked = new Set(calls.map((c) => c.action));
    // Actions no route's guard names are checked inside the calls: masking contact details, the
    // override of a cancellation's share (tests/api/desk.test.ts, desk-refunds.test.ts).
    const inside: StaffAction[] = [
      'travellers.contact',
      'cancellations.override',
      'payments.read',
      'creditNotes.issue',
    ];
    for (const action of PERMISSIONS.owner)
      if (!inside.includes(action)) expect(checked.has(action), action).toBe(true);
    // Only sign-out, who am I, the permission table and the dashboard (each part by role) need just a session.
    expect(
      calls
        .filter((c) => c.action === null)
        .map((c) => c.path)
        .sort(),
    ).toEqual([
      '/api/admin/dashboard',
      '/api/admin/logout',
      '/api/admin/me',
      '/api/admin/me/password',
      '/api/admin/me/sessions',
      '/api/admin/me/sessions/end-others',
      '/api/admin/permissions',
    ]);
  });

  it('no session, a traveller’s token and a traveller’s session cookie are 401, whatever the call is sent', async () => {
    // The token is live: it made the booking above.
    for (const c of calls) {
      for (const headers of [
        {},
        { authorization: `Bearer ${travellerToken}` },
        { cookie: `staff_session=${travellerToken}` },
      ] as Record<string, string>[]) {
        const res = await call(c, headers);
        expect(res.status, `${c.method} ${c.path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body).toMatchObject({ status: 'error', message: 'Please sign in to the back office.' });
      }
    }
  });

  it('a change without the CSRF token, or with another session’s, is 403 and changes nothing', async () => {
    const before = await snapshot();
    for (const c of calls.filter((x) => x.method !== 'GET')) {
      for (const headers of [
        as(signed.owner, false),
        { cookie: signed.owner.cookie, 'x-csrf-token': signed.agent.csrf },
      ]) {
        const res = await call(c, headers, {
          reason: 'x',
          amount: 100,
          method: 'cash',
          reference: 'CSRF-1',
          receivedOn: '2026-01-01',
        });
        expect(res.status, `${c.method} ${c.path}`).toBe(403);
        expect(res.body.status).toBe('error');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('role × action: each role is refused exactly the calls its permissions lack (403, nothing changed), and is let through the rest', async () => {
    // Bodies that would be valid, so a refusal cannot be the body's fault.
    const valid: Record<string, object> = {
      '/api/admin/bookings/{ref}/payments': {
        amount: 1000,
        method: 'cash',
        reference: 'MATRIX-1',
        receivedOn: '2026-01-01',
      },
      '/api/admin/bookings/{ref}/cancel': { reason: 'Matrix' },
      '/api/admin/bookings/{ref}/notes': { body: 'Matrix' },
      '/api/admin/bookings/{ref}/resend': { what: 'confirmation' },
      '/api/admin/staff': { email: 'matrix@example.com', role: 'agent' },
      '/api/admin/staff/{id}/role': { role: 'agent' },
    };
    for (const role of STAFF_ROLES) {
      const may = new Set<StaffAction | null>([null, ...PERMISSIONS[role]]);
      for (const c of calls) {
        if (c.path === '/api/admin/logout') continue;
        if (may.has(c.action)) continue;
        const before = await snapshot();
        const res = await call(c, as(signed[role]), valid[c.path] ?? {});
        expect(res.status, `${role} ${c.method} ${c.path}`).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', message: 'Your role may not do this.' });
        expect(await snapshot(), `${role} ${c.method} ${c.path}`).toEqual(before);
      }
      // What the role may do: never refused for the role (the calls name nothing, or lack fields: 404, 400, 409).
      for (const c of calls.filter((x) => x.method === 'GET')) {
        if (!may.has(c.action)) continue;
        const res = await call(c, as(signed[role]));
        expect([401, 403], `${role} ${c.method} ${c.path}: ${res.body.message}`).not.toContain(res.status);
      }
      for (const c of calls.filter((x) => x.method !== 'GET' && x.path !== '/api/admin/logout')) {
        if (!may.has(c.action)) continue;
        const res = await call(c, as(signed[role]), { nothing: true });
        expect([401, 403], `${role} ${c.method} ${c.path}: ${res.body.message}`).not.toContain(res.status);
      }
    }
    const { rows } = await kit.database.db.execute<{ status: string }>(
      sql`select status from bookings where ref_id_key = ${ref}`,
    );
    expect(rows[0]!.status).toBe('confirmed');
  });

  it('a change sent with no fields says which to fill in and how, in words a person can act on', async () => {
    for (const c of calls.filter((x) => x.method === 'POST' || x.method === 'PATCH')) {
      const res = await call(c, as(signed.owner), {});
      if (res.status !== 400) continue;
      expect(res.body.status, `${c.method} ${c.path}`).toBe('error');
      expect(res.body.message, `${c.method} ${c.path}`).not.toMatch(
        /Invalid input|expected (string|number)|received undefined/,
      );
    }
    for (const [url, body] of [
      ['/api/admin/setup', {}],
      ['/api/admin/setup/confirm', {}],
      ['/api/admin/login', {}],
    ] as const) {
      const res = await kit.app.inject({ method: 'POST', url, payload: body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).not.toMatch(/Invalid input|expected (string|number)|received undefined/);
    }
    const login = await kit.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'a@b.c' } });
    expect(login.json().message).toMatch(/^password: Enter your password./);
  });
});
