import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { StaffRole } from '../../contract/staff.ts';
import { testConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { inviteStaff } from '../../server/services/staff/staff.ts';
import type { Answer, DeskData } from './answers.ts';

/*
 * Staff for the desk's API tests: a member of each role enrolled through the real set-up calls
 * (password, TOTP) and signed in, with the cookie and CSRF token every admin call needs.
 */

interface Injectable {
  app: {
    inject: (opts: object) => Promise<{
      statusCode: number;
      json: () => unknown;
      headers: Record<string, unknown>;
      body: string;
      rawPayload: Buffer;
    }>;
  };
  database: { db: Db };
}

/** A back-office answer; `T` is the `data` the contract declares for the call (see answers.ts). */
export type AdminAnswer<T = unknown> = Answer<T>;

export interface Staffer {
  id: number;
  email: string;
  role: StaffRole;
  cookie: string;
  csrf: string;
}

let n = 0;
let ip = 0;
const freshIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const totp = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: at });

/** Invites, sets up (password and authenticator) and signs in a staff member of `role`. */
export async function staffer(kit: Injectable, role: StaffRole, now = () => new Date()): Promise<Staffer> {
  const email = `desk${++n}-${role}-${Date.now()}@example.com`;
  const invite = await inviteStaff(
    kit.database.db,
    testConfig(),
    { staffId: null, role: null, clientAddress: 'test' },
    email,
    role,
    now(),
  );
  const token = new URL(invite.url).searchParams.get('token')!;
  const password = 'a long staff password';
  const post = async <const Path extends string>(path: Path, payload: object) => {
    const res = await kit.app.inject({ method: 'POST', url: `/api/admin/${path}`, payload, remoteAddress: freshIp() });
    return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<'POST', Path>>, headers: res.headers };
  };
  const setup = await post('setup', { token, password });
  expect(setup.status, setup.body.message).toBe(200);
  const secret = setup.body.data.totpSecret;
  // Set-up and sign-in each take a code once: the sign-in uses the next 30-second step.
  const at = now().getTime();
  const confirm = await post('setup/confirm', {
    enrolmentToken: setup.body.data.enrolmentToken,
    code: totp(secret, at),
  });
  expect(confirm.status, confirm.body.message).toBe(200);
  const login = await post('login', { email, password, code: totp(secret, at + 30_000) });
  expect(login.status, login.body.message).toBe(200);
  return {
    id: invite.member.id,
    email,
    role,
    cookie: String(login.headers['set-cookie']).split(';')[0]!,
    csrf: login.body.data.csrfToken,
  };
}

/**
 * An admin call as `who` (no one: no cookie). GET passes `body` as the query string. Its answer is typed by the
 * contract's declaration of `method path` (`bookings/${ref}` is `bookings/:ref`).
 */
export async function admin<
  const Method extends 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  const Path extends string,
>(
  kit: Injectable,
  who: Staffer | null,
  method: Method,
  path: Path,
  body?: object,
  headers: Record<string, string> = {},
) {
  const url = `/api/admin/${path.replace(/^\//, '')}`;
  const res = await kit.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: body as Record<string, string> | undefined } : { payload: body ?? {} }),
    remoteAddress: '10.66.0.1',
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(who && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
      ...headers,
    },
  });
  let json: AdminAnswer<DeskData<Method, Path>>;
  try {
    json = res.json() as AdminAnswer<DeskData<Method, Path>>;
  } catch {
    // Not JSON (a CSV, a PDF): the test reads `raw`.
    json = { status: 'raw', message: '', data: null as DeskData<Method, Path> };
  }
  return { status: res.statusCode, body: json, raw: res.rawPayload, headers: res.headers };
}
