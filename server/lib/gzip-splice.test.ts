import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { crc32Combine, fillGzip, gzipTemplate } from './gzip-splice.ts';

describe('gzip templates', () => {
  it('fills every hole with the given text: gunzip gives the whole text back', () => {
    const parts = ['<!doctype html><html><head><script nonce="', '">boot()</script></head><body>', 'x'.repeat(100_000), '<p>ü ✈ 🌴</p></body></html>'];
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
    for (const [a, b] of [['hello ', 'world'], ['', 'x'], ['abc', ''], ['x'.repeat(70_000), 'nonce==']]) {
      expect(crc32Combine(crc32(a!), crc32(b!), Buffer.byteLength(b!))).toBe(crc32(a! + b!));
    }
  });
});
