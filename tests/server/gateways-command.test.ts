import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/lib/server.ts';
import { loadConfig } from '../../server/config.ts';

// `npm run gateways` (issue 33): the Stripe and Razorpay stand-ins for a local `npm start`, on a
// fixed port, printing the settings to give the shop, until Ctrl-C.

const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run gateways', () => {
  it('starts the stand-ins, prints settings the shop accepts and the stand-ins answer to, and stops on Ctrl-C', async () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts.gateways;
    expect(script).toBe('node --import tsx scripts/gateways.ts');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/gateways.ts'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAYS_PORT: String(port), SHOP_URL: 'http://127.0.0.1:9' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 30_000;
      while (!out.includes('Ctrl-C') && child.exitCode === null && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(out).toContain(`Stripe and Razorpay stand-ins on http://127.0.0.1:${port}`);
      expect(out).toContain('http://127.0.0.1:9/api/payments/stripe/webhook');
      const env = Object.fromEntries([...out.matchAll(/^([A-Z][A-Z0-9_]*)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
      expect(Object.keys(env).sort()).toEqual([
        'RAZORPAY_API_URL',
        'RAZORPAY_CHECKOUT_URL',
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'STRIPE_API_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]);
      expect(env.RAZORPAY_API_URL).toBe(`http://127.0.0.1:${port}`);
      // The shop takes them as they are, with no warning about a missing webhook secret.
      const { config, warnings } = loadConfig({ TOKEN_KEY: 'test-token-key-0123456789', ...env });
      expect(config.STRIPE_API_URL).toBe(env.STRIPE_API_URL);
      expect(warnings.join('\n')).not.toMatch(/WEBHOOK_SECRET/);

      // Razorpay: an order made with the printed keys, and the checkout script the India page loads.
      const auth = `Basic ${Buffer.from(`${env.RAZORPAY_KEY_ID}:${env.RAZORPAY_KEY_SECRET}`).toString('base64')}`;
      const order = await fetch(`${env.RAZORPAY_API_URL}/v1/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 50_000, currency: 'INR', receipt: 'try-1' }),
      });
      expect(order.status).toBe(200);
      expect(await order.json()).toMatchObject({ entity: 'order', amount: 50_000, status: 'created' });
      const wrong = await fetch(`${env.RAZORPAY_API_URL}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('rzp_live_x:nope').toString('base64')}` },
        body: '{}',
      });
      expect(wrong.status).toBe(401);
      expect(await (await fetch(env.RAZORPAY_CHECKOUT_URL!)).text()).toContain('window.Razorpay');
      // Stripe: a Checkout Session made with the printed secret key, and its page.
      const session = await fetch(`${env.STRIPE_API_URL}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'aed',
          'line_items[0][price_data][unit_amount]': '12000',
          success_url: 'http://127.0.0.1:9/done',
        }),
      });
      expect(session.status).toBe(200);
      const { url } = (await session.json()) as { url: string };
      expect(await (await fetch(url)).text()).toContain('Pay AED 120.00');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it('says so when its port is taken', async () => {
    const port = await freePort();
    const first = spawn(process.execPath, ['--import', 'tsx', 'scripts/gateways.ts'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAYS_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const firstExit = new Promise((resolve) => first.once('exit', resolve));
    try {
      await new Promise<void>((resolve) =>
        first.stdout.on('data', (d: Buffer) => d.toString().includes('Ctrl-C') && resolve()),
      );
      const second = spawn(process.execPath, ['--import', 'tsx', 'scripts/gateways.ts'], {
        cwd: ROOT,
        env: { ...process.env, GATEWAYS_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      second.stdout.on('data', (d: Buffer) => (out += d.toString()));
      second.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(out.trim()).toBe(
        `Port ${port} is already in use (another npm run gateways?): stop the other process or set GATEWAYS_PORT.`,
      );
    } finally {
      first.kill('SIGTERM');
      await firstExit;
    }
  }, 60_000);
});
