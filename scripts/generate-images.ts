// Generates the shop's illustrations (places, banners, blog, deals) as WebP, plus logo/favicon SVGs and PWA icon PNGs.
// Every picture is a flat travel-poster SVG drawn in code, rasterised with sharp; a seeded PRNG keeps re-runs
// byte-identical.
// Run from the repo root: node --import tsx scripts/generate-images.ts   (optional: ONLY=dubai,banner to render a
// subset)
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import sharp from 'sharp';
import { mulberry32, type Rng } from './seeded-random.ts';

/* ------------------------------------------------------------------ *
 * Deterministic randomness and small numeric helpers
 * ------------------------------------------------------------------ */

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function rnd(r: Rng, min: number, max: number): number {
  return min + (max - min) * r();
}

function pick<T>(r: Rng, items: readonly T[]): T {
  const item = items[Math.floor(r() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/** Format a coordinate with at most one decimal to keep the SVG small. */
function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/* ------------------------------------------------------------------ *
 * Colour helpers
 * ------------------------------------------------------------------ */

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear blend of two colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/* ------------------------------------------------------------------ *
 * Palettes (time of day) — scenes derive every colour from these
 * ------------------------------------------------------------------ */

interface Palette {
  /** Sky gradient: zenith, middle, horizon. */
  sky: [string, string, string];
  sun: string;
  /** Foreground silhouette colour; distant layers are blended towards sky[2]. */
  land: string;
  water: [string, string];
  green: string;
  sand: string;
  snow: string;
  /** Colour for white-washed buildings. */
  white: string;
  accent: string;
  cloud: string;
  night: boolean;
  /** Vertical position of the sun/moon as a fraction of the horizon height (0 = top). */
  sunY: number;
}

type Mood = 'day' | 'golden' | 'sunset' | 'dusk' | 'night' | 'dawn' | 'tropic';

const MOODS: Record<Mood, Palette> = {
  day: {
    sky: ['#3d9ad6', '#86c6ea', '#dff1f5'],
    sun: '#fff6cf',
    land: '#1e4a5a',
    water: ['#3fa4c9', '#14607f'],
    green: '#3f8f5a',
    sand: '#f3dcae',
    snow: '#f7fbff',
    white: '#fbfaf6',
    accent: '#f97316',
    cloud: '#ffffff',
    night: false,
    sunY: 0.28,
  },
  tropic: {
    sky: ['#1f9bd1', '#6fd0ea', '#e8fbf8'],
    sun: '#fffbe0',
    land: '#0f5a5a',
    water: ['#3fd6d0', '#0b7fa6'],
    green: '#2f9a5e',
    sand: '#fbe7bf',
    snow: '#ffffff',
    white: '#ffffff',
    accent: '#f97316',
    cloud: '#ffffff',
    night: false,
    sunY: 0.22,
  },
  golden: {
    sky: ['#f08a4b', '#f9c27a', '#fde7bd'],
    sun: '#fff3cf',
    land: '#5a2a2a',
    water: ['#f2b179', '#8c4a4f'],
    green: '#7a7a3a',
    sand: '#f6c987',
    snow: '#fff1dc',
    white: '#fff0dc',
    accent: '#c2410c',
    cloud: '#fff1d6',
    night: false,
    sunY: 0.62,
  },
  sunset: {
    sky: ['#35285f', '#c1457a', '#f9a55b'],
    sun: '#ffe08a',
    land: '#2a1838',
    water: ['#e7906a', '#4a2a5c'],
    green: '#4a2f55',
    sand: '#e9a27a',
    snow: '#ffd6c2',
    white: '#ffd9c4',
    accent: '#ffb347',
    cloud: '#ff9a8a',
    night: false,
    sunY: 0.72,
  },
  dusk: {
    sky: ['#17234d', '#5b4f93', '#f08f7e'],
    sun: '#ffd7a8',
    land: '#161a36',
    water: ['#9b6f9b', '#1f2650'],
    green: '#2e335e',
    sand: '#b98a97',
    snow: '#e8dcf2',
    white: '#efe3f3',
    accent: '#ffb86b',
    cloud: '#c58aa8',
    night: false,
    sunY: 0.86,
  },
  night: {
    sky: ['#070f2b', '#142a5c', '#34508f'],
    sun: '#f4f1dc',
    land: '#070b1f',
    water: ['#1f3a73', '#060d26'],
    green: '#13244a',
    sand: '#3b4a78',
    snow: '#c9d6f2',
    white: '#d7def2',
    accent: '#ffc857',
    cloud: '#3a4f86',
    night: true,
    sunY: 0.25,
  },
  dawn: {
    sky: ['#7fa6d8', '#f2b8c6', '#fde2c4'],
    sun: '#fff2d8',
    land: '#3d3f66',
    water: ['#e9b8c4', '#5f7fb0'],
    green: '#5f8f78',
    sand: '#f2d2b6',
    snow: '#ffffff',
    white: '#fff6f0',
    accent: '#f97316',
    cloud: '#fff0f0',
    night: false,
    sunY: 0.6,
  },
};

function palette(mood: Mood, over: Partial<Palette> = {}): Palette {
  return { ...MOODS[mood], ...over };
}

/* ------------------------------------------------------------------ *
 * Scene: an SVG under construction plus its random stream and palette
 * ------------------------------------------------------------------ */

interface Scene {
  w: number;
  h: number;
  r: Rng;
  p: Palette;
  /** y of the horizon / water line. */
  horizon: number;
  sunX: number;
  sunY: number;
  sunR: number;
  defs: string[];
  out: string[];
  uid: number;
}

type Pt = [number, number];

function makeScene(w: number, h: number, seed: string, p: Palette, horizonFrac = 0.62): Scene {
  const r = mulberry32(hashString(seed));
  const horizon = h * horizonFrac;
  const sunR = h * rnd(r, 0.07, 0.1);
  return {
    w,
    h,
    r,
    p,
    horizon,
    sunX: w * rnd(r, 0.55, 0.8),
    sunY: horizon * p.sunY,
    sunR,
    defs: [],
    out: [],
    uid: 0,
  };
}

function add(s: Scene, markup: string): void {
  s.out.push(markup);
}

function nextId(s: Scene, prefix: string): string {
  s.uid += 1;
  return `${prefix}${s.uid}`;
}

/** Vertical (default) or arbitrary linear gradient; returns a fill reference. */
function lin(s: Scene, stops: Array<[number, string, number?]>, x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = nextId(s, 'g');
  const st = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  s.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${st}</linearGradient>`);
  return `url(#${id})`;
}

function radial(s: Scene, stops: Array<[number, string, number?]>): string {
  const id = nextId(s, 'r');
  const st = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  s.defs.push(`<radialGradient id="${id}">${st}</radialGradient>`);
  return `url(#${id})`;
}

function render(s: Scene): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s.w}" height="${s.h}" viewBox="0 0 ${s.w} ${s.h}">` +
    `<defs>${s.defs.join('')}</defs>${s.out.join('')}</svg>`
  );
}

/** Atmospheric perspective: t = 0 is the foreground colour, t = 1 the horizon haze. */
function haze(s: Scene, t: number, base?: string): string {
  return mix(base ?? s.p.land, s.p.sky[2], t);
}

function poly(points: Pt[]): string {
  return `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
}

/** Smooth open curve through points (Catmull-Rom converted to cubic Béziers). */
function smoothLine(points: Pt[]): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** Points along a gently rolling line between x0 and x1. */
function rolling(s: Scene, baseY: number, amp: number, n: number, x0 = -40, x1 = s.w + 40): Pt[] {
  const pts: Pt[] = [];
  const ph1 = rnd(s.r, 0, Math.PI * 2);
  const ph2 = rnd(s.r, 0, Math.PI * 2);
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const x = x0 + (x1 - x0) * t;
    const y =
      baseY -
      amp *
        (0.55 * Math.sin(t * Math.PI * 2 * 1.3 + ph1) +
          0.35 * Math.sin(t * Math.PI * 2 * 2.7 + ph2) +
          0.1 * rnd(s.r, -1, 1));
    pts.push([x, y]);
  }
  return pts;
}

/** Filled hill layer down to the bottom of the image. */
function hills(s: Scene, baseY: number, amp: number, fill: string, n = 8): Pt[] {
  const pts = rolling(s, baseY, amp, n);
  add(s, `<path d="${smoothLine(pts)}L${s.w + 40} ${s.h + 10}L-40 ${s.h + 10}Z" fill="${fill}"/>`);
  return pts;
}

/** Height of a polyline at x (linear interpolation). */
function yAt(pts: Pt[], x: number): number {
  for (let i = 0; i < pts.length - 1; i += 1) {
    const a = pts[i];
    const b = pts[i + 1];
    if (a && b && x >= a[0] && x <= b[0]) return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0] || 1);
  }
  return pts[pts.length - 1]?.[1] ?? 0;
}

/* ------------------------------------------------------------------ *
 * Sky, sun, clouds, stars, birds
 * ------------------------------------------------------------------ */

function sky(s: Scene, bottom = s.horizon): void {
  const [a, b, c] = s.p.sky;
  add(
    s,
    `<rect width="${s.w}" height="${f(bottom + 4)}" fill="${lin(
      s,
      [
        [0, a],
        [0.55, b],
        [1, c],
      ],
      0,
      0,
      0,
      1,
    )}"/>`,
  );
  // Soft glow around the sun / moon.
  const g = radial(s, [
    [0, s.p.sun, s.p.night ? 0.35 : 0.75],
    [0.4, s.p.sun, s.p.night ? 0.08 : 0.22],
    [1, s.p.sun, 0],
  ]);
  const gr = s.sunR * 6;
  add(s, `<circle cx="${f(s.sunX)}" cy="${f(s.sunY)}" r="${f(gr)}" fill="${g}"/>`);
  if (s.p.night) stars(s, Math.round((s.w * s.h) / 9000), bottom * 0.8);
}

function stars(s: Scene, n: number, maxY: number): void {
  let d = '';
  for (let i = 0; i < n; i += 1) {
    const x = rnd(s.r, 0, s.w);
    const y = rnd(s.r, 0, maxY) * rnd(s.r, 0.3, 1);
    const r = rnd(s.r, 0.6, 1.8) * (s.w / 1200);
    d += `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0`;
  }
  add(s, `<path d="${d}" fill="#fffbe8" opacity="0.85"/>`);
}

/** Sun disc (or moon at night); `stripes` gives the retro poster cut-outs. */
function sun(s: Scene, stripes = false): void {
  const { sunX: x, sunY: y, sunR: r } = s;
  if (s.p.night) {
    const id = nextId(s, 'm');
    s.defs.push(
      `<mask id="${id}"><rect x="${f(x - r)}" y="${f(y - r)}" width="${f(2 * r)}" height="${f(2 * r)}" fill="#fff"/>` +
        `<circle cx="${f(x + r * 0.35)}" cy="${f(y - r * 0.2)}" r="${f(r * 0.68)}" fill="#000"/></mask>`,
    );
    add(s, `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.8)}" fill="${s.p.sun}" mask="url(#${id})"/>`);
    return;
  }
  add(s, `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.35)}" fill="${s.p.sun}" opacity="0.25"/>`);
  if (!stripes) {
    add(s, `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${s.p.sun}"/>`);
    return;
  }
  const id = nextId(s, 'c');
  let cut = '';
  for (let i = 0; i < 4; i += 1) {
    const yy = y + r * (0.2 + i * 0.22);
    cut += `<rect x="${f(x - r)}" y="${f(yy)}" width="${f(2 * r)}" height="${f(r * (0.05 + i * 0.035))}" fill="#000"/>`;
  }
  s.defs.push(
    `<mask id="${id}"><rect x="${f(x - r)}" y="${f(y - r)}" width="${f(2 * r)}" height="${f(2 * r)}" fill="#fff"/>${cut}</mask>`,
  );
  const fill = lin(s, [
    [0, s.p.sun],
    [1, mix(s.p.sun, s.p.accent, 0.45)],
  ]);
  add(s, `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}" mask="url(#${id})"/>`);
}

/** Puffy flat clouds with a flat base. */
function clouds(s: Scene, n: number, yMin: number, yMax: number, opacity = 0.9): void {
  let d = '';
  const k = s.w / 1200;
  for (let i = 0; i < n; i += 1) {
    const cx = rnd(s.r, -0.05, 1.05) * s.w;
    const cy = rnd(s.r, yMin, yMax);
    const wdt = rnd(s.r, 110, 220) * k;
    const puffs = 3 + Math.floor(s.r() * 3);
    for (let j = 0; j < puffs; j += 1) {
      const t = (j + 0.5) / puffs;
      const px = cx - wdt / 2 + wdt * t;
      const pr = (wdt / puffs) * rnd(s.r, 0.7, 1.15) * (1 - Math.abs(t - 0.5) * 0.8);
      d += `M${f(px - pr)} ${f(cy)}a${f(pr)} ${f(pr)} 0 1 1 ${f(2 * pr)} 0Z`;
    }
    const bh = 14 * k;
    d += `M${f(cx - wdt / 2 - 10 * k)} ${f(cy)}h${f(wdt + 20 * k)}a${f(bh / 2)} ${f(bh / 2)} 0 0 1 0 ${f(bh)}h${f(-wdt - 20 * k)}a${f(bh / 2)} ${f(bh / 2)} 0 0 1 0 ${f(-bh)}Z`;
  }
  add(s, `<path d="${d}" fill="${s.p.cloud}" opacity="${opacity}"/>`);
}

/** Long thin cloud streaks (sunset / dusk skies). */
function streaks(s: Scene, n: number, yMin: number, yMax: number, color = s.p.cloud, opacity = 0.55): void {
  let d = '';
  for (let i = 0; i < n; i += 1) {
    const x = rnd(s.r, -0.1, 0.9) * s.w;
    const y = rnd(s.r, yMin, yMax);
    const len = rnd(s.r, 0.15, 0.4) * s.w;
    const th = rnd(s.r, 5, 12) * (s.w / 1200);
    d += `M${f(x)} ${f(y)}h${f(len)}a${f(th / 2)} ${f(th / 2)} 0 0 1 0 ${f(th)}h${f(-len)}a${f(th / 2)} ${f(th / 2)} 0 0 1 0 ${f(-th)}Z`;
  }
  add(s, `<path d="${d}" fill="${color}" opacity="${opacity}"/>`);
}

function birds(s: Scene, n: number, x: number, y: number, spread: number, color = s.p.land): void {
  let d = '';
  const k = s.w / 1200;
  for (let i = 0; i < n; i += 1) {
    const bx = x + rnd(s.r, -spread, spread);
    const by = y + rnd(s.r, -spread, spread) * 0.45;
    const bw = rnd(s.r, 7, 13) * k;
    d += `M${f(bx - bw)} ${f(by - bw * 0.25)}q${f(bw * 0.5)} ${f(-bw * 0.45)} ${f(bw)} ${f(bw * 0.3)}q${f(bw * 0.5)} ${f(-bw * 0.75)} ${f(bw)} ${f(-bw * 0.3)}`;
  }
  add(
    s,
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(2.2 * k)}" stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>`,
  );
}

/* ------------------------------------------------------------------ *
 * Water, mountains, reflections
 * ------------------------------------------------------------------ */

/** Sea / lake from `top` to the bottom edge, with ripples and a sun path. */
function sea(s: Scene, top = s.horizon, sunPath = true, colors: [string, string] = s.p.water): void {
  add(
    s,
    `<rect y="${f(top)}" width="${s.w}" height="${f(s.h - top)}" fill="${lin(s, [
      [0, colors[0]],
      [1, colors[1]],
    ])}"/>`,
  );
  const k = s.w / 1200;
  let d = '';
  const n = Math.round((26 * (s.h - top)) / (s.h * 0.4));
  for (let i = 0; i < n; i += 1) {
    const t = s.r();
    const y = top + (s.h - top) * t * t + 3 * k;
    const len = rnd(s.r, 20, 70) * k * (0.5 + t * 1.5);
    const x = rnd(s.r, -0.05, 1) * s.w;
    const th = (1.5 + 2.5 * t) * k;
    d += `M${f(x)} ${f(y)}h${f(len)}v${f(th)}h${f(-len)}Z`;
  }
  add(s, `<path d="${d}" fill="${mix(colors[0], '#ffffff', 0.5)}" opacity="0.35"/>`);
  if (sunPath && s.sunY < top) {
    let sp = '';
    const rows = 11;
    for (let i = 0; i < rows; i += 1) {
      const t = i / rows;
      const y = top + (s.h - top) * Math.pow(t, 1.5) + 4 * k;
      const bw = s.sunR * (0.5 + t * 1.6) * rnd(s.r, 0.6, 1.2);
      const th = (2 + t * 7) * k;
      const x = s.sunX + rnd(s.r, -0.25, 0.25) * s.sunR - bw / 2;
      sp += `M${f(x)} ${f(y)}h${f(bw)}v${f(th)}h${f(-bw)}Z`;
    }
    add(s, `<path d="${sp}" fill="${s.p.sun}" opacity="${s.p.night ? 0.45 : 0.6}"/>`);
  }
}

