import { expect, test, type Page, type Route } from '@playwright/test';
import { mulberry32 } from '../../scripts/seeded-random.ts';
import { ownServer } from './own-server.ts';
import { pacing } from './waits.ts';

// The offline cart under faults, Jepsen-style: two tabs of one traveller make 1,000 cart changes
// (adds and removes, through the app's own cart code) while the network flaps, the server answers
// 500 (before doing the work, and after it, so the answer is lost), and the server is killed (-9)
// and stopped (SIGTERM) and started again. At the end the server must hold exactly the lines the
// traveller kept: every kept add once, every removed line gone, nothing else.

const port = Number(process.env.E2E_PORT ?? 4173) + 101;
const OPERATIONS = 1000;
/** Lines kept at once: well under the cart's 20, as removes may reach the server after later adds. */
const MAX_KEPT = 10;
/** Changes made at once in one tab. */
const BATCH = 10;
const SEED = Number(process.env.FAULTS_SEED ?? Date.now() % 100_000);

const server = ownServer(port, `data/e2e-faults-${port}`);
const origin = server.origin;

// The worker's background sync is not part of this run: every request is the page's own, routed below.
test.use({ serviceWorkers: 'block' });

test('1,000 cart changes in two tabs, with the network flapping, 500s and restarts: the server ends with exactly what was kept', async ({
  context,
}) => {
  test.setTimeout(300_000);
  const rand = mulberry32(SEED);
  console.log(`sync under faults: seed ${SEED} (FAULTS_SEED=${SEED} replays it)`);
  const featured = await (await fetch(`${origin}/api/Common/Holiday/GetFeaturedPackages?limit=12`)).json();
  // Three packages whose rooms take 3 adults (honeymoon rooms take two: CreateCart would refuse).
  const packages = (featured.data.packages as { tripType: { slug: string } }[])
    .filter((p) => p.tripType.slug !== 'honeymoon')
    .slice(0, 3) as unknown[];

  // Faults on the way to the server: 500 before the work (the server never sees it) or after it
  // (the server did the work, the answer is lost).
  const counts = { adds: 0, removes: 0, failBefore: 0, failAfter: 0, passed: 0, flaps: 0, kills: 0, stops: 0 };
  let faulty = true;
  const fault = async (route: Route) => {
    const roll = rand();
    if (faulty && roll < 0.1) {
      counts.failBefore++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Injected fault.', data: null }),
      });
    }
    if (faulty && roll < 0.2) {
      try {
        await route.fetch();
      } catch {
        // The server was down: the same as no answer.
      }
      counts.failAfter++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Injected fault after the work.', data: null }),
      });
    }
    counts.passed++;
    return route.continue().catch(() => undefined);
  };
  await context.route(/\/api\/Common\/(CreateCart|RemoveCart)$/, fault);

  // Two tabs of one traveller (one guest id, one IndexedDB).
  const tabs: Page[] = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto(`${origin}/cart`);
    await tab.waitForFunction(() => document.cookie.includes('guest_id='));
  }
  const guest = (await context.cookies(origin)).find((c) => c.name === 'guest_id')!.value;
  // The app's own cart operations: the module the add-to-cart form loads.
  for (const tab of tabs) {
    await tab.evaluate(async () => {
      const data = JSON.parse(document.getElementById('__APP_DATA__')!.textContent!) as {
        assets: { cartCode: string[] };
      };
      (window as unknown as { cart: unknown }).cart = await import(/* @vite-ignore */ data.assets.cartCode[0]!);
    });
  }

  // Faults over time while the changes are made.
  let making = true;
  const faults = (async () => {
    let tick = 0;
    while (making) {
      tick++;
      await new Promise((r) => setTimeout(r, 700 + rand() * 800));
      if (!making) break;
      if (tick % 9 === 3) {
        counts.kills++;
        await server.stop('SIGKILL');
        await new Promise((r) => setTimeout(r, 300));
        await server.start();
      } else if (tick % 9 === 7) {
        counts.stops++;
        await server.stop('SIGTERM');
        await server.start();
      } else if (rand() < 0.5) {
        counts.flaps++;
        await context.setOffline(true);
        await new Promise((r) => setTimeout(r, 300 + rand() * 900));
        await context.setOffline(false);
      }
    }
  })();

  // The traveller's changes, in batches on alternating tabs; `kept` is what they keep (with the
  // batch that added each). Removals mostly pick lines added a while ago, which have had time to
  // reach the server (a line removed before its add is sent costs the server nothing).
  const kept = new Map<string, number>();
  const travelDate = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  for (let done = 0, round = 0; done < OPERATIONS; round++) {
    const tab = tabs[round % 2]!;
    const batch: ({ op: 'add'; pkg: number; adults: number } | { op: 'remove'; id: string })[] = [];
    const local = new Map(kept);
    let adding = 0;
    for (let i = 0; i < BATCH && done + batch.length < OPERATIONS; i++) {
      if (local.size + adding < MAX_KEPT && (local.size + adding < 3 || rand() < 0.55)) {
        batch.push({ op: 'add', pkg: Math.floor(rand() * packages.length), adults: 1 + Math.floor(rand() * 3) });
        adding++;
      } else {
        const all = [...local.keys()];
        if (all.length === 0) break;
        const older = all.filter((id) => local.get(id)! < round - 2);
        const pool = older.length && rand() < 0.8 ? older : all;
        const id = pool[Math.floor(rand() * pool.length)]!;
        batch.push({ op: 'remove', id });
        local.delete(id);
      }
    }
    const results = await tab.evaluate(
      async ({ batch, guest, packages, travelDate }) => {
        const cart = (
          window as unknown as {
            cart: {
              shopDb(): unknown;
              addToCart(...a: unknown[]): Promise<{ id: string }>;
              removeFromCart(...a: unknown[]): Promise<void>;
              requestSync(): Promise<unknown>;
            };
          }
        ).cart;
        const db = cart.shopDb();
        const who = { owner: `guest:${guest}`, id: { tempUserId: guest } };
        const out: string[] = [];
        for (const change of batch) {
          if (change.op === 'add') {
            const line = await cart.addToCart(db, who, 'UAE', packages[change.pkg], {
              travelDate,
              adults: change.adults,
              children: 0,
              infants: 0,
              rooms: 1,
            });
            out.push(line.id);
          } else {
            await cart.removeFromCart(db, who, change.id);
            out.push(change.id);
          }
        }
        void cart.requestSync();
        return out;
      },
      { batch, guest, packages, travelDate },
    );
    batch.forEach((change, i) => {
      if (change.op === 'add') {
        counts.adds++;
        kept.set(results[i]!, round);
      } else {
        counts.removes++;
        kept.delete(results[i]!);
      }
    });
    done += batch.length;
    // A moment between batches: the sync sends some of them, and the faults fall across the whole run.
    await pacing(tab, 100 + rand() * 100, "a traveller's pause between taps, seeded, so faults land mid-run");
  }
  making = false;
  await faults;

  // The faults end: the network is back, the server is up, answers pass.
  faulty = false;
  if (!server.running) await server.start();
  await context.setOffline(false);
  const settled = async () =>
    tabs[0]!.evaluate(async () => {
      const cart = (
        window as unknown as {
          cart: {
            shopDb(): {
              outbox: { count(): Promise<number> };
              cartLines: { toArray(): Promise<{ id: string; state: string; error?: string }[]> };
            };
            requestSync(): Promise<unknown>;
          };
        }
      ).cart;
      const db = cart.shopDb();
      void cart.requestSync();
      const lines = await db.cartLines.toArray();
      return {
        outbox: await db.outbox.count(),
        unsynced: lines.filter((l) => l.state !== 'synced').map((l) => `${l.state}${l.error ? `: ${l.error}` : ''}`),
      };
    });
  await expect.poll(settled, { timeout: 150_000, intervals: [1000] }).toEqual({ outbox: 0, unsynced: [] });

  // The set check, against the server itself.
  const res = await fetch(`${origin}/api/Common/GetCart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', country: 'UAE' },
    body: JSON.stringify({ tempUserId: guest }),
  });
  const onServer = ((await res.json()).data as { data: { clientId: string }[] }[]).flatMap((g) =>
    g.data.map((l) => l.clientId),
  );
  const duplicates = onServer.filter((id, i) => onServer.indexOf(id) !== i);
  const lost = [...kept.keys()].filter((id) => !onServer.includes(id));
  const extra = onServer.filter((id) => !kept.has(id));
  const onDevice = await tabs[1]!.evaluate(async () =>
    (
      (await (window as unknown as { cart: { shopDb(): { cartLines: { toArray(): Promise<{ id: string }[]> } } } }).cart
        .shopDb()
        .cartLines.toArray()) as { id: string }[]
    ).map((l) => l.id),
  );
  console.log(
    `sync under faults: ${counts.adds + counts.removes} changes (${counts.adds} adds, ${counts.removes} removes) in 2 tabs; ` +
      `${counts.failBefore} answered 500 before the work, ${counts.failAfter} after it, ${counts.passed} passed; ` +
      `${counts.flaps} network drops, ${counts.kills} kill -9, ${counts.stops} SIGTERM; ` +
      `kept ${kept.size}, on the server ${onServer.length} (${duplicates.length} twice, ${lost.length} missing, ${extra.length} extra), on the device ${onDevice.length}`,
  );
  expect(counts.adds + counts.removes).toBeGreaterThanOrEqual(OPERATIONS);
  expect(counts.failBefore + counts.failAfter).toBeGreaterThan(0);
  expect(counts.kills + counts.stops).toBeGreaterThan(0);
  expect(duplicates).toEqual([]);
  expect(lost).toEqual([]);
  expect(extra).toEqual([]);
  expect(onDevice.sort()).toEqual([...kept.keys()].sort());
});
