import { defineConfig } from '@playwright/test';
import { e2eGatewayPort, e2eMailPorts } from './tests/e2e/mail-ports.ts';
import { gatewayEnv } from './tests/support/gateways.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Mail from the app goes to a local SMTP server started by the global setup. */
const MAIL = e2eMailPorts();
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests run against the production build, started as `npm start` starts it, on a fresh
 * embedded database. Debian's Chromium: Playwright cannot download its own browsers here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // In CI a failed test runs once more: a timing race on a loaded 2-core box must not hold back a
  // whole landing, and the list reporter still names every test that needed it as flaky (decision 0085).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalSetup: ['./tests/e2e/mail-catcher-setup.ts', './tests/e2e/gateways-setup.ts'],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    locale: 'en-US',
    // The service worker is blocked unless a test asks for it (`test.use({ serviceWorkers: 'allow' })`, the tests
    // that go offline, restart the browser or check the worker itself): installing it precaches about 150 files,
    // some 1.4 CPU-s of Chromium per context, and a test that stays online gains nothing from it. Such a test runs as a
    // first visit does, before the worker installs (decision 0115).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Payments go to the providers' local stand-ins (the only fakes): the real gateway code runs.
    // Every browser test comes from one address: the guests' hold limit per address is for the real world.
    env: {
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: '10000',
      CODES_PER_ADDRESS_HOUR: '10000',
      SMTP_URL: `smtp://127.0.0.1:${MAIL.smtp}`,
      ...gatewayEnv(`http://127.0.0.1:${e2eGatewayPort()}`),
    },
  },
});