/** Mirror some markup about y = axis, clipped to the water below it. */
function reflect(s: Scene, markup: string, axis: number, opacity = 0.28, tint?: string): void {
  const id = nextId(s, 'c');
  s.defs.push(`<clipPath id="${id}"><rect y="${f(axis)}" width="${s.w}" height="${f(s.h - axis)}"/></clipPath>`);
  const body = tint ? `<g fill="${tint}">${markup.replace(/fill="[^"]*"/g, '')}</g>` : markup;
  add(
    s,
    `<g clip-path="url(#${id})" opacity="${opacity}"><g transform="matrix(1 0 0 -1 0 ${f(2 * axis)})">${body}</g></g>`,
  );
}

/** Capture everything drawn by `fn` as a string (also drawn into the scene). */
function capture(s: Scene, fn: () => void): string {
  const start = s.out.length;
  fn();
  return s.out.slice(start).join('');
}

interface RidgeOpts {
  snow?: boolean;
  snowColor?: string;
  facet?: boolean;
  x0?: number;
  x1?: number;
  sharp?: number;
}

/** Jagged mountain range; returns the ridge line. */
function mountains(s: Scene, baseY: number, amp: number, count: number, fill: string, o: RidgeOpts = {}): Pt[] {
  const x0 = o.x0 ?? -60;
  const x1 = o.x1 ?? s.w + 60;
  const step = (x1 - x0) / count;
  const peaks: Pt[] = [];
  const valleys: Pt[] = [[x0, baseY - amp * rnd(s.r, 0.1, 0.35)]];
  let x = x0 + step * rnd(s.r, 0.3, 0.7);
  while (x < x1) {
    peaks.push([x, baseY - amp * rnd(s.r, 0.55, 1)]);
    const vx = x + step * rnd(s.r, 0.35, 0.65);
    valleys.push([vx, baseY - amp * rnd(s.r, 0.08, 0.4)]);
    x = vx + step * rnd(s.r, 0.35, 0.65);
  }
  // Two bumps on the lower half of each flank; the upper part stays straight for the snow cap.
  const flank = (pk: Pt, v: Pt): Pt[] =>
    [0.5, 0.75].map((t): Pt => [
      pk[0] + (v[0] - pk[0]) * t + rnd(s.r, -1, 1) * step * 0.04,
      pk[1] + (v[1] - pk[1]) * t + rnd(s.r, -1, 1) * amp * 0.06,
    ]);
  const ridge: Pt[] = [];
  peaks.forEach((pk, i) => {
    const lv = valleys[i];
    const rv = valleys[i + 1];
    if (!lv || !rv) return;
    if (i === 0) ridge.push(lv);
    ridge.push(...flank(pk, lv).reverse(), pk, ...flank(pk, rv), rv);
  });
  const last = ridge[ridge.length - 1];
  if (last && last[0] < x1) ridge.push([x1, last[1]]);
  const sorted = ridge;
  add(s, `<path d="${poly([...sorted, [x1, s.h + 10], [x0, s.h + 10]])}" fill="${fill}"/>`);
  peaks.forEach((pk, i) => {
    const lv = valleys[i];
    const rv = valleys[i + 1];
    if (!lv || !rv) return;
    if (o.facet !== false) {
      const shade = mix(fill, '#000000', 0.14);
      const mid: Pt = [pk[0] + (rv[0] - pk[0]) * 0.25, baseY + amp * 0.2];
      add(
        s,
        `<path d="${poly([pk, ...sorted.filter((q) => q[0] > pk[0] && q[0] <= rv[0]), mid])}" fill="${shade}" opacity="0.55"/>`,
      );
    }
    if (o.snow && baseY - pk[1] > amp * 0.6) {
      const t = rnd(s.r, 0.28, 0.4);
      const a: Pt = [pk[0] + (lv[0] - pk[0]) * t, pk[1] + (lv[1] - pk[1]) * t];
      const b: Pt = [pk[0] + (rv[0] - pk[0]) * t, pk[1] + (rv[1] - pk[1]) * t];
      const zig: Pt[] = [];
      const zn = 4;
      for (let j = 1; j < zn; j += 1) {
        const zx = b[0] + ((a[0] - b[0]) * j) / zn;
        const zy = b[1] + ((a[1] - b[1]) * j) / zn + (j % 2 === 0 ? -1 : 1) * amp * 0.05;
        zig.push([zx, zy]);
      }
      const snow = o.snowColor ?? s.p.snow;
      add(s, `<path d="${poly([pk, b, ...zig, a])}" fill="${snow}"/>`);
      // shaded half of the cap
      add(
        s,
        `<path d="${poly([pk, b, ...zig.slice(0, 2), [pk[0] + (b[0] - pk[0]) * 0.2, b[1]]])}" fill="${mix(snow, s.p.sky[0], 0.25)}"/>`,
      );
    }
  });
  return sorted;
}

/* ------------------------------------------------------------------ *
 * Trees
 * ------------------------------------------------------------------ */

function quadPt(a: Pt, c: Pt, b: Pt, t: number): Pt {
  const u = 1 - t;
  return [u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]];
}

/** Coconut palm silhouette. */
function palm(s: Scene, x: number, y: number, height: number, lean: number, color: string): void {
  const base: Pt = [x, y];
  const top: Pt = [x + lean, y - height];
  const ctrl: Pt = [x + lean * 0.05, y - height * 0.55];
  const left: Pt[] = [];
  const right: Pt[] = [];
  const n = 10;
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const p = quadPt(base, ctrl, top, t);
    const p2 = quadPt(base, ctrl, top, Math.min(1, t + 0.01));
    const dx = p2[0] - p[0];
    const dy = p2[1] - p[1];
    const len = Math.hypot(dx, dy) || 1;
    const wdt = height * (0.045 - 0.022 * t);
    left.push([p[0] - (dy / len) * -wdt, p[1] + (dx / len) * -wdt]);
    right.push([p[0] + (dy / len) * -wdt, p[1] - (dx / len) * -wdt]);
  }
  let d = poly([...left, ...right.reverse()]);
  const count = 9;
  for (let i = 0; i < count; i += 1) {
    const ang = -Math.PI - 0.4 + ((Math.PI + 0.8) * (i + 0.5)) / count + rnd(s.r, -0.1, 0.1);
    const side = Math.abs(Math.cos(ang));
    const L = height * rnd(s.r, 0.34, 0.44) * (0.7 + side * 0.45);
    const dir: Pt = [Math.cos(ang), Math.sin(ang)];
    const mid: Pt = [top[0] + dir[0] * L * 0.55, top[1] + dir[1] * L * 0.5 - L * 0.22 * side];
    const tip: Pt = [top[0] + dir[0] * L, top[1] + dir[1] * L * 0.45 + L * 0.42 * side];
    const upper: Pt[] = [];
    const lower: Pt[] = [];
    const steps = 14;
    for (let j = 0; j <= steps; j += 1) {
      const t = j / steps;
      const p = quadPt(top, mid, tip, t);
      const q = quadPt(top, mid, tip, Math.min(1, t + 0.02));
      const dx = q[0] - p[0];
      const dy = q[1] - p[1];
      const len = Math.hypot(dx, dy) || 1;
      let nx = -dy / len;
      let ny = dx / len;
      if (ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      const wd = L * 0.15 * Math.sin(Math.PI * Math.min(1, 0.08 + t * 0.95));
      upper.push([p[0] - nx * wd * 0.3, p[1] - ny * wd * 0.3]);
      const cut = j % 2 === 0 ? 1 : 0.3;
      lower.push([
        p[0] + nx * wd * cut + (dx / len) * wd * 0.6 * (j % 2),
        p[1] + ny * wd * cut + (dy / len) * wd * 0.6 * (j % 2),
      ]);
    }
    d += poly([...upper, ...lower.reverse()]);
  }
  const cr = height * 0.022;
  for (const [dx, dy] of [
    [-1, 1.2],
    [1, 1.4],
    [0, 2],
  ] as const) {
    d += `M${f(top[0] + dx * cr - cr)} ${f(top[1] + dy * cr)}a${f(cr)} ${f(cr)} 0 1 0 ${f(2 * cr)} 0a${f(cr)} ${f(cr)} 0 1 0 ${f(-2 * cr)} 0`;
  }
  add(s, `<path d="${d}" fill="${color}"/>`);
}

/** Conifer with jagged tiers. */
function pineShape(x: number, y: number, height: number, tiers = 4): string {
  const wdt = height * 0.36;
  const trunkH = height * 0.1;
  const top = y - height;
  const pts: Pt[] = [[x, top]];
  const right: Pt[] = [];
  for (let i = 1; i <= tiers; i += 1) {
    const ty = top + ((height - trunkH) * i) / tiers;
    const tw = wdt * (0.45 + (0.55 * i) / tiers);
    right.push([x + tw, ty]);
    if (i < tiers) right.push([x + tw * 0.42, ty - (height / tiers) * 0.08]);
  }
  pts.push(...right);
  pts.push(
    [x + height * 0.035, y - trunkH],
    [x + height * 0.035, y],
    [x - height * 0.035, y],
    [x - height * 0.035, y - trunkH],
  );
  pts.push(
    ...right
      .slice()
      .reverse()
      .map(([px, py]): Pt => [2 * x - px, py]),
  );
  return poly(pts);
}

function pines(
  s: Scene,
  x0: number,
  x1: number,
  ground: Pt[] | number,
  hMin: number,
  hMax: number,
  count: number,
  color: string,
): void {
  let d = '';
  const items: Array<[number, number]> = [];
  for (let i = 0; i < count; i += 1) items.push([rnd(s.r, x0, x1), rnd(s.r, hMin, hMax)]);
  items.sort((a, b) => a[1] - b[1]);
  for (const [x, ht] of items) {
    const gy = typeof ground === 'number' ? ground : yAt(ground, x);
    d += pineShape(x, gy + ht * 0.04, ht, 3 + Math.floor(s.r() * 2));
  }
  add(s, `<path d="${d}" fill="${color}"/>`);
}

/** Slim poplar (Kashmir) or round broadleaf tree. */
function roundTree(s: Scene, x: number, y: number, height: number, color: string, slim = false): void {
  const rw = slim ? height * 0.16 : height * 0.38;
  const rh = slim ? height * 0.46 : height * 0.36;
  const cy = y - height + rh;
  const tw = height * 0.03;
  add(
    s,
    `<path d="M${f(x - tw)} ${f(y)}h${f(2 * tw)}v${f(-height * 0.45)}h${f(-2 * tw)}Z" fill="${color}"/>` +
      `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(rw)}" ry="${f(rh)}" fill="${color}"/>`,
  );
}

/* ------------------------------------------------------------------ *
 * Boats (drawn in local units, waterline at y = 0, placed via transform)
 * ------------------------------------------------------------------ */

function place(x: number, y: number, k: number, flip = false): string {
  return `translate(${f(x)} ${f(y)}) scale(${flip ? -k : k} ${k})`;
}

