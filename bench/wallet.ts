import { chromium, type Page } from '@playwright/test';
import { CHROME_PATH } from './lib/chromium.ts';
import type { MailCatcher } from '../tests/support/mail-catcher.ts';
import type { Benchmark } from './lib/types.ts';

/*
 * The trip wallet: a traveller with 20 bookings paid by card saves them on the phone (My trips), then
 * with the network off and a 4x slower CPU taps "Voucher" on each: the time from the tap to the
 * voucher's reference on screen, and how much room the 20 bookings take on the device.
 */

const BOOKINGS = 20;
export const PASSWORD = 'bench wallet 2026';
const SLUG = 'goa-beach-break-3-nights';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A call of the shop's API as the app makes it (UAE site, bearer token): its `data`, or an error with its message. */
export async function api(origin: string, method: 'GET' | 'POST', path: string, body?: object, token?: string) {
  const res = await fetch(`${origin}/api/Common/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      country: 'UAE',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: string; message: string; data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** Signs a traveller up as a person does (the code comes by mail), sets the password and logs in: the bearer token. */
export async function signUp(origin: string, mail: MailCatcher, email: string, password: string): Promise<string> {
  const since = mail.mails.length;
  await api(origin, 'GET', `ValidateSignUp?EmailIdOrPhone=${encodeURIComponent(email)}`);
  const code = mail.codeOf(await mail.waitFor(email, { since }));
  const verified = await api(origin, 'GET', `ValidateOTP?OTP=${code}&EmailIdOrPhone=${encodeURIComponent(email)}`);
  await api(origin, 'POST', 'SavePassword', { Token: verified.token, Password: password, ConfirmPassword: password });
  return (await api(origin, 'POST', 'Login', { EmailorPhone: email, Password: password })).tokan as string;
}

/** Tap the trip's Voucher link and time until its reference shows (in the page, on its clock). */
export function tapToVoucher(page: Page, ref: string): Promise<number> {
  return page.evaluate(async (reference) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('.trip-card')]
      .find((c) => c.textContent?.includes(reference))!
      .querySelector<HTMLAnchorElement>('a[href$="/voucher"]')!;
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the voucher of ${reference} did not show within 10 s`)), 10_000);
      // No named helpers in here: the page runs this function's text as it is.
      const observer = new MutationObserver(() => {
        if (document.querySelector('.trip-ref-big')?.textContent !== reference || !document.querySelector('.voucher'))
          return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      link.click();
    });
    return performance.now() - t0;
  }, ref);
}

/**
 * A traveller signs up (the code comes by mail) and books `count` times, paying by card on the Stripe
 * stand-in's page (vouchers come only once a booking is paid): their email (password PASSWORD) and refs.
 */
export async function travellerWithPaidBookings(
  origin: string,
  mail: MailCatcher,
  count: number,
  label = 'wallet-bench',
) {
  const email = `${label}-${Date.now()}@example.com`;
  const token = await signUp(origin, mail, email, PASSWORD);
  const packageId = ((await api(origin, 'GET', `Holiday/GetPackageDetail?slug=${SLUG}`)) as { id: number }).id;
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const travelDate = new Date(Date.now() + (60 + i) * 86_400_000).toISOString().slice(0, 10);
    await api(origin, 'POST', 'CreateCart', { packageId, travelDate, adults: 2, rooms: 1 }, token);
    const hold = await api(origin, 'POST', 'CreateTempBooking', {}, token);
    const booked = await api(
      origin,
      'POST',
      'CreateBooking',
      {
        TempBookingId: hold.TempBookingId,
        PaymentMethod: 'stripe',
        LeadTraveller: {
          Title: 'Ms',
          FirstName: 'Wallet',
          LastName: 'Bench',
          Email: 'wallet.bench@example.com',
          Phone: '+971501234567',
          DOB: '1990-01-01',
        },
        Travellers: [{ FirstName: 'Second', LastName: 'Bench', AgeBand: 'adult' }],
      },
      token,
    );
    const paid = await fetch((booked.Next as { url: string }).url, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`The Stripe stand-in did not take the payment (${paid.status}).`);
    refs.push(booked.RefIdKey as string);
  }
  return { email, refs };
}

export const walletBench: Benchmark = {
  name: 'wallet',
  description: `trip wallet: ${BOOKINGS} bookings saved on the device; offline tap-to-voucher (4x CPU) and the wallet's size`,
  async run({ origin, mail, log }) {
    const { email, refs } = await travellerWithPaidBookings(origin, mail, BOOKINGS);
    log(`${refs.length} bookings made`);

    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-background-networking'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${origin}/login?callbackUrl=%2Ftrips`);
      await page.waitForSelector('html[data-interactive]');
      await page.getByLabel('Email or mobile number').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/trips$/);
      // My trips saves every booking (detail, voucher, invoice, both PDFs) on the device.
      const started = Date.now();
      await page.waitForFunction((n) => document.querySelectorAll('.trip-card .saved-copy').length >= n, BOOKINGS, {
        timeout: 180_000,
      });
      const saveMs = Date.now() - started;
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      const size = await page.evaluate(
        () =>
          new Promise<{ json: number; pdf: number; rows: number }>((resolve, reject) => {
            const open = indexedDB.open('wanderlust');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const req = open.result.transaction('wallet').objectStore('wallet').getAll();
              req.onsuccess = () => {
                let json = 0;
                let pdf = 0;
                for (const row of req.result as Record<string, unknown>[]) {
                  const { invoicePdf, vouchersPdf, ...rest } = row;
                  json += new TextEncoder().encode(JSON.stringify(rest)).length;
                  pdf += ((invoicePdf as Blob | null)?.size ?? 0) + ((vouchersPdf as Blob | null)?.size ?? 0);
                }
                resolve({ json, pdf, rows: req.result.length });
              };
            };
          }),
      );
      const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

      // Offline, on a slow phone's CPU: tap each trip's Voucher, from My trips.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await context.setOffline(true);
      const times: number[] = [];
      for (const ref of refs) {
        await page.goto(`${origin}/trips`);
        await page.waitForFunction(
          (r) => [...document.querySelectorAll('.trip-card')].some((c) => c.textContent?.includes(r)),
          ref,
        );
        times.push(await tapToVoucher(page, ref));
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      log(
        `tap-to-voucher offline over ${times.length} taps: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; wallet ${kb(size.json + size.pdf)} for ${size.rows} bookings`,
      );
      return {
        rows: [
          { measure: 'offline tap → voucher shown (4x CPU)', p50: `${p50.toFixed(0)} ms`, p95: `${p95.toFixed(0)} ms` },
          {
            measure: `wallet for ${size.rows} bookings`,
            p50: kb(size.json + size.pdf),
            p95: `JSON ${kb(size.json)}, PDFs ${kb(size.pdf)}`,
          },
          { measure: 'origin storage in use (estimate)', p50: kb(usage), p95: '' },
          { measure: `saving ${size.rows} bookings after sign-in`, p50: `${(saveMs / 1000).toFixed(1)} s`, p95: '' },
        ],
        details: { times, size, usage, saveMs },
      };
    } finally {
      await browser.close();
    }
  },
};
