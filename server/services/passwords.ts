import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DomainError } from '../lib/errors.ts';

/*
 * Hashing takes turns (docs/decisions/0092). Node's scrypt runs on libuv's thread pool (4 threads),
 * which also compresses every answer (@fastify/compress) and reads files. Unlimited, a burst of
 * sign-ins filled all four threads with 50 ms hashes, and every gzip of a package page waited behind
 * them: browsing stalled for seconds while people signed in. So at most HASH_LANES hashes run at once
 * (half the cores, at least one), the rest wait their turn in order, and when the wait would pass
 * MAX_WAITING turns the sign-in is refused at once with a Retry-After, rather than left hanging.
 */
export const HASH_LANES = Math.max(1, Math.floor(availableParallelism() / 2));
const MAX_WAITING = 64;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_LANES) {
    if (waiting.length >= MAX_WAITING)
      throw new DomainError(
        'unavailable',
        'Many people are signing in right now: please try again in a few seconds.',
        null,
        3,
      );
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The lane passes straight to the next in line (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

/** `scrypt$N$r$p$salt$hash` (base64), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so a missing account cannot be told from a wrong password.
    await scrypt(password, randomBytes(16), KEYLEN, { N, r: R, p: P });
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