/** Kashmiri shikara with canopy and boatman; 200 units long. */
function shikara(s: Scene, x: number, y: number, k: number, flip = false): string {
  const wood = mix(s.p.land, '#7a3b1e', s.p.night ? 0.2 : 0.55);
  const canopy = s.p.night ? mix(s.p.accent, s.p.land, 0.4) : s.p.accent;
  const curtain = mix(s.p.white, s.p.accent, 0.15);
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-104 -20Q-92 2-60 4L62 4Q92 2 104-20Q84-6 60-6L-60-6Q-84-6-104-20Z" fill="${wood}"/>` +
    `<path d="M-48 -44L48-44L54-36L-54-36Z" fill="${canopy}"/>` +
    `<path d="M-44 -36h88v22h-88Z" fill="${curtain}"/>` +
    `<path d="M-44 -36h10v22h-10ZM-6 -36h12v22h-12ZM34 -36h10v22h-10Z" fill="${mix(canopy, s.p.land, 0.2)}"/>` +
    `<path d="M76 -34a6 6 0 1 0 .1 0ZM70 -26h12l2 20h-16Z" fill="${s.p.land}"/>` +
    `<path d="M78 -22L98 14" stroke="${s.p.land}" stroke-width="3" stroke-linecap="round"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Kerala houseboat (kettuvallam); 300 units long. */
function houseboat(s: Scene, x: number, y: number, k: number, flip = false): string {
  const wood = mix(s.p.land, '#5b2e14', s.p.night ? 0.2 : 0.6);
  const thatch = s.p.night ? mix('#c9995a', s.p.land, 0.55) : mix('#d6a55c', s.p.sun, 0.15);
  const rib = mix(thatch, wood, 0.35);
  const win = s.p.night ? s.p.accent : mix(wood, '#000000', 0.3);
  let ribs = '';
  for (let i = -100; i <= 100; i += 20) ribs += `M${i} -66v44`;
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-150 -34Q-138 0-100 4L104 4Q142 0 152-38Q136-20 104-20L-100-20Q-134-20-150-34Z" fill="${wood}"/>` +
    `<path d="M-118 -20Q-120-70-84-72L84-72Q120-70 118-20Z" fill="${thatch}"/>` +
    `<path d="${ribs}" stroke="${rib}" stroke-width="3"/>` +
    `<path d="M-92 -48h26v18h-26ZM-40 -48h26v18h-26ZM12 -48h26v18h-26ZM64 -48h26v18h-26Z" fill="${win}"/>` +
    `<path d="M-118 -22h236v4h-236Z" fill="${wood}"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Thai longtail boat with ribbons on the prow; 220 units long. */
function longtail(s: Scene, x: number, y: number, k: number, flip = false): string {
  const wood = mix(s.p.land, '#6b3a1f', s.p.night ? 0.2 : 0.55);
  const roof = mix(s.p.white, s.p.sky[1], 0.2);
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-110 -10L70-10Q98-18 110-58L116-56Q108-12 82 6L-96 6Q-108 2-110-10Z" fill="${wood}"/>` +
    `<path d="M-60 -34h100l6 6h-112Z" fill="${roof}"/><path d="M-56 -28v18M36 -28v18" stroke="${wood}" stroke-width="4"/>` +
    `<path d="M110 -58l-14 22l8 0ZM112 -56l-4 26l10-4Z" fill="${s.p.accent}"/><path d="M108 -54l-22 16l10 2Z" fill="#e0407a"/>` +
    `<path d="M-108 -8L-150 10" stroke="${s.p.land}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M-120 -26a6 6 0 1 0 .1 0ZM-126 -18h12l2 10h-16Z" fill="${s.p.land}"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Small sailboat; 120 units long. */
function sailboat(s: Scene, x: number, y: number, k: number, flip = false): string {
  const sail = mix(s.p.white, s.p.sky[2], 0.15);
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-60 -10L60-10L44 6L-46 6Z" fill="${s.p.land}"/>` +
    `<path d="M0 -18L0 -130L52 -18Z" fill="${sail}"/><path d="M-6 -18L-6 -112L-48 -18Z" fill="${mix(sail, s.p.accent, 0.35)}"/>` +
    `<path d="M-3 -14V-136" stroke="${s.p.land}" stroke-width="3"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Traditional wooden fishing boat / dhow; 180 units long. */
function fishingBoat(s: Scene, x: number, y: number, k: number, flip = false): string {
  const hull = s.p.night ? s.p.land : mix(s.p.accent, s.p.land, 0.25);
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-92 -30Q-80 2-50 6L60 6Q88 2 96-34Q84-14 60-12L-50-12Q-78-14-92-30Z" fill="${hull}"/>` +
    `<path d="M-70 -14L-72-20L70-20L68-14Z" fill="${mix(s.p.white, s.p.land, 0.15)}"/>` +
    `<path d="M-10 -20V-96M-40 -30L40-88" stroke="${s.p.land}" stroke-width="3.5"/>` +
    `<path d="M-36 -34L38-88L44-30Z" fill="${mix(s.p.white, s.p.sand, 0.3)}"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/* ------------------------------------------------------------------ *
 * Architecture and landmarks
 * ------------------------------------------------------------------ */

/** Burj-style stepped needle tower. */
function tower(s: Scene, x: number, baseY: number, height: number, color: string): string {
  const w0 = height * 0.085;
  const right: Pt[] = [[x + w0, baseY]];
  const tiers = 9;
  for (let i = 1; i <= tiers; i += 1) {
    const y = baseY - height * 0.78 * (i / tiers) ** 0.9;
    const prevW = w0 * (1 - (i - 1) / (tiers + 1.5));
    const nextW = w0 * (1 - i / (tiers + 1.5));
    right.push([x + prevW, y], [x + nextW, y]);
  }
  right.push([x + w0 * 0.08, baseY - height * 0.9], [x + w0 * 0.02, baseY - height]);
  const left = right
    .slice()
    .reverse()
    .map(([px, py]): Pt => [2 * x - px, py]);
  const m =
    `<path d="${poly([...left, ...right])}" fill="${color}"/>` +
    `<path d="${poly([[x, baseY], ...right, [x, baseY - height]])}" fill="#000" opacity="0.12"/>`;
  add(s, m);
  return m;
}

interface SkylineOpts {
  windows?: string;
  density?: number;
  minW?: number;
  maxW?: number;
}

/** Row of modern buildings with varied roofs; lit windows at night. */
function skyline(
  s: Scene,
  baseY: number,
  x0: number,
  x1: number,
  hMin: number,
  hMax: number,
  color: string,
  o: SkylineOpts = {},
): string {
  const k = s.w / 1200;
  let d = '';
  let win = '';
  let x = x0;
  while (x < x1) {
    const bw = rnd(s.r, o.minW ?? 34, o.maxW ?? 80) * k;
    const bh = rnd(s.r, hMin, hMax) * (s.r() < 0.15 ? 1.35 : 1);
    const top = baseY - bh;
    const kind = s.r();
    d += `M${f(x)} ${f(baseY + 2)}V${f(top)}`;
    if (kind < 0.18) d += `L${f(x + bw / 2)} ${f(top - bw * 0.6)}L${f(x + bw)} ${f(top)}`;
    else if (kind < 0.33) d += `H${f(x + bw * 0.2)}V${f(top - bh * 0.12)}H${f(x + bw * 0.8)}V${f(top)}H${f(x + bw)}`;
    else if (kind < 0.45) d += `H${f(x + bw * 0.46)}V${f(top - bh * 0.22)}H${f(x + bw * 0.54)}V${f(top)}H${f(x + bw)}`;
    else if (kind < 0.55) d += `Q${f(x + bw / 2)} ${f(top - bw * 0.7)} ${f(x + bw)} ${f(top)}`;
    else if (kind < 0.68) d += `L${f(x + bw)} ${f(top + bw * 0.45)}`;
    else d += `H${f(x + bw)}`;
    d += `V${f(baseY + 2)}Z`;
    if (o.windows) {
      const cols = Math.max(1, Math.floor(bw / (11 * k)));
      const rows = Math.floor((bh * 0.85) / (14 * k));
      for (let r = 1; r < rows; r += 1) {
        for (let c = 0; c < cols; c += 1) {
          if (s.r() < (o.density ?? 0.22))
            win += `M${f(x + 5 * k + c * 11 * k)} ${f(top + r * 14 * k)}h${f(5 * k)}v${f(6 * k)}h${f(-5 * k)}Z`;
        }
      }
    }
    x += bw + rnd(s.r, -6, 4) * k;
  }
  let m = `<path d="${d}" fill="${color}"/>`;
  if (win) m += `<path d="${win}" fill="${o.windows}" opacity="0.85"/>`;
  add(s, m);
  return m;
}

/** Sail-shaped hotel on its island. */
function sailHotel(s: Scene, x: number, baseY: number, height: number, color: string): string {
  const hw = height * 0.32;
  const m =
    `<path d="M${f(x - hw * 0.5)} ${f(baseY)}h${f(hw * 2.1)}l${f(-hw * 0.15)} ${f(height * 0.03)}h${f(-hw * 1.8)}Z" fill="${mix(color, '#000000', 0.2)}"/>` +
    `<path d="M${f(x)} ${f(baseY)}V${f(baseY - height)}Q${f(x + hw * 1.5)} ${f(baseY - height * 0.55)} ${f(x + hw * 1.3)} ${f(baseY)}Z" fill="${color}"/>` +
    `<path d="M${f(x + hw * 0.18)} ${f(baseY)}V${f(baseY - height * 0.86)}Q${f(x + hw * 1.2)} ${f(baseY - height * 0.5)} ${f(x + hw * 1.05)} ${f(baseY)}Z" fill="${mix(color, s.p.sky[1], 0.35)}"/>` +
    `<path d="M${f(x - hw * 0.1)} ${f(baseY)}V${f(baseY - height * 1.08)}h${f(hw * 0.16)}V${f(baseY)}Z" fill="${mix(color, '#000000', 0.15)}"/>` +
    `<ellipse cx="${f(x - hw * 0.22)}" cy="${f(baseY - height * 0.72)}" rx="${f(hw * 0.28)}" ry="${f(hw * 0.06)}" fill="${mix(color, '#000000', 0.15)}"/>`;
  add(s, m);
  return m;
}

/** Onion/pointed dome path centred on x with radius r sitting on y. */
function domePath(x: number, y: number, r: number, point = 1.45): string {
  return `M${f(x - r)} ${f(y)}C${f(x - r)} ${f(y - r * 0.95)} ${f(x - r * 0.2)} ${f(y - r * 1.05)} ${f(x)} ${f(y - r * point)}C${f(x + r * 0.2)} ${f(y - r * 1.05)} ${f(x + r)} ${f(y - r * 0.95)} ${f(x + r)} ${f(y)}Z`;
}

function finial(x: number, y: number, len: number): string {
  return `M${f(x - len * 0.06)} ${f(y)}h${f(len * 0.12)}v${f(-len)}h${f(-len * 0.12)}Z`;
}

/** Grand white mosque with domes and four minarets; `size` ≈ main dome diameter. */
function mosque(s: Scene, cx: number, baseY: number, size: number, color: string): string {
  const shade = mix(color, s.p.sky[0], 0.3);
  const gold = s.p.night ? '#f7d27a' : mix('#e8b64c', s.p.sun, 0.2);
  const win = s.p.night ? mix(s.p.accent, '#ffffff', 0.2) : mix(color, s.p.land, 0.35);
  const W = size * 3.2;
  const baseH = size * 0.34;
  let body = `M${f(cx - W / 2)} ${f(baseY)}V${f(baseY - baseH)}H${f(cx + W / 2)}V${f(baseY)}Z`;
  let dark = '';
  let gilt = '';
  // arcade of pointed arches
  const arches = 14;
  for (let i = 0; i < arches; i += 1) {
    const ax = cx - W / 2 + (W * (i + 0.5)) / arches;
    const aw = (W / arches) * 0.32;
    dark += `M${f(ax - aw)} ${f(baseY)}V${f(baseY - baseH * 0.5)}Q${f(ax - aw)} ${f(baseY - baseH * 0.72)} ${f(ax)} ${f(baseY - baseH * 0.8)}Q${f(ax + aw)} ${f(baseY - baseH * 0.72)} ${f(ax + aw)} ${f(baseY - baseH * 0.5)}V${f(baseY)}Z`;
  }
  const drumY = baseY - baseH;
  // side domes
  for (const dx of [-1.05, -0.62, 0.62, 1.05]) {
    const r = size * (Math.abs(dx) > 1 ? 0.16 : 0.22);
    const x = cx + dx * size;
    body +=
      `M${f(x - r * 1.05)} ${f(drumY)}v${f(-r * 0.35)}h${f(r * 2.1)}v${f(r * 0.35)}Z` +
      domePath(x, drumY - r * 0.35, r, 1.4);
    gilt += finial(x, drumY - r * 0.35 - r * 1.35, r * 0.5);
  }
  // main dome on a drum
  const R = size * 0.5;
  body +=
    `M${f(cx - R * 0.95)} ${f(drumY)}v${f(-R * 0.45)}h${f(R * 1.9)}v${f(R * 0.45)}Z` +
    domePath(cx, drumY - R * 0.45, R, 1.42);
  gilt += finial(cx, drumY - R * 0.45 - R * 1.38, R * 0.55);
  // minarets
  for (const dx of [-1, 1]) {
    const mx = cx + (dx * W) / 2 - dx * size * 0.06;
    const mw = size * 0.075;
    const mh = size * 1.7;
    body += `M${f(mx - mw)} ${f(baseY)}V${f(baseY - mh)}h${f(2 * mw)}V${f(baseY)}Z`;
    for (const t of [0.45, 0.72, 0.92])
      body += `M${f(mx - mw * 1.6)} ${f(baseY - mh * t)}h${f(mw * 3.2)}l${f(-mw * 0.6)} ${f(mw * 0.9)}h${f(-mw * 2)}Z`;
    body += domePath(mx, baseY - mh, mw * 1.05, 1.8);
    gilt += finial(mx, baseY - mh - mw * 1.8, mw * 1.6);
    dark += `M${f(mx - mw * 0.3)} ${f(baseY - mh * 0.55)}h${f(mw * 0.6)}v${f(mh * 0.1)}h${f(-mw * 0.6)}Z`;
  }
  const m =
    `<path d="${body}" fill="${color}"/>` +
    `<path d="M${f(cx)} ${f(drumY - R * 0.45 - R * 1.42)}C${f(cx + R * 0.2)} ${f(drumY - R * 1.5)} ${f(cx + R)} ${f(drumY - R * 1.4)} ${f(cx + R)} ${f(drumY - R * 0.45)}H${f(cx + R * 0.95)}V${f(drumY)}H${f(cx + R * 0.3)}V${f(drumY - R * 0.45)}C${f(cx + R * 0.45)} ${f(drumY - R * 1.2)} ${f(cx + R * 0.1)} ${f(drumY - R * 1.6)} ${f(cx)} ${f(drumY - R * 1.87)}Z" fill="${shade}" opacity="0.6"/>` +
    `<path d="${dark}" fill="${win}"/>` +
    `<path d="${gilt}" fill="${gold}"/>`;
  add(s, m);
  return m;
}

/** Small Rajput pavilion (chhatri): dome on four pillars. */
function chhatri(x: number, y: number, r: number): string {
  return (
    `M${f(x - r * 1.2)} ${f(y - r * 1.1)}h${f(r * 2.4)}v${f(r * 0.2)}h${f(-r * 2.4)}Z` +
    `M${f(x - r)} ${f(y)}v${f(-r * 1.1)}h${f(r * 0.25)}v${f(r * 1.1)}ZM${f(x + r * 0.75)} ${f(y)}v${f(-r * 1.1)}h${f(r * 0.25)}v${f(r * 1.1)}Z` +
    domePath(x, y - r * 1.1, r * 0.95, 1.3)
  );
}

/** Hill fort with crenellated walls, round bastions and palace blocks. */
function fort(s: Scene, x0: number, x1: number, baseY: number, height: number, color: string): string {
  const shade = mix(color, '#000000', 0.18);
  const win = s.p.night ? s.p.accent : mix(color, s.p.land, 0.45);
  const k = s.w / 1200;
  const wallTop = baseY - height * 0.45;
  let body = `M${f(x0)} ${f(baseY)}V${f(wallTop)}H${f(x1)}V${f(baseY)}Z`;
  let dark = '';
  let shadow = '';
  const merlon = 9 * k;
  for (let x = x0; x < x1 - merlon; x += merlon * 2)
    body += `M${f(x)} ${f(wallTop)}v${f(-merlon)}h${f(merlon)}v${f(merlon)}Z`;
  // bastions
  const nb = 4;
  for (let i = 0; i < nb; i += 1) {
    const bx = x0 + ((x1 - x0) * i) / (nb - 1);
    const bw = height * 0.16;
    const bt = wallTop - height * 0.12;
    body += `M${f(bx - bw)} ${f(baseY)}L${f(bx - bw * 0.85)} ${f(bt)}H${f(bx + bw * 0.85)}L${f(bx + bw)} ${f(baseY)}Z`;
    body += `M${f(bx - bw * 0.98)} ${f(bt)}h${f(bw * 1.96)}v${f(-merlon * 1.2)}h${f(-bw * 1.96)}Z`;
    shadow += `M${f(bx + bw * 0.25)} ${f(baseY)}L${f(bx + bw * 0.2)} ${f(bt)}H${f(bx + bw * 0.85)}L${f(bx + bw)} ${f(baseY)}Z`;
  }
  // palace blocks on top
  const blocks = 3;
  for (let i = 0; i < blocks; i += 1) {
    const cx = x0 + (x1 - x0) * (0.22 + 0.28 * i) + rnd(s.r, -10, 10) * k;
    const bw = (x1 - x0) * rnd(s.r, 0.12, 0.18);
    const bh = height * rnd(s.r, 0.3, 0.5);
    const top = wallTop - bh;
    body += `M${f(cx - bw / 2)} ${f(wallTop)}V${f(top)}H${f(cx + bw / 2)}V${f(wallTop)}Z`;
    body += `M${f(cx - bw / 2 - 4 * k)} ${f(top)}h${f(bw + 8 * k)}v${f(-5 * k)}h${f(-bw - 8 * k)}Z`;
    const cr = bw * 0.14;
    body += chhatri(cx - bw * 0.3, top - 5 * k, cr) + chhatri(cx + bw * 0.3, top - 5 * k, cr);
    if (i === 1) body += chhatri(cx, top - 5 * k, cr * 1.5);
    const cols = 4;
    for (let r = 0; r < 2; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const wx = cx - bw / 2 + (bw * (c + 0.5)) / cols;
        const wy = top + bh * (0.25 + r * 0.4);
        dark += `M${f(wx - 3 * k)} ${f(wy + 10 * k)}v${f(-7 * k)}q0 ${f(-4 * k)} ${f(3 * k)} ${f(-5 * k)}q${f(3 * k)} ${f(1 * k)} ${f(3 * k)} ${f(5 * k)}v${f(7 * k)}Z`;
      }
    }
    shadow += `M${f(cx + bw * 0.2)} ${f(wallTop)}V${f(top)}H${f(cx + bw / 2)}V${f(wallTop)}Z`;
  }
  for (let i = 0; i < 9; i += 1) {
    const wx = x0 + (x1 - x0) * ((i + 0.5) / 9);
    dark += `M${f(wx - 2.5 * k)} ${f(wallTop + height * 0.12)}h${f(5 * k)}v${f(8 * k)}h${f(-5 * k)}Z`;
  }
  const m = `<path d="${body}" fill="${color}"/><path d="${shadow}" fill="${shade}" opacity="0.45"/><path d="${dark}" fill="${win}"/>`;
  add(s, m);
  return m;
}

/** Camel (with optional rider), ~100 units long, feet at y = 0. */
function camel(s: Scene, x: number, y: number, k: number, color: string, flip = false, rider = false): string {
  const body =
    'M-38 -40C-40 -46 -30 -62 -12 -64C2 -66 14 -54 22 -46L30 -48C36 -58 40 -72 46 -78C50 -81 58 -80 62 -76L66 -70L58 -68C54 -66 52 -62 50 -56' +
    'C48 -48 44 -40 34 -34L30 -30L30 0L25 0L22 -28L18 -28L18 0L13 0L10 -30L-22 -30L-24 0L-29 0L-29 -28L-32 -28L-33 0L-38 0L-40 -32C-44 -30 -46 -24 -46 -18L-48 -18C-48 -26 -45 -34 -38 -40Z';
  const r = rider
    ? `<path d="M-10 -66L-4 -90C-3 -96 6 -96 7 -90L10 -64ZM1 -98a6 6 0 1 0 .1 0ZM-10 -72L-18 -62" fill="${color}" stroke="${color}" stroke-width="3"/>` +
      `<path d="M-8 -96h18l-2 -5h-14Z" fill="${s.p.accent}"/>`
    : '';
  const m = `<g transform="${place(x, y, k, flip)}"><path d="${body}" fill="${color}"/>${r}</g>`;
  add(s, m);
  return m;
}

/** Sand dune layer with shaded lee slopes. */
function dunes(s: Scene, baseY: number, amp: number, fill: string, n = 4): Pt[] {
  const pts = rolling(s, baseY, amp, n);
  const shape = `${smoothLine(pts)}L${s.w + 40} ${s.h + 10}L-40 ${s.h + 10}Z`;
  const id = nextId(s, 'c');
  s.defs.push(`<clipPath id="${id}"><path d="${shape}"/></clipPath>`);
  let shadow = '';
  for (let i = 1; i < pts.length - 1; i += 1) {
    const a = pts[i - 1];
    const p = pts[i];
    const b = pts[i + 1];
    if (!a || !p || !b || p[1] > a[1] || p[1] > b[1]) continue;
    const span = (b[0] - p[0]) * 1.3;
    shadow += `M${f(p[0])} ${f(p[1])}Q${f(p[0] + span * 0.45)} ${f(p[1] + amp * 0.3)} ${f(p[0] + span)} ${f(s.h + 10)}L${f(p[0] + span * 0.25)} ${f(s.h + 10)}Q${f(p[0] + span * 0.08)} ${f(p[1] + amp * 1.2)} ${f(p[0])} ${f(p[1])}Z`;
  }
  add(
    s,
    `<path d="${shape}" fill="${fill}"/><path d="${shadow}" fill="${mix(fill, '#5a2a20', 0.13)}" clip-path="url(#${id})"/>`,
  );
  return pts;
}

/** Overwater villas on stilts along a jetty; returns the markup. */
function villas(s: Scene, x0: number, x1: number, y: number, count: number, size: number): string {
  const k = s.w / 1200;
  const thatch = s.p.night ? mix('#b88a55', s.p.land, 0.5) : mix('#c89860', s.p.sun, 0.1);
  const wall = s.p.night ? mix(s.p.white, s.p.land, 0.45) : mix('#f4ead8', s.p.white, 0.3);
  const wood = mix(s.p.land, '#6b4a2a', s.p.night ? 0.1 : 0.5);
  const glow = s.p.night ? s.p.accent : mix(wood, '#000000', 0.2);
  let stilts = '';
  let walls = '';
  let roofs = '';
  let wins = '';
  stilts += `M${f(x0)} ${f(y)}H${f(x1)}v${f(4 * k)}H${f(x0)}Z`;
  for (let i = 0; i < count; i += 1) {
    const cx = x0 + ((x1 - x0) * (i + 0.5)) / count;
    const bw = size * 1.1;
    const bh = size * 0.45;
    const py = y - size * 0.2;
    stilts += `M${f(cx - bw * 0.62)} ${f(py)}h${f(bw * 1.24)}v${f(size * 0.06)}h${f(-bw * 1.24)}Z`;
    for (const sx of [-0.5, -0.15, 0.2, 0.5])
      stilts += `M${f(cx + bw * sx)} ${f(py)}h${f(3 * k)}v${f(size * 0.34)}h${f(-3 * k)}Z`;
    stilts += `M${f(cx - 3 * k)} ${f(py)}h${f(6 * k)}v${f(size * 0.22)}h${f(-6 * k)}Z`;
    walls += `M${f(cx - bw / 2)} ${f(py)}v${f(-bh)}h${f(bw)}v${f(bh)}Z`;
    wins += `M${f(cx - bw * 0.3)} ${f(py - bh * 0.75)}h${f(bw * 0.22)}v${f(bh * 0.75)}h${f(-bw * 0.22)}ZM${f(cx + bw * 0.08)} ${f(py - bh * 0.75)}h${f(bw * 0.22)}v${f(bh * 0.5)}h${f(-bw * 0.22)}Z`;
    roofs += `M${f(cx - bw * 0.72)} ${f(py - bh + 2 * k)}L${f(cx - bw * 0.2)} ${f(py - bh - size * 0.42)}H${f(cx + bw * 0.2)}L${f(cx + bw * 0.72)} ${f(py - bh + 2 * k)}Z`;
  }
  const m =
    `<path d="${stilts}" fill="${wood}"/><path d="${walls}" fill="${wall}"/><path d="${wins}" fill="${glow}"/>` +
    `<path d="${roofs}" fill="${thatch}"/>`;
  add(s, m);
  return m;
}

/** Stacked rice-terrace bands from y0 down to the bottom. */
function terraces(s: Scene, y0: number, bands: number, base: string): void {
  const k = s.w / 1200;
  const span = s.h - y0;
  for (let i = 0; i < bands; i += 1) {
    const t = i / bands;
    const y = y0 + span * t ** 1.25;
    const pts = rolling(s, y, span * 0.05 * (0.5 + t), 6);
    const c = mix(mix(base, '#d8e86a', 0.25 * ((i % 3) / 2)), s.p.sky[2], 0.35 * (1 - t));
    const line = smoothLine(pts);
    add(
      s,
      `<path d="${line}L${s.w + 40} ${s.h + 10}L-40 ${s.h + 10}Z" fill="${c}"/>` +
        `<path d="${line}" fill="none" stroke="${mix(c, '#ffffff', 0.45)}" stroke-width="${f((2 + t * 4) * k)}"/>`,
    );
  }
}

/** Balinese split gate (candi bentar). */
function splitGate(s: Scene, cx: number, baseY: number, height: number, color: string): string {
  const gap = height * 0.16;
  const half: Pt[] = [[cx - gap / 2, baseY]];
  const tiers = 7;
  const w0 = height * 0.42;
  const right: Pt[] = [];
  for (let i = 0; i < tiers; i += 1) {
    const y0 = baseY - (height * 0.92 * i) / tiers;
    const y1 = baseY - (height * 0.92 * (i + 1)) / tiers;
    const wi = w0 * (1 - i / (tiers + 0.6));
    const wn = w0 * (1 - (i + 1) / (tiers + 0.6));
    right.push([cx - gap / 2 - wi, y0], [cx - gap / 2 - wi * 1.05, y0 - (y0 - y1) * 0.25], [cx - gap / 2 - wn, y1]);
  }
  half.push(...right, [cx - gap / 2 - w0 * 0.06, baseY - height], [cx - gap / 2, baseY - height * 0.96]);
  const mirror = half.map(([x, y]): Pt => [2 * cx - x, y]);
  const shade = mix(color, '#000000', 0.2);
  const m =
    `<path d="${poly(half)}${poly(mirror)}" fill="${color}"/>` +
    `<path d="${poly([
      [cx - gap / 2, baseY],
      [cx - gap / 2 - w0 * 0.35, baseY],
      [cx - gap / 2 - w0 * 0.06, baseY - height],
      [cx - gap / 2, baseY - height * 0.96],
    ])}" fill="${shade}" opacity="0.5"/>` +
    `<path d="M${f(cx - gap)} ${f(baseY)}h${f(gap * 2)}l${f(-gap * 0.3)} ${f(-height * 0.06)}h${f(-gap * 1.4)}Z" fill="${shade}"/>`;
  add(s, m);
  return m;
}

