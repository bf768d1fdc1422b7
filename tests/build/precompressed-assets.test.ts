import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import { productionWeb } from '../../server/web.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The build writes each served text file compressed once, at brotli's and gzip's best settings
 * (scripts/compress-assets.mjs), and the shop sends those instead of compressing every request
 * again (decision 0114). Needs the build (npm test builds before the unit suite).
 */

const DIST = join(import.meta.dirname, '..', '..', 'dist');

describe('the built assets, compressed once', () => {
  let database: Database;
  let app: FastifyInstance;
  let entry: string;
  let adminEntry: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ db: database.db, config: testConfig(), web: productionWeb });
    await app.ready();
    entry = (await readdir(join(DIST, 'client/assets'))).find((f) => /^entry-client-.*\.js$/.test(f))!;
    adminEntry = (await readdir(join(DIST, 'admin/assets'))).find((f) => /^entry-admin-.*\.js$/.test(f))!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that takes it, the gzip file to one that takes only gzip, the file itself to one that takes neither: the same bytes', async () => {
    const file = await readFile(join(DIST, 'client/assets', entry));
    const br = await get(`/assets/${entry}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);

    const gz = await get(`/assets/${entry}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true);

    const plain = await get(`/assets/${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);

    // Smaller than the brotli a request can afford to make on the fly (quality 4, @fastify/compress's).
    const onTheFly = brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.rawPayload.length).toBeLessThan(onTheFly.length * 0.95);
  });

  it("the back office's assets and the service worker too", async () => {
    const admin = await get(`/admin-assets/assets/${adminEntry}`, 'br');
    expect(admin.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(admin.rawPayload).equals(await readFile(join(DIST, 'admin/assets', adminEntry)))).toBe(
      true,
    );
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(brotliDecompressSync(sw.rawPayload).equals(await readFile(join(DIST, 'client/sw.js')))).toBe(true);
  });

  it('compresses text files of 1 KB and more that shrink, and nothing else', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'compress-'));
    try {
      await mkdir(join(dist, 'client/assets'), { recursive: true });
      await mkdir(join(dist, 'client/.vite'), { recursive: true });
      const big = 'export const words = "'.concat('a travel shop '.repeat(400), '";\n');
      await writeFile(join(dist, 'client/assets/big.js'), big);
      await writeFile(join(dist, 'client/assets/small.js'), 'export const a = 1;\n');
      await writeFile(join(dist, 'client/assets/photo.webp'), big);
      await writeFile(join(dist, 'client/.vite/manifest.json'), `{"a":"${'x'.repeat(4000)}"}`);
      // Random bytes do not shrink: sent as they are.
      await writeFile(join(dist, 'client/assets/noise.js'), Buffer.from(crypto.getRandomValues(new Uint8Array(4096))));
      await compressAssets(dist);
      expect((await readdir(join(dist, 'client/assets'))).sort()).toEqual(
        ['big.js', 'big.js.br', 'big.js.gz', 'noise.js', 'photo.webp', 'small.js'].sort(),
      );
      expect(await readdir(join(dist, 'client/.vite'))).toEqual(['manifest.json']);
      expect(brotliDecompressSync(await readFile(join(dist, 'client/assets/big.js.br'))).toString()).toBe(big);
      expect(gunzipSync(await readFile(join(dist, 'client/assets/big.js.gz'))).toString()).toBe(big);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
