import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';

const PORT = process.env.E2E_PORT ?? '4173';
const DATA_DIR = `data/e2e-${PORT}`;
const PASSWORD = 'a long staff password';
const totp = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: at });

export interface SignedInStaff {
  email: string;
  /** The X-CSRF-Token every change of this session sends. */
  csrf: string;
}

/**
 * A staff member added by `npm run staff` (the running server answers over loopback), set up and
 * signed in through the API in `request`'s context: its cookie stays in that context.
 */
export async function signedInStaff(
  request: APIRequestContext,
  role: 'owner' | 'agent' | 'accounts' | 'catalogue',
): Promise<SignedInStaff> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'add', email, role],
    {
      env: { ...process.env, DATA_DIR, PORT, DATABASE_URL: '' },
    },
  );
  const link = stdout.match(/\S*\/admin\/setup\?token=\S+/)?.[0];
  expect(link, stdout).toBeTruthy();
  const token = new URL(link!).searchParams.get('token')!;
  const setup = await request.post('/api/admin/setup', { data: { token, password: PASSWORD } });
  expect(setup.status()).toBe(200);
  const { totpSecret: secret, enrolmentToken } = (await setup.json()).data as {
    totpSecret: string;
    enrolmentToken: string;
  };
  const at = Date.now();
  expect(
    (await request.post('/api/admin/setup/confirm', { data: { enrolmentToken, code: totp(secret, at) } })).status(),
  ).toBe(200);
  // A code is taken once: the sign-in uses the next 30-second step's.
  const login = await request.post('/api/admin/login', {
    data: { email, password: PASSWORD, code: totp(secret, at + 30_000) },
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