/** Tall rounded limestone karst. */
function karstPath(x: number, baseY: number, wdt: number, height: number, lean: number): string {
  const top = baseY - height;
  return (
    `M${f(x - wdt / 2)} ${f(baseY)}C${f(x - wdt * 0.62)} ${f(baseY - height * 0.55)} ${f(x - wdt * 0.5 + lean)} ${f(top + height * 0.05)} ${f(x - wdt * 0.15 + lean)} ${f(top)}` +
    `C${f(x + wdt * 0.1 + lean)} ${f(top - height * 0.04)} ${f(x + wdt * 0.42 + lean)} ${f(top + height * 0.02)} ${f(x + wdt * 0.45 + lean * 0.8)} ${f(top + height * 0.25)}` +
    `C${f(x + wdt * 0.48)} ${f(baseY - height * 0.45)} ${f(x + wdt * 0.66)} ${f(baseY - height * 0.2)} ${f(x + wdt / 2)} ${f(baseY)}Z`
  );
}

function karsts(s: Scene, baseY: number, items: Array<[number, number, number]>, color: string): string {
  let d = '';
  let shade = '';
  for (const [x, wdt, ht] of items) {
    const lean = rnd(s.r, -0.15, 0.15) * wdt;
    d += karstPath(x, baseY, wdt, ht, lean);
    shade += karstPath(x + wdt * 0.22, baseY, wdt * 0.55, ht * 0.9, lean * 0.6);
  }
  const m = `<path d="${d}" fill="${color}"/><path d="${shade}" fill="${mix(color, '#000000', 0.15)}" opacity="0.6"/>`;
  add(s, m);
  return m;
}

/** Three-tower hotel with the long skypark on top. */
function marinaTowers(s: Scene, x: number, baseY: number, height: number, color: string): string {
  const tw = height * 0.13;
  let d = '';
  let shade = '';
  for (let i = 0; i < 3; i += 1) {
    const tx = x + i * tw * 1.55;
    d += `M${f(tx)} ${f(baseY)}L${f(tx + tw * 0.1)} ${f(baseY - height)}H${f(tx + tw * 0.9)}L${f(tx + tw)} ${f(baseY)}Z`;
    shade += `M${f(tx + tw * 0.5)} ${f(baseY)}L${f(tx + tw * 0.52)} ${f(baseY - height)}H${f(tx + tw * 0.9)}L${f(tx + tw)} ${f(baseY)}Z`;
  }
  const deckY = baseY - height - height * 0.035;
  d += `M${f(x - tw * 0.1)} ${f(deckY)}H${f(x + tw * 4.5)}Q${f(x + tw * 4.8)} ${f(deckY)} ${f(x + tw * 4.8)} ${f(deckY + height * 0.02)}L${f(x + tw * 4.3)} ${f(deckY + height * 0.045)}H${f(x - tw * 0.1)}Z`;
  const m = `<path d="${d}" fill="${color}"/><path d="${shade}" fill="#000" opacity="0.12"/>`;
  add(s, m);
  return m;
}

/** Funnel-shaped vertical-garden "supertree" with a flared, slightly domed canopy. */
function supertree(x: number, baseY: number, height: number): string {
  const cw = height * 0.26;
  const tw = height * 0.035;
  const top = baseY - height;
  return (
    `M${f(x - tw * 1.3)} ${f(baseY)}L${f(x - tw)} ${f(baseY - height * 0.5)}` +
    `C${f(x - tw)} ${f(top + height * 0.25)} ${f(x - cw * 0.8)} ${f(top + height * 0.12)} ${f(x - cw)} ${f(top)}` +
    `Q${f(x)} ${f(top - height * 0.07)} ${f(x + cw)} ${f(top)}` +
    `C${f(x + cw * 0.8)} ${f(top + height * 0.12)} ${f(x + tw)} ${f(top + height * 0.25)} ${f(x + tw)} ${f(baseY - height * 0.5)}L${f(x + tw * 1.3)} ${f(baseY)}Z`
  );
}

/** Observation wheel. */
function wheel(s: Scene, x: number, cy: number, r: number, baseY: number, color: string): string {
  let spokes = '';
  for (let i = 0; i < 12; i += 1) {
    const a = (Math.PI * 2 * i) / 12;
    spokes += `M${f(x)} ${f(cy)}L${f(x + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}`;
  }
  const k = s.w / 1200;
  const m =
    `<g fill="none" stroke="${color}" stroke-width="${f(2 * k)}"><circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" stroke-width="${f(4 * k)}"/><path d="${spokes}"/></g>` +
    `<path d="M${f(x)} ${f(cy)}L${f(x - r * 0.45)} ${f(baseY)}h${f(8 * k)}L${f(x)} ${f(cy + 10 * k)}L${f(x + r * 0.45 - 8 * k)} ${f(baseY)}h${f(8 * k)}Z" fill="${color}"/>`;
  add(s, m);
  return m;
}

/** Swiss chalet, ~200 units wide, ground at y = 0. */
function chalet(s: Scene, x: number, y: number, k: number, flip = false): string {
  const wood = s.p.night ? '#3b2417' : mix('#8a4b26', s.p.sun, 0.05);
  const stone = mix(s.p.white, '#c9c2b5', 0.5);
  const roof = s.p.night ? '#2a1a14' : '#5a2f1c';
  const snow = s.p.snow;
  const win = s.p.night ? '#ffcf6b' : '#f4e3c1';
  const m =
    `<g transform="${place(x, y, k, flip)}">` +
    `<path d="M-90 0V-60H90V0Z" fill="${stone}"/>` +
    `<path d="M-80 -60V-130L0 -178L80 -130V-60Z" fill="${wood}"/>` +
    `<path d="M-112 -118L0 -196L112 -118L102 -110L0 -180L-102 -110Z" fill="${roof}"/>` +
    `<path d="M-112 -118L0 -196L112 -118L104 -122L0 -188L-104 -122Z" fill="${snow}"/>` +
    `<path d="M-96 -64h192v6h-192ZM-96 -84h192v4h-192Z" fill="${roof}"/>` +
    `<path d="M-90 -80v16M-70 -80v16M-50 -80v16M-30 -80v16M-10 -80v16M10 -80v16M30 -80v16M50 -80v16M70 -80v16M90 -80v16" stroke="${roof}" stroke-width="3"/>` +
    `<path d="M-60 -124h26v30h-26ZM34 -124h26v30h-26ZM-12 -150h24v28h-24ZM-64 -44h28v26h-28ZM36 -44h28v26h-28Z" fill="${win}"/>` +
    `<path d="M-14 0v-40h28v40Z" fill="${roof}"/>` +
    `<path d="M-66 -20h32v6h-32ZM34 -20h32v6h-32Z" fill="#d94a3a"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Hot-air balloon centred on (x, y) with envelope radius r. */
function balloon(s: Scene, x: number, y: number, r: number, colors: [string, string]): string {
  const id = nextId(s, 'c');
  const env = `M${f(x - r * 0.18)} ${f(y + r * 1.22)}C${f(x - r * 0.55)} ${f(y + r * 0.9)} ${f(x - r)} ${f(y + r * 0.5)} ${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}C${f(x + r)} ${f(y + r * 0.5)} ${f(x + r * 0.55)} ${f(y + r * 0.9)} ${f(x + r * 0.18)} ${f(y + r * 1.22)}Z`;
  s.defs.push(`<clipPath id="${id}"><path d="${env}"/></clipPath>`);
  const gores =
    `<ellipse cx="${f(x)}" cy="${f(y + r * 0.1)}" rx="${f(r * 0.64)}" ry="${f(r * 1.3)}" fill="${colors[1]}"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y + r * 0.1)}" rx="${f(r * 0.26)}" ry="${f(r * 1.3)}" fill="${colors[0]}"/>`;
  const shade = `<path d="M${f(x + r * 0.2)} ${f(y - r * 1.2)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r * 1.2)} ${f(y + r * 0.3)}V${f(y + r * 1.5)}H${f(x + r * 0.5)}Z" fill="#000" opacity="0.12"/>`;
  const band = `<rect x="${f(x - r)}" y="${f(y + r * 0.42)}" width="${f(r * 2)}" height="${f(r * 0.12)}" fill="${s.p.white}" opacity="0.85"/>`;
  const m =
    `<path d="${env}" fill="${colors[0]}"/>` +
    `<g clip-path="url(#${id})">${gores}${band}${shade}</g>` +
    `<path d="M${f(x - r * 0.16)} ${f(y + r * 1.22)}L${f(x - r * 0.12)} ${f(y + r * 1.45)}M${f(x + r * 0.16)} ${f(y + r * 1.22)}L${f(x + r * 0.12)} ${f(y + r * 1.45)}" stroke="${s.p.land}" stroke-width="${f(Math.max(1, r * 0.03))}"/>` +
    `<rect x="${f(x - r * 0.14)}" y="${f(y + r * 1.45)}" width="${f(r * 0.28)}" height="${f(r * 0.2)}" rx="${f(r * 0.03)}" fill="${mix('#7a4a2a', s.p.land, 0.3)}"/>`;
  add(s, m);
  return m;
}

