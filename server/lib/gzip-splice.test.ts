import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { crc32Combine, crc32ShiftOperator, fillGzip, gzipTemplate } from './gzip-splice.ts';

describe('gzip templates', () => {
  it('fills every hole with the given text: gunzip gives the whole text back', () => {
    const parts = [
      '<!doctype html><html><head><script nonce="',
      '">boot()</script></head><body>',
      'x'.repeat(100_000),
      '<p>ü ✈ 🌴</p></body></html>',
    ];
    const template = gzipTemplate(parts);
    for (let i = 0; i < 20; i++) {
      const fill = randomBytes(16).toString('base64');
      expect(gunzipSync(fillGzip(template, fill)).toString('utf8')).toBe(parts.join(fill));
    }
  });

  it('compresses the fixed parts (the fill costs its own bytes only)', () => {
    const template = gzipTemplate(['a'.repeat(50_000), 'b'.repeat(50_000)]);
    expect(fillGzip(template, 'nonce').length).toBeLessThan(1000);
  });

  it('works with one part (no hole) and with empty parts', () => {
    expect(gunzipSync(fillGzip(gzipTemplate(['just text']), 'x')).toString()).toBe('just text');
    expect(gunzipSync(fillGzip(gzipTemplate(['', '', '']), 'ab')).toString()).toBe('abab');
  });

  it('combines CRCs as zlib does', () => {
    for (const [a, b] of [
      ['hello ', 'world'],
      ['', 'x'],
      ['abc', ''],
      ['x'.repeat(70_000), 'nonce=='],
    ]) {
      expect(crc32Combine(crc32(a!), crc32(b!), Buffer.byteLength(b!))).toBe(crc32(a! + b!));
    }
  });

  it('shifts a CRC by a length with an operator worked out once, as crc32Combine does', () => {
    for (const length of [0, 1, 24, 1000, 49_552]) {
      const operator = crc32ShiftOperator(length);
      for (const crc of [0, 1, 0x80000000, crc32('hello'), 0xffffffff]) {
        let shifted = 0;
        for (let i = 0, v = crc; v !== 0; i++, v >>>= 1) if (v & 1) shifted ^= operator[i]!;
        expect(shifted >>> 0).toBe(crc32Combine(crc, 0, length));
      }
    }
  });
});
