// Takes the web app manifest's screenshots (public/screenshots/*.webp) from the real shop:
// `npm run build && node --import tsx scripts/screenshots.ts [name …]` (all of them, or the ones
// named, e.g. `home-in-narrow home-in-wide`). Run again when the home page changes. Each site's
// app shows its own home (issue 34): India's in rupees, under its own name.
import { chromium } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { CHROME_PATH } from '../bench/lib/chromium.ts';
import { ROOT, startProductionServer } from '../bench/lib/server.ts';

const shots = [
  { name: 'home-narrow', width: 390, height: 844, path: '/' },
  { name: 'home-wide', width: 1280, height: 800, path: '/' },
  { name: 'home-in-narrow', width: 390, height: 844, path: '/in' },
  { name: 'home-in-wide', width: 1280, height: 800, path: '/in' },
];
const only = process.argv.slice(2);

const server = await startProductionServer();
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-background-networking'],
});
try {
  const out = join(ROOT, 'public/screenshots');
  await mkdir(out, { recursive: true });
  for (const shot of shots.filter((s) => only.length === 0 || only.includes(s.name))) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await page.goto(`${server.origin}${shot.path}`, { waitUntil: 'networkidle' });
    const png = await page.screenshot();
    await sharp(png)
      .webp({ quality: 72 })
      .toFile(join(out, `${shot.name}.webp`));
    console.log(`public/screenshots/${shot.name}.webp`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