/** Cluster of Cappadocia-style fairy chimneys with caps and carved windows. */
function chimneys(s: Scene, baseY: number, items: Array<[number, number, number]>, color: string): void {
  let d = '';
  let caps = '';
  let holes = '';
  let shade = '';
  for (const [x, wdt, ht] of items) {
    const top = baseY - ht;
    d += `M${f(x - wdt / 2)} ${f(baseY)}C${f(x - wdt * 0.4)} ${f(baseY - ht * 0.5)} ${f(x - wdt * 0.18)} ${f(top + ht * 0.1)} ${f(x - wdt * 0.14)} ${f(top)}H${f(x + wdt * 0.14)}C${f(x + wdt * 0.18)} ${f(top + ht * 0.1)} ${f(x + wdt * 0.4)} ${f(baseY - ht * 0.5)} ${f(x + wdt / 2)} ${f(baseY)}Z`;
    shade += `M${f(x + wdt * 0.05)} ${f(baseY)}C${f(x + wdt * 0.05)} ${f(baseY - ht * 0.5)} ${f(x + wdt * 0.05)} ${f(top + ht * 0.1)} ${f(x + wdt * 0.04)} ${f(top)}H${f(x + wdt * 0.14)}C${f(x + wdt * 0.18)} ${f(top + ht * 0.1)} ${f(x + wdt * 0.4)} ${f(baseY - ht * 0.5)} ${f(x + wdt / 2)} ${f(baseY)}Z`;
    caps += `M${f(x - wdt * 0.26)} ${f(top + wdt * 0.04)}Q${f(x)} ${f(top - wdt * 0.42)} ${f(x + wdt * 0.26)} ${f(top + wdt * 0.04)}Z`;
    if (s.r() < 0.7) {
      const hx = x + rnd(s.r, -0.15, 0.1) * wdt;
      const hy = baseY - ht * rnd(s.r, 0.3, 0.6);
      const hr = wdt * 0.06;
      holes += `M${f(hx - hr)} ${f(hy + hr * 2)}v${f(-hr * 2)}a${f(hr)} ${f(hr)} 0 0 1 ${f(hr * 2)} 0v${f(hr * 2)}Z`;
    }
  }
  add(
    s,
    `<path d="${d}" fill="${color}"/><path d="${shade}" fill="#000" opacity="0.1"/>` +
      `<path d="${caps}" fill="${mix(color, '#3a2418', 0.45)}"/><path d="${holes}" fill="${mix(color, '#2a160e', 0.55)}"/>`,
  );
}

/** Contour rows of tea bushes across a hill. */
function teaRows(s: Scene, pts: Pt[], rows: number, gap: number, color: string): void {
  let d = '';
  for (let i = 1; i <= rows; i += 1) {
    const off = gap * i * (1 + i * 0.08);
    d += smoothLine(pts.map(([x, y]): Pt => [x, y + off]));
  }
  add(
    s,
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(gap * 0.45)}" stroke-linecap="round" stroke-dasharray="${f(gap * 0.9)} ${f(gap * 0.3)}"/>`,
  );
}

/** Smooth volcano / table mountain from explicit profile points (relative to width/height). */
function massif(
  s: Scene,
  x: number,
  baseY: number,
  wdt: number,
  ht: number,
  profile: Pt[],
  color: string,
  facet = true,
): string {
  const pts = profile.map(([px, py]): Pt => [x + px * wdt, baseY - py * ht]);
  let m = `<path d="${smoothLine(pts)}L${f(x + wdt)} ${f(s.h + 10)}L${f(x)} ${f(s.h + 10)}Z" fill="${color}"/>`;
  if (facet) {
    const peak = pts.reduce((a, b) => (b[1] < a[1] ? b : a));
    const right = pts.filter((q) => q[0] > peak[0]);
    m += `<path d="${smoothLine([peak, ...right])}L${f(peak[0] + (x + wdt - peak[0]) * 0.15)} ${f(baseY + 5)}Z" fill="#000" opacity="0.1"/>`;
  }
  add(s, m);
  return m;
}

const VOLCANO: Pt[] = [
  [0, 0],
  [0.2, 0.2],
  [0.36, 0.62],
  [0.45, 0.96],
  [0.5, 0.93],
  [0.55, 0.97],
  [0.66, 0.58],
  [0.82, 0.18],
  [1, 0],
];
const TABLE_MOUNTAIN: Pt[] = [
  [0, 0],
  [0.18, 0.2],
  [0.32, 0.52],
  [0.4, 0.9],
  [0.48, 1],
  [0.62, 0.98],
  [0.7, 0.9],
  [0.76, 0.5],
  [0.9, 0.15],
  [1, 0],
];
const ROCK: Pt[] = [
  [0, 0],
  [0.1, 0.15],
  [0.2, 0.88],
  [0.3, 1],
  [0.7, 0.98],
  [0.8, 0.86],
  [0.88, 0.2],
  [1, 0],
];

/** Natural rock arch standing in the sea. */
function rockArch(s: Scene, x: number, baseY: number, wdt: number, ht: number, color: string): string {
  const d =
    `M${f(x)} ${f(baseY)}C${f(x - wdt * 0.05)} ${f(baseY - ht * 0.6)} ${f(x + wdt * 0.1)} ${f(baseY - ht)} ${f(x + wdt * 0.4)} ${f(baseY - ht)}` +
    `C${f(x + wdt * 0.8)} ${f(baseY - ht * 1.02)} ${f(x + wdt * 1.02)} ${f(baseY - ht * 0.7)} ${f(x + wdt)} ${f(baseY)}H${f(x + wdt * 0.78)}` +
    `C${f(x + wdt * 0.76)} ${f(baseY - ht * 0.45)} ${f(x + wdt * 0.62)} ${f(baseY - ht * 0.6)} ${f(x + wdt * 0.48)} ${f(baseY - ht * 0.6)}` +
    `C${f(x + wdt * 0.34)} ${f(baseY - ht * 0.6)} ${f(x + wdt * 0.24)} ${f(baseY - ht * 0.45)} ${f(x + wdt * 0.22)} ${f(baseY)}Z`;
  const green = `M${f(x + wdt * 0.02)} ${f(baseY - ht * 0.78)}C${f(x + wdt * 0.1)} ${f(baseY - ht * 1.12)} ${f(x + wdt * 0.8)} ${f(baseY - ht * 1.15)} ${f(x + wdt * 0.98)} ${f(baseY - ht * 0.72)}C${f(x + wdt * 0.7)} ${f(baseY - ht * 0.92)} ${f(x + wdt * 0.3)} ${f(baseY - ht * 0.9)} ${f(x + wdt * 0.02)} ${f(baseY - ht * 0.78)}Z`;
  const m = `<path d="${d}" fill="${color}"/><path d="${green}" fill="${s.p.green}"/>`;
  add(s, m);
  return m;
}

/** Sri Lankan stilt fisherman on his pole. */
function stiltFisher(s: Scene, x: number, y: number, k: number, color: string): string {
  const m =
    `<g transform="${place(x, y, k)}" fill="${color}" stroke="${color}" stroke-linecap="round">` +
    `<path d="M0 40V-60M-10 -40H12" stroke-width="4" fill="none"/>` +
    `<path d="M-2 -62a7 7 0 1 0 .1 0Z" stroke="none"/><path d="M-8 -54h14l-2 22h-12Z" stroke="none"/>` +
    `<path d="M-14 -70h26l-13 -9Z" stroke="none"/>` +
    `<path d="M6 -52L60 -96" stroke-width="2.5" fill="none"/><path d="M60 -96V-30" stroke-width="1" fill="none"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/** Glowing camping tent, ~100 units wide. */
function tent(s: Scene, x: number, y: number, k: number, color: string): string {
  const glow = s.p.night || s.p.sunY > 0.8 ? '#ffc861' : mix(color, '#ffffff', 0.3);
  const m =
    `<g transform="${place(x, y, k)}"><path d="M-50 0L0 -62L50 0Z" fill="${color}"/>` +
    `<path d="M0 -62L50 0H22Z" fill="#000" opacity="0.15"/><path d="M-14 0L0 -30L14 0Z" fill="${glow}"/></g>`;
  add(s, m);
  return m;
}

/** Kochi-style cantilevered fishing net. */
function fishingNet(s: Scene, x: number, y: number, k: number, color: string): string {
  const m =
    `<g transform="${place(x, y, k)}" fill="none" stroke="${color}" stroke-linecap="round">` +
    `<path d="M0 0L120 -170M0 0L170 -60M120 -170L240 -40M170 -60L240 -40M120 -170L60 -20" stroke-width="5"/>` +
    `<path d="M150 -120Q210 -30 255 -10M185 -90L240 -40" stroke-width="2"/>` +
    `<path d="M240 -40L300 -70Q260 -20 225 20Q205 -20 240 -40Z" stroke-width="1.5" fill="${color}" fill-opacity="0.15"/>` +
    `<path d="M-40 6H30" stroke-width="8"/>` +
    `</g>`;
  add(s, m);
  return m;
}

/* ------------------------------------------------------------------ *
 * Shared scene pieces
 * ------------------------------------------------------------------ */

/** Thin tree-lined shore at the horizon, with its reflection. */
function treeLine(
  s: Scene,
  y: number,
  x0: number,
  x1: number,
  color: string,
  kind: 'poplar' | 'round' | 'palm' | 'pine',
): void {
  const k = s.w / 1200;
  const markup = capture(s, () => {
    add(
      s,
      `<path d="M${f(x0)} ${f(y + 2 * k)}Q${f(x0 + 30 * k)} ${f(y - 8 * k)} ${f(x0 + 80 * k)} ${f(y - 8 * k)}L${f(x1 - 80 * k)} ${f(y - 8 * k)}Q${f(x1 - 30 * k)} ${f(y - 8 * k)} ${f(x1)} ${f(y + 2 * k)}Z" fill="${color}"/>`,
    );
    const n = Math.round((x1 - x0) / (26 * k));
    if (kind === 'pine') {
      pines(s, x0 + 40 * k, x1 - 40 * k, y - 4 * k, 26 * k, 60 * k, n, color);
      return;
    }
    for (let i = 0; i < n; i += 1) {
      const x = x0 + 50 * k + (x1 - x0 - 100 * k) * s.r();
      if (kind === 'palm') palm(s, x, y - 4 * k, rnd(s.r, 40, 75) * k, rnd(s.r, -12, 12) * k, color);
      else roundTree(s, x, y - 4 * k, rnd(s.r, 30, 70) * k, color, kind === 'poplar' && s.r() < 0.7);
    }
  });
  reflect(s, markup, y + 2 * k, 0.25);
}

/** Beach foreground: sand curve with foam line. Returns the shoreline points. */
function beach(s: Scene, y: number, amp: number, fromLeft: boolean, sandColor = s.p.sand): Pt[] {
  const pts: Pt[] = [];
  const n = 6;
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const tt = fromLeft ? 1 - t : t;
    pts.push([-40 + (s.w + 80) * t, y + amp * tt * tt + rnd(s.r, -4, 4)]);
  }
  const line = smoothLine(pts);
  const k = s.w / 1200;
  const foam = smoothLine(pts.map(([x, yy]): Pt => [x, yy - 7 * k]));
  add(s, `<path d="${foam}L${s.w + 40} ${s.h + 10}L-40 ${s.h + 10}Z" fill="${mix(s.p.water[0], '#ffffff', 0.55)}"/>`);
  add(
    s,
    `<path d="${line}L${s.w + 40} ${s.h + 10}L-40 ${s.h + 10}Z" fill="${lin(s, [
      [0, sandColor],
      [1, mix(sandColor, s.p.land, 0.18)],
    ])}"/>`,
  );
  return pts;
}

/* ------------------------------------------------------------------ *
 * Destination scenes — v selects one of three compositions
 * ------------------------------------------------------------------ */

function drawKashmir(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 1) streaks(s, 5, h * 0.1, hz * 0.6);
  else clouds(s, 3, h * 0.08, h * 0.25, 0.8);
  const mts = capture(s, () => {
    mountains(s, hz, h * 0.42, 3, haze(s, 0.62), { snow: true });
    mountains(s, hz, h * 0.27, 5, haze(s, 0.4), { snow: true });
  });
  sea(s, hz, v !== 0);
  reflect(s, mts, hz, 0.3);
  treeLine(s, hz, -20, w + 20, haze(s, 0.25, s.p.green), v === 2 ? 'pine' : 'poplar');
  if (v === 0) {
    shikara(s, w * 0.38, h * 0.84, 1.3 * k);
    shikara(s, w * 0.78, h * 0.72, 0.6 * k, true);
  } else if (v === 1) {
    shikara(s, w * 0.62, h * 0.8, 1.1 * k, true);
    pines(s, -40 * k, 200 * k, h * 1.02, 160 * k, 380 * k, 5, s.p.land);
  } else {
    houseboat(s, w * 0.25, h * 0.75, 0.8 * k);
    shikara(s, w * 0.7, h * 0.86, 1.2 * k, true);
    roundTree(s, w * 0.96, h * 1.02, 380 * k, s.p.land);
  }
  birds(s, 5, w * 0.3, h * 0.2, 60 * k);
}

function drawGoa(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 1);
  if (v === 1) streaks(s, 6, h * 0.08, hz * 0.75);
  else clouds(s, 4, h * 0.06, h * 0.3);
  hills(s, hz + 2, h * 0.03, haze(s, 0.55, s.p.green), 5);
  sea(s, hz);
  if (v === 0) {
    sailboat(s, w * 0.3, hz + h * 0.05, 0.55 * k);
    beach(s, h * 0.78, h * 0.12, true);
    fishingBoat(s, w * 0.66, h * 0.92, 1.05 * k);
    palm(s, w * 0.1, h * 1.02, h * 0.72, 70 * k, s.p.land);
    palm(s, w * 0.2, h * 1.04, h * 0.5, 40 * k, haze(s, 0.12));
    palm(s, w * 0.92, h * 1.03, h * 0.62, -60 * k, s.p.land);
  } else if (v === 1) {
    beach(s, h * 0.84, h * 0.08, false);
    palm(s, w * 0.08, h * 1.05, h * 0.82, 110 * k, s.p.land);
    palm(s, w * 0.26, h * 1.05, h * 0.55, 30 * k, s.p.land);
    palm(s, w * 0.86, h * 1.05, h * 0.7, -90 * k, s.p.land);
    birds(s, 6, w * 0.42, h * 0.2, 70 * k);
  } else {
    beach(s, h * 0.8, h * 0.1, true);
    fishingBoat(s, w * 0.4, h * 0.9, 0.9 * k, true);
    fishingBoat(s, w * 0.7, h * 0.95, 1.05 * k);
    palm(s, w * 0.95, h * 1.02, h * 0.76, -90 * k, s.p.land);
    palm(s, w * 0.83, h * 1.04, h * 0.5, -30 * k, haze(s, 0.15));
  }
}

function drawDubai(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 0);
  if (v === 0) {
    streaks(s, 4, h * 0.12, hz * 0.6);
    const city = haze(s, 0.55);
    skyline(s, hz + 10 * k, w * 0.28, w * 0.9, 60 * k, 150 * k, city);
    tower(s, w * 0.6, hz + 10 * k, h * 0.55, city);
    dunes(s, hz + 20 * k, h * 0.04, mix(s.p.sand, s.p.sky[2], 0.25), 5);
    const crest = dunes(s, h * 0.78, h * 0.07, s.p.sand, 4);
    for (let i = 0; i < 4; i += 1) {
      const cx = w * (0.12 + i * 0.075);
      camel(s, cx, yAt(crest, cx) + 4 * k, 0.62 * k, s.p.land, false, i % 2 === 0);
    }
    dunes(s, h * 0.93, h * 0.05, mix(s.p.sand, s.p.accent, 0.12), 3);
  } else if (v === 1) {
    stars(s, 40, hz * 0.5);
    const far = capture(s, () => {
      skyline(s, hz, -10, w + 10, 50 * k, 130 * k, haze(s, 0.5), { windows: s.p.accent, density: 0.12 });
      skyline(s, hz, w * 0.05, w * 0.95, 40 * k, 200 * k, haze(s, 0.2), {
        windows: mix(s.p.accent, '#ffffff', 0.3),
        density: 0.2,
      });
      tower(s, w * 0.42, hz, h * 0.62, haze(s, 0.2));
    });
    sea(s, hz, false);
    reflect(s, far, hz, 0.35);
    fishingBoat(s, w * 0.72, h * 0.86, 0.9 * k);
    add(s, `<rect y="${f(h * 0.94)}" width="${w}" height="${f(h * 0.06)}" fill="${s.p.land}"/>`);
    palm(s, w * 0.06, h * 1.02, h * 0.5, 40 * k, s.p.land);
    palm(s, w * 0.95, h * 1.02, h * 0.42, -40 * k, s.p.land);
  } else {
    clouds(s, 3, h * 0.08, h * 0.25);
    skyline(s, hz, w * 0.02, w * 0.45, 30 * k, 90 * k, haze(s, 0.6));
    tower(s, w * 0.22, hz, h * 0.42, haze(s, 0.6));
    sea(s, hz);
    const hotel = capture(s, () => sailHotel(s, w * 0.66, hz + 12 * k, h * 0.5, s.p.white));
    reflect(s, hotel, hz + 12 * k, 0.25);
    beach(s, h * 0.86, h * 0.08, false);
    palm(s, w * 0.1, h * 1.03, h * 0.7, 80 * k, s.p.land);
    palm(s, w * 0.22, h * 1.04, h * 0.45, 20 * k, haze(s, 0.15));
  }
}

