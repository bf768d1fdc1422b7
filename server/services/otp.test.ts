import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { otps } from '../db/schema.ts';
import { OtpRefused, consumeVerificationToken, issueOtp, issueVerificationToken, newCode, verifyOtp } from './otp.ts';

const SECRET = 'a-test-secret-that-is-long-enough-000';
let database: Database;
const t0 = new Date('2026-05-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

beforeAll(async () => {
  database = await openTestDatabase({ seed: false });
});
afterAll(() => database.close());

describe('one-time codes', () => {
  it('are 6 digits from the whole range', () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored only as a keyed hash', async () => {
    const { code } = await issueOtp(database.db, SECRET, 'signup', 'hash@example.com', t0);
    const rows = await database.db.select().from(otps).where(eq(otps.identifier, 'hash@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('work once, within 10 minutes', async () => {
    const { code } = await issueOtp(database.db, SECRET, 'signup', 'once@example.com', t0);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'once@example.com', code, at(60))).toBe(true);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'once@example.com', code, at(61))).toBe(false);
    const late = await issueOtp(database.db, SECRET, 'signup', 'late@example.com', t0);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'late@example.com', late.code, at(601))).toBe(false);
  });

  it('are bound to their purpose and identifier', async () => {
    const { code } = await issueOtp(database.db, SECRET, 'reset', 'bound@example.com', t0);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'bound@example.com', code, at(1))).toBe(false);
    expect(await verifyOtp(database.db, SECRET, 'reset', 'other@example.com', code, at(1))).toBe(false);
    expect(await verifyOtp(database.db, SECRET, 'reset', 'bound@example.com', code, at(2))).toBe(true);
  });

  it('die after 5 wrong tries, even for the right code afterwards', async () => {
    const { code } = await issueOtp(database.db, SECRET, 'signup', 'guess@example.com', t0);
    for (let i = 0; i < 5; i++)
      expect(await verifyOtp(database.db, SECRET, 'signup', 'guess@example.com', wrong(code), at(i + 1))).toBe(false);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'guess@example.com', code, at(10))).toBe(false);
  });

  it('count parallel guesses too: at most 5 tries ever run', async () => {
    const { code } = await issueOtp(database.db, SECRET, 'signup', 'parallel@example.com', t0);
    await Promise.all(
      Array.from({ length: 12 }, () =>
        verifyOtp(database.db, SECRET, 'signup', 'parallel@example.com', wrong(code), at(1)),
      ),
    );
    const [row] = await database.db.select().from(otps).where(eq(otps.identifier, 'parallel@example.com'));
    expect(row!.attempts).toBe(5);
  });

  it('may be sent again after 60 seconds, and the new code replaces the old one', async () => {
    const first = await issueOtp(database.db, SECRET, 'signup', 'resend@example.com', t0);
    await expect(issueOtp(database.db, SECRET, 'signup', 'resend@example.com', at(30))).rejects.toThrow(
      /Please wait 30 seconds/,
    );
    const second = await issueOtp(database.db, SECRET, 'signup', 'resend@example.com', at(60));
    if (first.code !== second.code)
      expect(await verifyOtp(database.db, SECRET, 'signup', 'resend@example.com', first.code, at(61))).toBe(false);
    expect(await verifyOtp(database.db, SECRET, 'signup', 'resend@example.com', second.code, at(62))).toBe(true);
  });

  it('stop after 5 an hour per identifier', async () => {
    for (let i = 0; i < 5; i++) await issueOtp(database.db, SECRET, 'signup', 'cap@example.com', at(i * 61));
    const refused = await issueOtp(database.db, SECRET, 'signup', 'cap@example.com', at(5 * 61)).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(OtpRefused);
    expect((refused as OtpRefused).message).toMatch(/too many codes/);
    await expect(issueOtp(database.db, SECRET, 'signup', 'cap@example.com', at(3601))).resolves.toMatchObject({
      code: expect.any(String),
    });
  });
});

describe('verification tokens', () => {
  it('are single use, bound to their purpose and expire after 30 minutes', async () => {
    const token = await issueVerificationToken(database.db, 'signup', 'vt@example.com', t0);
    expect(await consumeVerificationToken(database.db, 'reset', token, at(1))).toBeNull();
    expect(await consumeVerificationToken(database.db, 'signup', token, at(1))).toBe('vt@example.com');
    expect(await consumeVerificationToken(database.db, 'signup', token, at(2))).toBeNull();
    const late = await issueVerificationToken(database.db, 'signup', 'vt2@example.com', t0);
    expect(await consumeVerificationToken(database.db, 'signup', late, at(1801))).toBeNull();
  });
});
