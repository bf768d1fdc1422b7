import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrCode, qrSvg } from './qr.ts';
import { siteDay } from '../../../contract/calendar.ts';

/** The modules an SVG path of `M x y h w v1 h -w z` rectangles covers. */
function modulesOf(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe('the booking reference as a QR code', () => {
  it('draws exactly the encoder’s dark modules, inside a quiet zone of four', () => {
    const text = 'WL-7K3M9-QXD2P';
    const { size, path } = qrCode(text);
    const qr = encode(text, { ecc: 'M', border: 0 });
    expect(size).toBe(qr.size + 8);
    const grid = modulesOf(path, size);
    expect(path.replace(/M\d+ \d+h(\d+)v1h-\1z/g, '')).toBe('');
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const inside = x >= 4 && y >= 4 && x < size - 4 && y < size - 4;
        expect(grid[y]![x], `${x},${y}`).toBe(inside ? qr.data[y - 4]![x - 4] : false);
      }
    }
  });

  it('is a standalone SVG on white, named for screen readers', () => {
    const svg = qrSvg('WL-7K3M9-QXD2P');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 29 29" shape-rendering="crispEdges" role="img" aria-label="QR code: WL-7K3M9-QXD2P">/,
    );
    expect(svg).toContain('<rect width="29" height="29" fill="#fff"/>');
    expect(qrSvg('<a&b>')).toContain('aria-label="QR code: &#60;a&#38;b&#62;"');
  });
});

describe('siteDay', () => {
  it('dates a document where the site is: after 20:00 UTC it is already tomorrow in Dubai, after 18:30 in India', () => {
    expect(siteDay(new Date('2026-03-01T19:59:00Z'), 'UAE')).toBe('2026-03-01');
    expect(siteDay(new Date('2026-03-01T20:00:00Z'), 'UAE')).toBe('2026-03-02');
    expect(siteDay(new Date('2026-03-01T18:29:00Z'), 'IN')).toBe('2026-03-01');
    expect(siteDay(new Date('2026-03-01T18:30:00Z'), 'IN')).toBe('2026-03-02');
  });
});