function drawAbuDhabi(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 0) clouds(s, 3, h * 0.06, h * 0.22, 0.85);
  if (v === 1) streaks(s, 6, h * 0.1, hz * 0.7);
  const cx = w * (v === 2 ? 0.42 : 0.5);
  const white = v === 1 ? mix(s.p.white, s.p.sun, 0.2) : s.p.white;
  if (v === 2)
    skyline(s, hz - 4 * k, w * 0.62, w * 1.02, 50 * k, 150 * k, haze(s, 0.45), { windows: s.p.accent, density: 0.25 });
  hills(s, hz, 4 * k, haze(s, 0.5, s.p.green), 3);
  const m = capture(s, () => mosque(s, cx, hz, h * 0.2, white));
  // reflecting pool framed by paving
  add(s, `<rect y="${f(hz)}" width="${w}" height="${f(h - hz)}" fill="${mix(s.p.white, s.p.sand, 0.5)}"/>`);
  const pool = lin(s, [
    [0, s.p.water[0]],
    [1, s.p.water[1]],
  ]);
  add(
    s,
    `<path d="M${f(w * 0.2)} ${f(hz + 6 * k)}H${f(w * 0.8)}L${f(w * 0.9)} ${f(h)}H${f(w * 0.1)}Z" fill="${pool}"/>`,
  );
  const lawn = haze(s, 0.2, s.p.green);
  add(
    s,
    `<path d="M${f(-10)} ${f(hz + 6 * k)}H${f(w * 0.12)}L${f(-10)} ${f(h * 0.8)}ZM${f(w + 10)} ${f(hz + 6 * k)}H${f(w * 0.88)}L${f(w + 10)} ${f(h * 0.8)}Z" fill="${lawn}"/>`,
  );
  reflect(s, m, hz + 6 * k, 0.35);
  add(
    s,
    `<path d="M${f(w * 0.2)} ${f(hz + 6 * k)}H${f(w * 0.8)}L${f(w * 0.81)} ${f(hz + 9 * k)}H${f(w * 0.19)}Z" fill="${mix(s.p.white, s.p.land, 0.2)}"/>`,
  );
  const pc = v === 2 ? s.p.land : haze(s, 0.05, s.p.green);
  palm(s, w * 0.05, h * 1.02, h * 0.62, 30 * k, pc);
  palm(s, w * 0.16, h * 0.96, h * 0.42, 10 * k, pc);
  palm(s, w * 0.94, h * 1.02, h * 0.6, -30 * k, pc);
  palm(s, w * 0.84, h * 0.96, h * 0.4, -10 * k, pc);
  if (v !== 2) birds(s, 5, w * 0.3, h * 0.22, 60 * k);
}

function drawRajasthan(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 2);
  if (v === 0) streaks(s, 4, h * 0.1, hz * 0.55);
  if (v === 1) clouds(s, 3, h * 0.06, h * 0.2, 0.8);
  if (v === 1) {
    // Jodhpur: fort on a rocky ridge above the blue city
    const rock = haze(s, 0.3, '#8a5a3c');
    const ridge = hills(s, hz - h * 0.1, h * 0.025, rock, 4);
    fort(s, w * 0.16, w * 0.84, yAt(ridge, w * 0.5) + 6 * k, h * 0.34, mix('#c98a55', s.p.sun, 0.15));
    mountains(s, hz + 10 * k, h * 0.14, 5, rock, { facet: true });
    const blues = ['#4f86c6', '#6a9bd8', '#8fb4e3', '#3e6fae', '#5d93d3', '#f1e6d0'];
    const rows = 6;
    for (let r = 0; r < rows; r += 1) {
      const y = hz + ((h - hz) * (r + 0.4)) / rows;
      let x = -30 * k + rnd(s.r, 0, 30) * k;
      const scale = 0.7 + r * 0.12;
      let walls = '';
      const byColor = new Map<string, string>();
      while (x < w + 20) {
        const bw = rnd(s.r, 40, 80) * k * scale;
        const bh = rnd(s.r, 30, 60) * k * scale;
        const c = pick(s.r, blues);
        byColor.set(c, (byColor.get(c) ?? '') + `M${f(x)} ${f(y - bh)}h${f(bw)}v${f(bh + 90 * k)}h${f(-bw)}Z`);
        walls += `M${f(x - 1)} ${f(y - bh - 4 * k)}h${f(bw + 2)}v${f(5 * k)}h${f(-bw - 2)}Z`;
        const wx = x + bw * rnd(s.r, 0.2, 0.6);
        walls += `M${f(wx)} ${f(y - bh * 0.6)}h${f(7 * k * scale)}v${f(11 * k * scale)}h${f(-7 * k * scale)}Z`;
        x += bw + rnd(s.r, -4, 2) * k;
      }
      let m = '';
      for (const [c, d] of byColor) m += `<path d="${d}" fill="${c}"/>`;
      add(s, `${m}<path d="${walls}" fill="#2c4d80"/>`);
    }
    add(s, `<rect y="${f(h * 0.92)}" width="${w}" height="${f(h * 0.08)}" fill="#2f4f86"/>`);
    return;
  }
  const fortColor = v === 2 ? haze(s, 0.45) : haze(s, 0.35, '#9b5a3a');
  const hill = hills(s, hz, h * 0.03, haze(s, 0.5), 4);
  fort(s, w * (v === 0 ? 0.52 : 0.08), w * (v === 0 ? 0.92 : 0.42), yAt(hill, w * 0.6) + 4 * k, h * 0.22, fortColor);
  dunes(s, hz + 30 * k, h * 0.05, mix(s.p.sand, s.p.sky[2], 0.3), 5);
  const crest = dunes(s, h * 0.8, h * 0.08, s.p.sand, 3);
  const n = v === 0 ? 3 : 5;
  const startX = v === 0 ? w * 0.15 : w * 0.5;
  for (let i = 0; i < n; i += 1) {
    const cx = startX + i * 95 * k;
    camel(s, cx, yAt(crest, cx) + 6 * k, (v === 0 ? 1.0 : 0.7) * k, s.p.land, false, i !== n - 1);
  }
  dunes(s, h * 0.95, h * 0.04, mix(s.p.sand, s.p.accent, 0.15), 3);
}

function drawKerala(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 2);
  if (v === 0) clouds(s, 3, h * 0.06, h * 0.22);
  else streaks(s, 5, h * 0.1, hz * 0.7);
  sea(s, hz, v !== 0, [mix(s.p.water[0], s.p.green, 0.25), mix(s.p.water[1], s.p.green, 0.2)]);
  treeLine(s, hz, -20, w + 20, haze(s, 0.35, s.p.green), 'palm');
  const front = v === 2 ? s.p.land : mix(s.p.land, s.p.green, 0.35);
  if (v === 0) {
    const hb = capture(s, () => houseboat(s, w * 0.52, h * 0.8, 1.25 * k));
    reflect(s, hb, h * 0.8, 0.25);
  } else if (v === 1) {
    fishingNet(s, w * 0.56, h * 0.76, 0.9 * k, s.p.land);
    houseboat(s, w * 0.32, h * 0.7, 0.6 * k, true);
  } else {
    shikara(s, w * 0.55, h * 0.8, 0.9 * k);
    houseboat(s, w * 0.3, h * 0.68, 0.45 * k, true);
  }
  const bankL = `M-20 ${f(h * 0.86)}Q${f(w * 0.15)} ${f(h * 0.84)} ${f(w * 0.26)} ${f(h + 10)}H-20Z`;
  const bankR = `M${f(w + 20)} ${f(h * 0.9)}Q${f(w * 0.88)} ${f(h * 0.88)} ${f(w * 0.8)} ${f(h + 10)}H${f(w + 20)}Z`;
  add(s, `<path d="${bankL}${bankR}" fill="${front}"/>`);
  palm(s, w * 0.06, h * 0.9, h * 0.78, 190 * k, front);
  palm(s, w * 0.16, h * 0.92, h * 0.5, 120 * k, front);
  palm(s, w * 0.95, h * 0.94, h * 0.66, -150 * k, front);
}

function drawMaldives(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 1);
  if (v === 1) streaks(s, 6, h * 0.1, hz * 0.75);
  else clouds(s, 4, h * 0.06, h * 0.3);
  sea(s, hz, true);
  if (v === 2) {
    const lagoon = mix(s.p.water[0], '#ffffff', 0.35);
    add(
      s,
      `<ellipse cx="${f(w * 0.5)}" cy="${f(h * 0.74)}" rx="${f(w * 0.42)}" ry="${f(h * 0.12)}" fill="${lagoon}"/>`,
    );
    add(
      s,
      `<ellipse cx="${f(w * 0.5)}" cy="${f(h * 0.72)}" rx="${f(w * 0.2)}" ry="${f(h * 0.05)}" fill="${s.p.sand}"/>`,
    );
    palm(s, w * 0.45, h * 0.72, h * 0.3, -20 * k, mix(s.p.land, s.p.green, 0.4));
    palm(s, w * 0.55, h * 0.72, h * 0.24, 30 * k, mix(s.p.land, s.p.green, 0.4));
    palm(s, w * 0.5, h * 0.73, h * 0.36, 5 * k, mix(s.p.land, s.p.green, 0.3));
    villas(s, w * 0.02, w * 0.3, h * 0.9, 3, 70 * k);
    villas(s, w * 0.7, w * 0.98, h * 0.9, 3, 70 * k);
    sailboat(s, w * 0.8, hz + 20 * k, 0.5 * k);
    return;
  }
  const y = v === 0 ? h * 0.78 : h * 0.74;
  const v1 = capture(s, () =>
    villas(s, w * (v === 0 ? -0.02 : 0.3), w * (v === 0 ? 0.62 : 1.02), y, v === 0 ? 5 : 4, (v === 0 ? 80 : 72) * k),
  );
  reflect(s, v1, y + 30 * k, 0.2);
  if (v === 0) {
    add(
      s,
      `<ellipse cx="${f(w * 0.9)}" cy="${f(hz + 10 * k)}" rx="${f(w * 0.16)}" ry="${f(12 * k)}" fill="${s.p.sand}"/>`,
    );
    palm(s, w * 0.86, hz + 8 * k, h * 0.2, -15 * k, mix(s.p.land, s.p.green, 0.4));
    palm(s, w * 0.93, hz + 8 * k, h * 0.16, 20 * k, mix(s.p.land, s.p.green, 0.4));
    beach(s, h * 0.93, h * 0.05, false);
  } else {
    palm(s, w * 0.08, h * 1.02, h * 0.68, 60 * k, s.p.land);
    palm(s, w * 0.2, h * 1.03, h * 0.45, 20 * k, s.p.land);
  }
}

function drawBali(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 2) streaks(s, 4, h * 0.2, hz * 0.7, '#ffffff', 0.5);
  else clouds(s, 3, h * 0.05, h * 0.22);
  massif(s, w * (v === 1 ? 0.25 : 0.45), hz, w * 0.55, h * 0.36, VOLCANO, haze(s, 0.6, s.p.green));
  hills(s, hz, h * 0.03, haze(s, 0.45, s.p.green), 5);
  if (v === 1) {
    treeLine(s, hz + 4 * k, -20, w + 20, haze(s, 0.35, s.p.green), 'palm');
    add(s, `<rect y="${f(hz + 6 * k)}" width="${w}" height="${f(h - hz)}" fill="${mix(s.p.green, s.p.sand, 0.3)}"/>`);
    const stone = mix('#6b5a4a', s.p.land, 0.3);
    add(
      s,
      `<path d="M${f(w * 0.36)} ${f(h)}L${f(w * 0.45)} ${f(h * 0.8)}H${f(w * 0.55)}L${f(w * 0.64)} ${f(h)}Z" fill="${mix(stone, '#ffffff', 0.25)}"/>`,
    );
    let steps = '';
    for (let i = 0; i < 6; i += 1) steps += `M${f(w * 0.36)} ${f(h * (0.82 + i * 0.035))}H${f(w * 0.64)}`;
    add(s, `<path d="${steps}" stroke="${stone}" stroke-width="${f(3 * k)}" opacity="0.5"/>`);
    splitGate(s, w * 0.5, h * 0.82, h * 0.62, stone);
    palm(s, w * 0.06, h * 1.02, h * 0.6, 40 * k, s.p.land);
    palm(s, w * 0.94, h * 1.02, h * 0.55, -40 * k, s.p.land);
    return;
  }
  terraces(s, hz + 6 * k, 9, s.p.green);
  if (v === 0) {
    palm(s, w * 0.78, h * 0.78, h * 0.42, -20 * k, mix(s.p.land, s.p.green, 0.4));
    palm(s, w * 0.86, h * 0.82, h * 0.5, 20 * k, mix(s.p.land, s.p.green, 0.4));
    splitGate(s, w * 0.2, h * 0.74, h * 0.22, mix('#6b5a4a', s.p.land, 0.3));
  } else {
    palm(s, w * 0.1, h * 1.02, h * 0.66, 50 * k, mix(s.p.land, s.p.green, 0.3));
    palm(s, w * 0.9, h * 0.9, h * 0.42, -30 * k, mix(s.p.land, s.p.green, 0.3));
  }
  birds(s, 4, w * 0.7, h * 0.18, 50 * k);
}

function drawThailand(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 1);
  if (v === 1) streaks(s, 6, h * 0.1, hz * 0.7);
  else clouds(s, 3, h * 0.05, h * 0.22);
  const far = capture(s, () => {
    karsts(
      s,
      hz,
      [
        [w * 0.12, 110 * k, 150 * k],
        [w * 0.66, 90 * k, 120 * k],
        [w * 0.9, 120 * k, 180 * k],
      ],
      haze(s, 0.6, s.p.green),
    );
    karsts(
      s,
      hz,
      [
        [w * (v === 2 ? 0.4 : 0.3), 150 * k, 300 * k],
        [w * 0.78, 130 * k, 240 * k],
      ],
      haze(s, 0.3, s.p.green),
    );
  });
  sea(s, hz, true);
  reflect(s, far, hz, 0.3);
  if (v === 2) {
    beach(s, h * 0.8, h * 0.1, true);
    longtail(s, w * 0.5, h * 0.84, 1.1 * k, true);
    longtail(s, w * 0.78, h * 0.9, 1.2 * k);
    palm(s, w * 0.08, h * 1.02, h * 0.7, 70 * k, mix(s.p.land, s.p.green, 0.35));
    return;
  }
  const boat = capture(s, () => longtail(s, w * (v === 0 ? 0.55 : 0.45), h * 0.84, 1.3 * k, v === 1));
  reflect(s, boat, h * 0.84, 0.2);
  if (v === 0) {
    karsts(s, h * 1.02, [[w * 0.02, 260 * k, 520 * k]], mix(s.p.land, s.p.green, 0.3));
    longtail(s, w * 0.85, h * 0.7, 0.5 * k);
  } else {
    palm(s, w * 0.92, h * 1.02, h * 0.7, -80 * k, s.p.land);
  }
}

