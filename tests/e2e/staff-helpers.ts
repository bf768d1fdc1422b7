import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../contract/staff.ts';
import type { CLI_SECRET_HEADER as ServerCliSecretHeader } from '../../server/routes/admin.ts';
import { readCliLink } from '../../server/services/staff/cli-link.ts';

/** The port of the server the browser tests run (playwright.config.ts, tests/e2e/serve.mjs). */
export const PORT = process.env.E2E_PORT ?? '4173';
/** That server's own address: the helpers below work in any request context, with a baseURL or without. */
export const BASE_URL = `http://localhost:${PORT}`;
/** The data folder of that server: PGlite holds it, and the server keeps its link for `npm run staff` there. */
export const DATA_DIR = `data/e2e-${PORT}`;
/** Every staff member the browser tests set up has this password. */
export const STAFF_PASSWORD = 'a long staff password';

/** The authenticator's code at `at` (now, unless told) for a TOTP secret as set-up hands it out. */
export const totp = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: at });

/**
 * The code of the next 30-second step: a code is accepted once, so sign-in needs a newer one than
 * set-up's. The server accepts one step either side (a phone's clock a little ahead), so there is no
 * need to wait up to 30 s for the clock to reach it.
 */
export const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

/**
 * The header `npm run staff` sends its secret in. Its value is written here rather than imported:
 * loading server/routes/admin.ts loads most of the server (about 2 CPU-seconds in every worker).
 * The type is the server's own, so tsc fails if the two ever differ.
 */
const CLI_SECRET_HEADER: typeof ServerCliSecretHeader = 'x-staff-cli-secret';

/**
 * A new staff member's one-time set-up link, asked of the running server exactly as
 * `npm run staff -- add <email> <role>` asks it while the shop runs on PGlite (docs/decisions/0050):
 * the loopback link the server keeps in DATA_DIR, then POST /api/admin/cli/add with its secret.
 *
 * The browser tests do not run the command itself for this: it is tested in admin.spec.ts's first
 * test (the compiled command against the running shop) and in tests/api/staff.test.ts; every other
 * test asks the server the way the command does, about 2.7 CPU-seconds less each.
 */
export async function staffSetupLink(email: string, role: StaffRole): Promise<string> {
  const link = readCliLink(DATA_DIR);
  expect(link, `the running server's loopback link in ${DATA_DIR}`).toBeTruthy();
  const res = await fetch(`http://127.0.0.1:${link!.port}/api/admin/cli/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_SECRET_HEADER]: link!.secret },
    body: JSON.stringify({ email, role }),
  });
  const body = (await res.json()) as { message?: string; data: { setupUrl: string } | null };
  expect(res.status, body.message).toBe(200);
  expect(body.data?.setupUrl).toMatch(/\/admin\/setup\?token=\S+$/);
  return body.data!.setupUrl;
}

export interface SetUpStaff {
  email: string;
  /** The authenticator's secret, for `totp` and `nextCode`. */
  secret: string;
  /** When the enrolment was confirmed: that 30-second step's code is taken. */
  enrolledAt: number;
}

/**
 * A new staff member (staffSetupLink), set up through the API in `request`'s context as the set-up
 * page does it: password STAFF_PASSWORD, then the authenticator enrolment confirmed with a code.
 * Not signed in.
 */
export async function setUpStaff(request: APIRequestContext, email: string, role: StaffRole): Promise<SetUpStaff> {
  const token = new URL(await staffSetupLink(email, role)).searchParams.get('token')!;
  const setup = await request.post(`${BASE_URL}/api/admin/setup`, { data: { token, password: STAFF_PASSWORD } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { totpSecret: secret, enrolmentToken } = (await setup.json()).data as {
    totpSecret: string;
    enrolmentToken: string;
  };
  const enrolledAt = Date.now();
  const confirm = await request.post(`${BASE_URL}/api/admin/setup/confirm`, {
    data: { enrolmentToken, code: totp(secret, enrolledAt) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return { email, secret, enrolledAt };
}

export interface SignedInStaff {
  email: string;
  /** The X-CSRF-Token every change of this session sends. */
  csrf: string;
}

/**
 * A staff member added as `npm run staff` adds one (staffSetupLink), set up and signed in through
 * the API in `request`'s context: its cookie stays in that context.
 */
export async function signedInStaff(
  request: APIRequestContext,
  role: StaffRole,
  email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
): Promise<SignedInStaff> {
  const { secret, enrolledAt } = await setUpStaff(request, email, role);
  // A code is taken once: the sign-in uses the next 30-second step's.
  const login = await request.post(`${BASE_URL}/api/admin/login`, {
    data: { email, password: STAFF_PASSWORD, code: totp(secret, enrolledAt + 30_000) },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { email, csrf: (await login.json()).data.csrfToken as string };
}

/** Sets a package's deposit percent as catalogue staff do (PATCH /api/admin/packages/<id>), by its slug: its id. */
export async function setDepositPercent(
  desk: APIRequestContext,
  staff: SignedInStaff,
  slug: string,
  percent: number,
): Promise<number> {
  const list = (await (await desk.get('/api/admin/packages')).json()).data.items as { id: number; slug: string }[];
  const id = list.find((p) => p.slug === slug)!.id;
  const set = await desk.patch(`/api/admin/packages/${id}`, {
    data: { depositPercent: percent },
    headers: { 'x-csrf-token': staff.csrf },
  });
  expect(set.status(), await set.text()).toBe(200);
  return id;
}

/**
 * The back office's menu, opened: on a narrow screen it sits behind the header's Menu button
 * (docs/decisions/0104) and this opens it (following a link or Escape closes it again); on a wide
 * screen it is the sidebar, always there.
 */
export async function deskMenu(page: Page) {
  const menu = page.locator('#admin-nav');
  await expect(menu).toBeAttached();
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav).toBeVisible();
  return nav;
}
