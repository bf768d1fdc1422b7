import { expect } from 'vitest';
import { spawnServer, type ServerProcess } from './server-process.ts';

// A server killed with SIGKILL in the middle of cart writes and holds leaves no half-written rows:
// each write, its idempotency claim and its stored answer commit together or not at all. After a
// restart every change is sent again under its key and lands exactly once.

/** Rows as the checks need them (read straight from the database, after the server stopped or beside it). */
export interface Inspect {
  keys(): Promise<{ owner: string; key: string; status_code: number | null; response: unknown }[]>;
  lines(): Promise<{ id: number; owner: string; client_id: string | null }[]>;
  holds(): Promise<{ id: number; owner: string; items: { totalPrice: number }[]; total: number }[]>;
}

const GUESTS = 3;
const LINES_PER_GUEST = 12;
const HOLDS_PER_GUEST = 2;

interface Change {
  path: 'CreateCart' | 'CreateTempBooking';
  key: string;
  body: Record<string, unknown>;
}

function changes(round: number, packageIds: number[]): Change[] {
  const out: Change[] = [];
  for (let g = 0; g < GUESTS; g++) {
    const tempUserId = `guest-kill-${round}-${g}`;
    // A departure of each guest's own: a hold keeps rooms, and the seed's smallest allotment is 4.
    const travelDate = new Date(Date.now() + (60 + round * GUESTS + g) * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < LINES_PER_GUEST; i++) {
      out.push({
        path: 'CreateCart',
        key: `kill-${round}-${g}-line-${i}`,
        body: {
          tempUserId,
          packageId: packageIds[i % packageIds.length],
          travelDate,
          adults: 1 + (i % 2),
          clientId: `kill-${round}-${g}-line-${i}`,
        },
      });
      // The holds go out among the lines: each holds whatever the cart has by then.
      if (i % (LINES_PER_GUEST / HOLDS_PER_GUEST) === LINES_PER_GUEST / HOLDS_PER_GUEST - 1) {
        out.push({ path: 'CreateTempBooking', key: `kill-${round}-${g}-hold-${i}`, body: { tempUserId } });
      }
    }
  }
  return out;
}

async function send(server: ServerProcess, c: Change) {
  const res = await fetch(`${server.origin}/api/Common/${c.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', country: 'UAE', 'idempotency-key': c.key },
    body: JSON.stringify(c.body),
  });
  return { status: res.status, body: (await res.json()) as { data: { CartId?: number; TempBookingId?: number } } };
}

/** The checks that hold at any moment, crash or not. */
export async function checkNoHalfRows(inspect: Inspect, round: number) {
  const mine = (owner: string) => owner.startsWith(`guest:guest-kill-${round}-`);
  const keys = (await inspect.keys()).filter((k) => mine(k.owner));
  const lines = (await inspect.lines()).filter((l) => mine(l.owner));
  const holds = (await inspect.holds()).filter((h) => mine(h.owner));
  // A claimed key always has its answer: a claim without one would be a write cut in half.
  expect(keys.filter((k) => k.status_code === null)).toEqual([]);
  // Every line has the stored answer that names it, and every stored line answer names a line.
  const answered = new Map(
    keys
      .filter((k) => k.key.includes('-line-') && k.status_code === 200)
      .map((k) => [k.key, (k.response as { data: { CartId: number } }).data.CartId]),
  );
  for (const line of lines) expect(answered.get(line.client_id!), `line ${line.client_id}`).toBe(line.id);
  expect([...answered.values()].sort()).toEqual(lines.map((l) => l.id).sort());
  // A hold is whole: its total is the sum of the lines it holds.
  for (const hold of holds) {
    expect(hold.items.length).toBeGreaterThan(0);
    expect(hold.total).toBe(hold.items.reduce((sum, i) => sum + i.totalPrice, 0));
  }
  return { keys: keys.length, lines: lines.length, holds: holds.length };
}

/**
 * One round: start a server, send every change at once, SIGKILL it while they are on their way,
 * check the rows, start it again, send every change again, check that each landed exactly once.
 */
export async function killNineRound(
  env: Record<string, string>,
  round: number,
  inspect: { whileStopped?: Inspect; beside?: Inspect },
): Promise<{ beforeKill: number; afterKill: { keys: number; lines: number; holds: number } }> {
  // Crash safety is under test here, not the guest hold limits (tests/api/hold-limits.test.ts).
  env = {
    HOLD_GUEST_MAX_ROOMS: '1000',
    HOLD_GUEST_MAX_HOLDS: '100',
    HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: '100000',
    ...env,
  };
  let server = await spawnServer(env);
  const featured = await (await fetch(`${server.origin}/api/Common/Holiday/GetFeaturedPackages?limit=4`)).json();
  const packageIds = (featured as { data: { packages: { id: number }[] } }).data.packages.map((p) => p.id);
  const all = changes(round, packageIds);
  let answered = 0;
  const inFlight = all.map((c) =>
    send(server, c).then(
      () => answered++,
      () => undefined,
    ),
  );
  // Let some land (more each round), then pull the plug in the middle of the rest.
  const killAfter = 5 + (((round - 1) * 11) % 30);
  while (answered < killAfter) await new Promise((r) => setTimeout(r, 2));
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(inFlight);
  const beforeKill = answered;

  const look = inspect.whileStopped ?? inspect.beside!;
  const afterKill = await checkNoHalfRows(look, round);

  server = await spawnServer(env);
  try {
    // The device sends every change again, under the same keys.
    for (const c of all) {
      const res = await send(server, c);
      expect(res.status, `${c.path} ${c.key}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  } finally {
    await server.stop();
  }
  const final = await checkNoHalfRows(look, round);
  expect(final.lines).toBe(GUESTS * LINES_PER_GUEST);
  expect(final.holds).toBe(GUESTS * HOLDS_PER_GUEST);
  expect(final.keys).toBe(all.length);
  return { beforeKill, afterKill };
}