function drawSingapore(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  const lit = s.p.night || v === 1;
  sky(s);
  sun(s);
  if (!lit) clouds(s, 3, h * 0.06, h * 0.22);
  const glow = lit ? s.p.accent : undefined;
  const city = capture(s, () => {
    skyline(s, hz, -10, w + 10, 60 * k, 170 * k, haze(s, 0.55), glow ? { windows: glow, density: 0.1 } : {});
    skyline(
      s,
      hz,
      w * 0.02,
      w * 0.5,
      90 * k,
      260 * k,
      haze(s, 0.3),
      glow ? { windows: mix(glow, '#ffffff', 0.4), density: 0.18 } : {},
    );
    wheel(s, w * 0.86, hz - 120 * k, 100 * k, hz, haze(s, 0.3));
    marinaTowers(s, w * 0.54, hz, h * 0.3, haze(s, 0.2, '#5a6a7a'));
  });
  sea(s, hz, false);
  reflect(s, city, hz, 0.35);
  const treeColor = mix(s.p.land, '#2f6f5a', lit ? 0.3 : 0.6);
  let trees = '';
  const pos: Array<[number, number]> =
    v === 2
      ? [
          [0.08, 0.3],
          [0.17, 0.42],
          [0.27, 0.26],
          [0.36, 0.34],
        ]
      : [
          [0.07, 0.26],
          [0.15, 0.36],
          [0.23, 0.22],
          [0.3, 0.28],
        ];
  for (const [tx, th] of pos) trees += supertree(w * tx, h, h * th);
  add(s, `<path d="${trees}" fill="${treeColor}"/>`);
  if (lit) {
    let dots = '';
    for (const [tx, th] of pos) {
      for (let i = 0; i < 9; i += 1) {
        const cx = w * tx + (i - 4) * h * th * 0.055;
        dots += `M${f(cx)} ${f(h - h * th + 2 * k)}a${f(2.5 * k)} ${f(2.5 * k)} 0 1 0 .1 0Z`;
      }
    }
    add(s, `<path d="${dots}" fill="${mix('#ff4fd8', s.p.accent, 0.3)}"/>`);
  }
  add(s, `<rect y="${f(h * 0.96)}" width="${w}" height="${f(h * 0.04)}" fill="${s.p.land}"/>`);
}

function drawSwitzerland(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 0) clouds(s, 3, h * 0.06, h * 0.2);
  mountains(s, hz, h * 0.46, 3, haze(s, 0.55), { snow: true });
  mountains(s, hz + 20 * k, h * 0.3, 4, haze(s, 0.35), { snow: true });
  if (v === 1) {
    const y = hz + 30 * k;
    sea(s, y, false);
    treeLine(s, y, -20, w + 20, haze(s, 0.3, s.p.green), 'pine');
    sailboat(s, w * 0.7, h * 0.82, 0.6 * k);
    hills(s, h * 0.95, h * 0.03, mix(s.p.green, s.p.land, 0.35), 4);
    chalet(s, w * 0.2, h * 0.96, 0.9 * k);
    pines(s, w * 0.02, w * 0.12, h * 0.98, 120 * k, 220 * k, 3, s.p.land);
    return;
  }
  const meadow = v === 2 ? mix(s.p.snow, s.p.sky[1], 0.25) : mix(s.p.green, '#b5d86a', 0.35);
  const meadow2 = v === 2 ? s.p.snow : mix(s.p.green, '#b5d86a', 0.15);
  const back = hills(s, hz + 60 * k, h * 0.05, mix(meadow, s.p.sky[2], 0.3), 4);
  pines(s, w * 0.55, w * 1.02, back, 50 * k, 100 * k, 14, haze(s, 0.25, s.p.green));
  const front = hills(s, h * 0.85, h * 0.06, meadow, 4);
  chalet(s, w * 0.4, yAt(front, w * 0.4) + 8 * k, 1.2 * k);
  hills(s, h * 0.97, h * 0.02, meadow2, 3);
  pines(s, -20 * k, w * 0.18, h * 1.01, 150 * k, 300 * k, 4, s.p.land);
  pines(s, w * 0.85, w * 1.02, h * 1.01, 140 * k, 280 * k, 3, s.p.land);
}

function drawTurkey(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 2) clouds(s, 2, h * 0.05, h * 0.18, 0.8);
  const rock = v === 1 ? '#d9a06a' : '#e2b98f';
  hills(s, hz - 30 * k, h * 0.05, haze(s, 0.55, rock), 4);
  const palettes: Array<[string, string]> = [
    ['#e4572e', '#ffc914'],
    ['#2e86ab', '#f6f5ae'],
    ['#f25f5c', '#ffe066'],
    ['#7b2cbf', '#f9c74f'],
    ['#ef476f', '#06d6a0'],
    ['#f3722c', '#277da1'],
  ];
  const far: Array<[number, number, number]> = [];
  for (let i = 0; i < 7; i += 1)
    far.push([w * (0.05 + i * 0.15) + rnd(s.r, -20, 20) * k, rnd(s.r, 0.45, 0.8) * 70 * k, rnd(s.r, 0.5, 1) * 120 * k]);
  chimneys(s, hz + 20 * k, far, haze(s, 0.45, rock));
  const count = v === 1 ? 12 : 8;
  for (let i = 0; i < count; i += 1) {
    const depth = i / count;
    const r = (12 + 48 * depth * depth) * k * (v === 2 ? 1.2 : 1);
    const x = rnd(s.r, 0.05, 0.95) * w;
    const y = rnd(s.r, 0.1, 0.55) * h * (1 - depth * 0.4) + r;
    const c = pick(s.r, palettes);
    const tint = 0.45 * (1 - depth);
    balloon(s, x, y, r, [mix(c[0], s.p.sky[1], tint), mix(c[1], s.p.sky[1], tint)]);
  }
  hills(s, hz + 60 * k, h * 0.04, haze(s, 0.25, rock), 4);
  const near: Array<[number, number, number]> =
    v === 2
      ? [
          [w * 0.08, 150 * k, 300 * k],
          [w * 0.2, 110 * k, 220 * k],
          [w * 0.82, 130 * k, 260 * k],
          [w * 0.94, 160 * k, 340 * k],
        ]
      : [
          [w * 0.1, 120 * k, 230 * k],
          [w * 0.24, 90 * k, 170 * k],
          [w * 0.76, 100 * k, 190 * k],
          [w * 0.9, 130 * k, 260 * k],
        ];
  chimneys(s, h * 0.98, near, haze(s, 0.08, rock));
  hills(s, h * 0.97, h * 0.02, haze(s, 0.05, mix(rock, s.p.land, 0.3)), 4);
  balloon(s, w * (v === 0 ? 0.62 : 0.4), h * 0.3, 70 * k, ['#e4572e', '#ffc914']);
}

function drawAndaman(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 1);
  if (v === 1) streaks(s, 5, h * 0.1, hz * 0.7);
  else clouds(s, 4, h * 0.05, h * 0.28);
  hills(s, hz + 2, h * 0.025, haze(s, 0.5, s.p.green), 4);
  sea(s, hz, true);
  if (v === 2) {
    const arch = capture(s, () => rockArch(s, w * 0.35, h * 0.82, w * 0.36, h * 0.34, mix('#8b6f5a', s.p.land, 0.3)));
    reflect(s, arch, h * 0.82, 0.2);
    beach(s, h * 0.9, h * 0.06, true);
    palm(s, w * 0.9, h * 1.02, h * 0.62, -70 * k, mix(s.p.land, s.p.green, 0.35));
    return;
  }
  add(
    s,
    `<path d="M${f(w * 0.72)} ${f(hz + 4)}Q${f(w * 0.8)} ${f(hz - h * 0.14)} ${f(w * 0.9)} ${f(hz - h * 0.12)}T${f(w + 20)} ${f(hz + 4)}Z" fill="${haze(s, 0.25, s.p.green)}"/>`,
  );
  beach(s, h * 0.8, h * 0.14, v === 0);
  const c = v === 1 ? s.p.land : mix(s.p.land, s.p.green, 0.35);
  if (v === 0) {
    fishingBoat(s, w * 0.5, h * 0.8, 0.8 * k);
    palm(s, w * 0.92, h * 1.02, h * 0.78, -170 * k, c);
    palm(s, w * 0.8, h * 1.03, h * 0.46, -50 * k, c);
  } else {
    palm(s, w * 0.08, h * 1.02, h * 0.75, 150 * k, c);
    palm(s, w * 0.2, h * 1.03, h * 0.5, 60 * k, c);
    birds(s, 5, w * 0.5, h * 0.25, 60 * k);
  }
}

function drawManali(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s);
  if (v === 0) clouds(s, 3, h * 0.05, h * 0.2);
  if (v === 1) streaks(s, 4, h * 0.15, hz * 0.6, '#ffffff', 0.45);
  mountains(s, hz, h * 0.45, 4, haze(s, 0.55), { snow: true });
  const mid = mountains(s, hz + 40 * k, h * 0.25, 6, haze(s, 0.4, s.p.green), { snow: v !== 0 });
  pines(
    s,
    -20,
    w + 20,
    mid.map(([x, y]): Pt => [x, y + 40 * k]),
    30 * k,
    60 * k,
    40,
    haze(s, 0.35, s.p.green),
  );
  const slope = hills(s, h * 0.78, h * 0.05, haze(s, 0.2, s.p.green), 4);
  pines(s, -20, w + 20, slope, 60 * k, 110 * k, 26, haze(s, 0.15, s.p.green));
  // river
  add(
    s,
    `<path d="M${f(w * 0.45)} ${f(h * 0.8)}C${f(w * 0.5)} ${f(h * 0.86)} ${f(w * 0.3)} ${f(h * 0.92)} ${f(w * 0.36)} ${f(h + 10)}H${f(w * 0.62)}C${f(w * 0.5)} ${f(h * 0.92)} ${f(w * 0.6)} ${f(h * 0.85)} ${f(w * 0.48)} ${f(h * 0.8)}Z" fill="${lin(
      s,
      [
        [0, s.p.water[0]],
        [1, mix(s.p.water[0], '#ffffff', 0.3)],
      ],
    )}"/>`,
  );
  if (v === 2) {
    tent(s, w * 0.7, h * 0.93, 0.9 * k, s.p.accent);
    tent(s, w * 0.82, h * 0.95, 0.7 * k, mix(s.p.accent, '#ffffff', 0.2));
  } else {
    chalet(s, w * 0.74, h * 0.92, 0.55 * k);
  }
  pines(s, -40 * k, w * 0.2, h * 1.02, 220 * k, 420 * k, 4, s.p.land);
  pines(s, w * 0.88, w + 40 * k, h * 1.02, 200 * k, 360 * k, 3, s.p.land);
}

function drawSriLanka(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 2);
  if (v === 0) clouds(s, 3, h * 0.06, h * 0.22);
  else streaks(s, 5, h * 0.12, hz * 0.7);
  if (v === 2) {
    sea(s, hz, true);
    for (const [x, y, sc] of [
      [0.3, 0.78, 0.9],
      [0.46, 0.74, 0.7],
      [0.62, 0.82, 1.1],
      [0.78, 0.76, 0.8],
    ] as const) {
      const st = capture(s, () => stiltFisher(s, w * x, h * y, sc * k * 1.2, s.p.land));
      reflect(s, st, h * y + 40 * sc * k * 1.2, 0.2);
    }
    beach(s, h * 0.94, h * 0.04, false);
    palm(s, w * 0.06, h * 1.02, h * 0.7, 120 * k, s.p.land);
    return;
  }
  mountains(s, hz, h * 0.25, 5, haze(s, 0.6, s.p.green), { facet: true });
  if (v === 1) {
    massif(s, w * 0.42, hz + 10 * k, w * 0.3, h * 0.34, ROCK, mix('#8a5a3c', s.p.land, 0.35));
    hills(s, hz + 20 * k, h * 0.03, haze(s, 0.3, s.p.green), 6);
    treeLine(s, hz + 60 * k, -20, w + 20, haze(s, 0.2, s.p.green), 'round');
    add(s, `<rect y="${f(hz + 58 * k)}" width="${w}" height="${f(h)}" fill="${haze(s, 0.2, s.p.green)}"/>`);
    palm(s, w * 0.08, h * 1.02, h * 0.6, 40 * k, s.p.land);
    palm(s, w * 0.9, h * 1.02, h * 0.5, -40 * k, s.p.land);
    return;
  }
  const tea = '#4f9a4a';
  const a = hills(s, hz + 20 * k, h * 0.06, mix(tea, s.p.sky[2], 0.45), 5);
  teaRows(s, a, 4, 12 * k, mix(tea, s.p.sky[2], 0.3));
  const b = hills(s, h * 0.78, h * 0.08, mix(tea, '#9fd36a', 0.3), 5);
  teaRows(s, b, 8, 20 * k, mix(tea, '#2f6a3a', 0.3));
  roundTree(s, w * 0.8, yAt(b, w * 0.8) + 4 * k, 170 * k, mix(s.p.land, s.p.green, 0.5));
  roundTree(s, w * 0.2, yAt(a, w * 0.2) + 4 * k, 90 * k, mix(s.p.land, s.p.green, 0.6));
}

function drawMauritius(s: Scene, v: number): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  sky(s);
  sun(s, v === 1);
  if (v === 1) streaks(s, 6, h * 0.1, hz * 0.7);
  else clouds(s, 4, h * 0.05, h * 0.26);
  const mx = v === 2 ? w * 0.05 : w * 0.38;
  const mtn = capture(s, () => {
    if (v === 2) mountains(s, hz, h * 0.3, 4, haze(s, 0.4, s.p.green), { x0: -40, x1: w * 0.7 });
    else massif(s, mx, hz + 4, w * 0.6, h * 0.34, TABLE_MOUNTAIN, haze(s, 0.3, s.p.green));
  });
  sea(s, hz, true);
  reflect(s, mtn, hz + 4, 0.2);
  const lagoon = mix(s.p.water[0], '#ffffff', 0.35);
  add(
    s,
    `<path d="M-20 ${f(hz + 40 * k)}Q${f(w * 0.5)} ${f(hz + 10 * k)} ${f(w + 20)} ${f(hz + 30 * k)}V${f(h)}H-20Z" fill="${lagoon}" opacity="0.45"/>`,
  );
  add(
    s,
    `<path d="M-20 ${f(hz + 40 * k)}Q${f(w * 0.5)} ${f(hz + 10 * k)} ${f(w + 20)} ${f(hz + 30 * k)}" stroke="#ffffff" stroke-width="${f(3 * k)}" fill="none" opacity="0.6" stroke-dasharray="${f(30 * k)} ${f(18 * k)}"/>`,
  );
  sailboat(s, w * (v === 2 ? 0.78 : 0.22), hz + 70 * k, 0.7 * k, v === 2);
  if (v === 1) sailboat(s, w * 0.6, hz + 30 * k, 0.4 * k);
  beach(s, h * 0.86, h * 0.1, v !== 0);
  const c = v === 1 ? s.p.land : mix(s.p.land, s.p.green, 0.35);
  if (v === 0) {
    palm(s, w * 0.9, h * 1.02, h * 0.72, -100 * k, c);
    palm(s, w * 0.78, h * 1.03, h * 0.48, -40 * k, c);
  } else {
    palm(s, w * 0.08, h * 1.02, h * 0.72, 100 * k, c);
    palm(s, w * 0.95, h * 1.03, h * 0.5, -40 * k, c);
  }
}

/* ------------------------------------------------------------------ *
 * Banner scenes (16:9)
 * ------------------------------------------------------------------ */

function bannerSunsetBeach(s: Scene): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  s.sunX = w * 0.62;
  sky(s);
  sun(s, true);
  streaks(s, 7, h * 0.1, hz * 0.8);
  hills(s, hz + 2, h * 0.02, haze(s, 0.5), 5);
  sea(s, hz);
  sailboat(s, w * 0.4, hz + 26 * k, 0.5 * k);
  beach(s, h * 0.84, h * 0.1, true);
  palm(s, w * 0.05, h * 1.03, h * 0.86, 120 * k, s.p.land);
  palm(s, w * 0.15, h * 1.04, h * 0.56, 50 * k, s.p.land);
  palm(s, w * 0.93, h * 1.03, h * 0.74, -110 * k, s.p.land);
  birds(s, 6, w * 0.45, h * 0.2, 80 * k);
}

