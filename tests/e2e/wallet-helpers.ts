import { chromium, type Page } from '@playwright/test';
import { createServer, type AddressInfo, type Server } from 'node:net';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE = `http://localhost:${PORT}`;
const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The browser on the profile in `dir` (the same IndexedDB, service worker and cookies across
 * launches). Without signal, every request fails, the service worker's included (Playwright's
 * offline emulation does not reach a worker's fetches, so one could still fetch the signed-in
 * page): all traffic goes through a proxy that hangs up at once (Playwright sends even localhost
 * through a given proxy), and the page is told it is offline.
 */
export async function launch(dir: string, { signal = true } = {}) {
  const deadProxy = signal ? null : await hangUpServer();
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
    acceptDownloads: true,
    ...(deadProxy ? { proxy: { server: `http://127.0.0.1:${(deadProxy.address() as AddressInfo).port}` } } : {}),
  });
  if (deadProxy) {
    await context.setOffline(true);
    context.on('close', () => deadProxy.close());
  }
  return context;
}

function hangUpServer(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * One saved trip's row in the wallet (IndexedDB `wanderlust`, table `wallet`), as JSON without its PDFs; null: none.
 */
export const walletRow = (page: Page, ref: string) =>
  page.evaluate(
    (ref) =>
      new Promise<Record<string, unknown> | null>((resolve, reject) => {
        const open = indexedDB.open('wanderlust');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('wallet')) return resolve(null);
          const req = db.transaction('wallet').objectStore('wallet').get(ref);
          req.onsuccess = () => {
            const row = req.result as Record<string, unknown> | undefined;
            if (!row) return resolve(null);
            const { invoicePdf: _i, vouchersPdf: _v, creditNotePdf: _c, moneyDocuments: _m, ...rest } = row;
            resolve(rest);
          };
        };
      }),
    ref,
  );
