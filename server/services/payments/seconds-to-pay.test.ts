import { describe, expect, it } from 'vitest';
import { secondsToPay } from './steps.ts';

describe('secondsToPay', () => {
  const at = (iso: string) => ({ createdAt: new Date(iso) });
  const now = Date.parse('2026-11-24T10:30:00Z');

  it('counts the window from the later of the booking and its payment’s start, less a minute', () => {
    expect(secondsToPay(at('2026-11-24T10:00:00Z'), at('2026-11-24T10:00:00Z'), 60, now)).toBe(29 * 60);
    expect(secondsToPay(at('2026-11-24T10:00:00Z'), at('2026-11-24T10:20:00Z'), 60, now)).toBe(49 * 60);
  });

  it('is below zero in the window’s last minute, and after it', () => {
    expect(secondsToPay(at('2026-11-24T09:30:30Z'), at('2026-11-24T09:30:30Z'), 60, now)).toBe(-30);
    expect(secondsToPay(at('2026-11-24T09:00:00Z'), at('2026-11-24T09:00:00Z'), 60, now)).toBe(-1860);
  });
});