function bannerDesertSafari(s: Scene): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  s.sunX = w * 0.7;
  sky(s);
  sun(s, true);
  streaks(s, 4, h * 0.12, hz * 0.6);
  dunes(s, hz, h * 0.05, mix(s.p.sand, s.p.sky[2], 0.35), 5);
  const mid = dunes(s, h * 0.74, h * 0.06, mix(s.p.sand, s.p.sky[2], 0.12), 4);
  for (const [x, sc] of [
    [0.62, 0.5],
    [0.7, 0.42],
  ] as const)
    tent(s, w * x, yAt(mid, w * x) + 6 * k, sc * k, mix(s.p.land, s.p.accent, 0.3));
  const crest = dunes(s, h * 0.86, h * 0.07, s.p.sand, 3);
  for (let i = 0; i < 5; i += 1) {
    const cx = w * 0.1 + i * 110 * k;
    camel(s, cx, yAt(crest, cx) + 6 * k, 0.95 * k, s.p.land, false, i < 4);
  }
  dunes(s, h * 0.99, h * 0.03, mix(s.p.sand, s.p.accent, 0.15), 3);
}

function bannerMountainEscape(s: Scene): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  s.sunX = w * 0.55;
  sky(s);
  sun(s);
  streaks(s, 4, h * 0.15, hz * 0.6, '#ffffff', 0.4);
  const mts = capture(s, () => {
    mountains(s, hz, h * 0.5, 4, haze(s, 0.6), { snow: true });
    mountains(s, hz, h * 0.3, 6, haze(s, 0.4), { snow: true });
  });
  sea(s, hz, true);
  reflect(s, mts, hz, 0.3);
  treeLine(s, hz, -20, w + 20, haze(s, 0.3, s.p.green), 'pine');
  hills(s, h * 0.93, h * 0.03, mix(s.p.land, s.p.green, 0.3), 4);
  tent(s, w * 0.72, h * 0.94, 0.8 * k, s.p.accent);
  pines(s, -40 * k, w * 0.16, h * 1.02, 220 * k, 420 * k, 4, s.p.land);
  pines(s, w * 0.86, w + 40 * k, h * 1.02, 200 * k, 380 * k, 3, s.p.land);
  shikara(s, w * 0.42, h * 0.84, 0.9 * k);
}

function bannerCityLights(s: Scene): void {
  const { w, h, horizon: hz } = s;
  const k = w / 1200;
  s.sunX = w * 0.15;
  sky(s);
  sun(s);
  const city = capture(s, () => {
    skyline(s, hz, -10, w + 10, 80 * k, 200 * k, haze(s, 0.55), { windows: s.p.accent, density: 0.12 });
    tower(s, w * 0.62, hz, h * 0.68, haze(s, 0.35));
    wheel(s, w * 0.14, hz - 110 * k, 95 * k, hz, haze(s, 0.35));
    skyline(s, hz, w * 0.24, w * 0.56, 70 * k, 230 * k, haze(s, 0.25), {
      windows: mix(s.p.accent, '#ffffff', 0.4),
      density: 0.22,
    });
    skyline(s, hz, w * 0.68, w + 10, 60 * k, 210 * k, haze(s, 0.25), {
      windows: mix(s.p.accent, '#ffffff', 0.4),
      density: 0.22,
    });
  });
  sea(s, hz, false);
  reflect(s, city, hz, 0.4);
  fishingBoat(s, w * 0.8, h * 0.88, 0.8 * k);
  add(s, `<rect y="${f(h * 0.95)}" width="${w}" height="${f(h * 0.05)}" fill="${s.p.land}"/>`);
}

/* === OUTPUT === */

interface Variant {
  mood: Mood;
  over?: Partial<Palette>;
  horizon?: number;
}

interface Destination {
  slug: string;
  draw: (s: Scene, v: number) => void;
  variants: [Variant, Variant, Variant];
}

const DESTINATIONS: Destination[] = [
  {
    slug: 'kerala',
    draw: drawKerala,
    variants: [{ mood: 'day', over: { green: '#2f8a4a' } }, { mood: 'golden' }, { mood: 'sunset' }],
  },
  {
    slug: 'maldives',
    draw: drawMaldives,
    variants: [{ mood: 'tropic' }, { mood: 'sunset' }, { mood: 'tropic', horizon: 0.5 }],
  },
  {
    slug: 'bali',
    draw: drawBali,
    variants: [
      { mood: 'day', over: { green: '#3f9a3a' } },
      { mood: 'golden', over: { green: '#6f8a3a' } },
      { mood: 'dawn', over: { green: '#4f9a5a' } },
    ],
  },
  {
    slug: 'thailand',
    draw: drawThailand,
    variants: [{ mood: 'tropic' }, { mood: 'sunset' }, { mood: 'day', over: { water: ['#40c8c8', '#137a9a'] } }],
  },
  {
    slug: 'singapore',
    draw: drawSingapore,
    variants: [{ mood: 'night' }, { mood: 'dusk' }, { mood: 'day', horizon: 0.66 }],
  },
  { slug: 'switzerland', draw: drawSwitzerland, variants: [{ mood: 'day' }, { mood: 'dawn' }, { mood: 'dusk' }] },
  { slug: 'turkey', draw: drawTurkey, variants: [{ mood: 'dawn' }, { mood: 'golden' }, { mood: 'day' }] },
  { slug: 'andaman', draw: drawAndaman, variants: [{ mood: 'tropic' }, { mood: 'sunset' }, { mood: 'tropic' }] },
  { slug: 'manali', draw: drawManali, variants: [{ mood: 'day' }, { mood: 'dawn' }, { mood: 'night' }] },
  {
    slug: 'sri-lanka',
    draw: drawSriLanka,
    variants: [{ mood: 'day', horizon: 0.5 }, { mood: 'golden' }, { mood: 'sunset' }],
  },
  {
    slug: 'mauritius',
    draw: drawMauritius,
    variants: [{ mood: 'tropic' }, { mood: 'sunset' }, { mood: 'day', over: { water: ['#43c6d0', '#0e6f9a'] } }],
  },
  { slug: 'dubai', draw: drawDubai, variants: [{ mood: 'golden' }, { mood: 'night' }, { mood: 'tropic' }] },
  {
    slug: 'abu-dhabi',
    draw: drawAbuDhabi,
    variants: [{ mood: 'day' }, { mood: 'sunset' }, { mood: 'night', horizon: 0.6 }],
  },
  {
    slug: 'rajasthan',
    draw: drawRajasthan,
    variants: [{ mood: 'golden' }, { mood: 'day', horizon: 0.55 }, { mood: 'sunset' }],
  },
  { slug: 'kashmir', draw: drawKashmir, variants: [{ mood: 'day' }, { mood: 'dawn' }, { mood: 'dusk' }] },
  { slug: 'goa', draw: drawGoa, variants: [{ mood: 'tropic' }, { mood: 'sunset' }, { mood: 'golden' }] },
];

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const ONLY = (process.env.ONLY ?? '').split(',').filter(Boolean);
const PREVIEW = process.env.PREVIEW ?? '';

function wanted(name: string): boolean {
  return ONLY.length === 0 || ONLY.some((o) => name.includes(o));
}

function svgAt(s: Scene, width: number): string {
  const height = Math.round((width * s.h) / s.w);
  return render(s).replace(`width="${s.w}" height="${s.h}"`, `width="${width}" height="${height}"`);
}

let written = 0;

async function webp(s: Scene, dir: string, base: string, widths: number[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const width of widths) {
    const buf = await sharp(Buffer.from(svgAt(s, width)))
      .webp({ quality: 70, effort: 6 })
      .toBuffer();
    await writeFile(path.join(dir, `${base}-${width}.webp`), buf);
    written += 1;
  }
  if (PREVIEW) {
    await mkdir(PREVIEW, { recursive: true });
    await sharp(Buffer.from(svgAt(s, 960)))
      .png()
      .toFile(path.join(PREVIEW, `${base}.png`));
  }
}

function destScene(d: Destination, n: number, w = 1200, h = 800, seed = `${d.slug}-${n}`, mood?: Mood): Scene {
  const v = d.variants[n - 1] ?? d.variants[0];
  const p = palette(mood ?? v.mood, mood ? {} : v.over);
  const s = makeScene(w, h, seed, p, v.horizon ?? 0.62);
  d.draw(s, (n - 1) % 3);
  return s;
}

async function places(): Promise<void> {
  const dir = path.join(PUBLIC, 'images', 'places');
  for (const d of DESTINATIONS) {
    for (const n of [1, 2, 3]) {
      const base = `${d.slug}-${n}`;
      if (!wanted(base)) continue;
      await webp(destScene(d, n), dir, base, [480, 960, 1440]);
    }
  }
}

/* ------------------------------------------------------------------ *
 * App identity: logo, favicon and PWA icons
 * ------------------------------------------------------------------ */

const TEAL = '#0f766e';
const TEAL_DARK = '#115e59';
const ORANGE = '#f97316';

/** The brand mark (sun over waves with a paper plane) in a 512 × 512 box, scaled about the centre. */
function brandMark(waves: string, plane: string, scale = 1): string {
  const t = `translate(256 256) scale(${scale}) translate(-256 -256)`;
  return (
    `<g transform="${t}">` +
    `<clipPath id="sunclip"><rect x="0" y="0" width="512" height="292"/></clipPath>` +
    `<circle cx="236" cy="282" r="112" fill="${ORANGE}" clip-path="url(#sunclip)"/>` +
    `<path d="M96 324q40-34 80 0t80 0t80 0t80 0M136 392q30-28 60 0t60 0t60 0t60 0" fill="none" stroke="${waves}" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M432 92L318 146L360 164Z" fill="${plane}"/><path d="M432 92L360 164L378 214Z" fill="${plane}" opacity="0.78"/>` +
    `</g>`
  );
}

/**
 * A small flag in the lower right of an app icon, inside a maskable icon's safe zone (the circle of
 * 40% of the size around the centre): each site's installed app shows its country.
 */
const COUNTRY_MARKS: Record<'uae' | 'in', string> = {
  uae:
    `<rect x="290" y="300" width="128" height="80" rx="12" fill="#fff"/>` +
    `<rect x="326" y="308" width="84" height="21.3" fill="#00732f"/><rect x="326" y="329.3" width="84" height="21.4" fill="#fff"/>` +
    `<rect x="326" y="350.7" width="84" height="21.3" fill="#000"/><rect x="298" y="308" width="28" height="64" fill="#ff0000"/>` +
    `<rect x="298" y="308" width="112" height="64" fill="none" stroke="#d0d4d9" stroke-width="1.5"/>`,
  in:
    `<rect x="290" y="300" width="128" height="80" rx="12" fill="#fff"/>` +
    `<rect x="298" y="308" width="112" height="21.3" fill="#ff9933"/><rect x="298" y="329.3" width="112" height="21.4" fill="#fff"/>` +
    `<rect x="298" y="350.7" width="112" height="21.3" fill="#138808"/>` +
    `<circle cx="354" cy="340" r="8.5" fill="none" stroke="#000080" stroke-width="2.5"/><circle cx="354" cy="340" r="2" fill="#000080"/>`,
};

function iconSvg(
  size: number,
  bg: 'none' | 'rounded' | 'full',
  waves: string,
  plane: string,
  scale: number,
  mark = '',
): string {
  const back =
    bg === 'rounded'
      ? `<rect width="512" height="512" rx="112" fill="${TEAL}"/>`
      : bg === 'full'
        ? `<rect width="512" height="512" fill="${TEAL}"/>`
        : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${back}${brandMark(waves, plane, scale)}${mark}</svg>`;
}

/** White 96 × 96 shortcut glyphs on the teal rounded square. */
const SHORTCUT_GLYPHS: Record<string, string> = {
  holidays:
    `<path d="M47 78Q45 58 52 38" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M52 38Q38 26 22 36Q36 32 52 38ZM52 38Q64 24 78 32Q64 30 52 38ZM52 38Q42 40 34 54Q44 44 52 38ZM52 38Q64 42 68 56Q62 44 52 38ZM52 38Q50 24 58 18Q54 28 52 38Z" fill="#fff" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M20 80Q48 70 76 80Z" fill="#fff" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
  cart:
    `<path d="M16 22h10l8 36h34l7-26H30" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="38" cy="72" r="6" fill="#fff"/><circle cx="64" cy="72" r="6" fill="#fff"/>`,
  trips:
    `<path d="M14 30a4 4 0 0 1 4-4h60a4 4 0 0 1 4 4v10a8 8 0 0 0 0 16v10a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V56a8 8 0 0 0 0-16Z" fill="#fff"/>` +
    `<path d="M60 30v36" stroke="${TEAL}" stroke-width="3" stroke-dasharray="4 4"/>` +
    `<path d="M36 36l3.5 7 7.5 1-5.5 5.2 1.4 7.6L36 53.2l-6.9 3.6 1.4-7.6-5.5-5.2 7.5-1Z" fill="${ORANGE}"/>`,
};

async function png(svg: string, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  written += 1;
}

async function identity(): Promise<void> {
  const header = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">';
  await writeFile(path.join(PUBLIC, 'logo.svg'), `${header}${brandMark(TEAL, TEAL_DARK, 1.15)}</svg>\n`);
  await writeFile(
    path.join(PUBLIC, 'favicon.svg'),
    `${header}<rect width="512" height="512" rx="112" fill="${TEAL}"/>${brandMark('#ffffff', '#ffffff', 1.05)}</svg>\n`,
  );
  const icons = path.join(PUBLIC, 'icons');
  // Each site's installed app: its own icons with its country's flag (manifest.webmanifest,
  // server/services/web-manifest.ts).
  for (const [site, mark] of Object.entries(COUNTRY_MARKS)) {
    await png(iconSvg(192, 'rounded', '#ffffff', '#ffffff', 0.95, mark), path.join(icons, `icon-${site}-192.png`));
    await png(iconSvg(512, 'rounded', '#ffffff', '#ffffff', 0.95, mark), path.join(icons, `icon-${site}-512.png`));
    await png(iconSvg(512, 'full', '#ffffff', '#ffffff', 0.72, mark), path.join(icons, `maskable-${site}-512.png`));
    await png(
      iconSvg(180, 'full', '#ffffff', '#ffffff', 0.9, mark),
      path.join(icons, `apple-touch-icon-${site}-180.png`),
    );
  }
  for (const [name, glyph] of Object.entries(SHORTCUT_GLYPHS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${TEAL}"/>${glyph}</svg>`;
    await png(svg, path.join(icons, `shortcut-${name}-96.png`));
  }
}

async function banners(): Promise<void> {
  const dir = path.join(PUBLIC, 'images', 'banners');
  const list: Array<[(s: Scene) => void, Mood, number]> = [
    [bannerSunsetBeach, 'sunset', 0.62],
    [bannerDesertSafari, 'golden', 0.6],
    [bannerMountainEscape, 'dawn', 0.64],
    [bannerCityLights, 'night', 0.66],
  ];
  for (const [i, [draw, mood, horizon]] of list.entries()) {
    const base = `banner-${i + 1}`;
    if (!wanted(base)) continue;
    const s = makeScene(1600, 900, base, palette(mood), horizon);
    draw(s);
    await webp(s, dir, base, [640, 1280]);
  }
}

function dest(slug: string): Destination {
  const d = DESTINATIONS.find((x) => x.slug === slug);
  if (!d) throw new Error(`unknown destination ${slug}`);
  return d;
}

/** Blog and deal art: destination drawings re-rolled with other seeds and palettes. */
async function extras(kind: 'blog' | 'deal', list: Array<[string, number, Mood]>): Promise<void> {
  const dir = path.join(PUBLIC, 'images', kind === 'blog' ? 'blog' : 'deals');
  for (const [i, [slug, n, mood]] of list.entries()) {
    const base = `${kind}-${i + 1}`;
    if (!wanted(base)) continue;
    await webp(destScene(dest(slug), n, 1200, 800, `${base}-${slug}`, mood), dir, base, [480, 960]);
  }
}

async function main(): Promise<void> {
  await places();
  await banners();
  await extras('blog', [
    ['kerala', 2, 'dawn'],
    ['switzerland', 1, 'golden'],
    ['maldives', 3, 'dawn'],
    ['rajasthan', 1, 'dusk'],
    ['bali', 1, 'golden'],
    ['turkey', 3, 'sunset'],
  ]);
  await extras('deal', [
    ['dubai', 3, 'golden'],
    ['thailand', 1, 'dawn'],
    ['mauritius', 1, 'golden'],
    ['kashmir', 2, 'golden'],
  ]);
  if (wanted('icons')) await identity();
  console.log(`generate-images: wrote ${written} raster files`);
}

await main();
