import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/lib/server.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';

/*
 * deploy/nginx.conf as an operator installs it, with Debian's nginx, in front of two shop
 * processes on one Postgres (issue 23). Only the addresses differ: the test's ports for the
 * upstreams and the listener, and a temporary folder for nginx's pid, logs and buffers. Clients
 * are told apart by the loopback address they connect from (127.0.0.0/8 is all loopback).
 */

const NGINX = '/usr/sbin/nginx';
const ROOT = join(import.meta.dirname, '..', '..');
const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_nginx');
const LIMIT = 4;
let shops: ServerProcess[] = [];
let nginx: ChildProcess | undefined;
let port = 0;
const work = mkdtempSync(join(tmpdir(), 'shop-nginx-'));

/** The operator's file with the test's ports and a writable folder: every other directive as shipped. */
function testConf(upstreams: number[], listen: number): string {
  let conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = conf.match(/^\s*server 127\.0\.0\.1:\d+.*$/gm) ?? [];
  expect(servers, 'deploy/nginx.conf names two upstream processes').toHaveLength(2);
  servers.forEach(
    (line, i) => (conf = conf.replace(line, line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreams[i]}`))),
  );
  conf = conf
    .replace(/^\s*listen 80 default_server;$/m, `    listen 127.0.0.1:${listen} default_server;`)
    .replace(/^\s*listen \[::\]:80 default_server;$/m, '')
    .replace(/^pid .*$/m, `pid ${work}/nginx.pid;`)
    .replace(/^error_log .*$/m, `error_log ${work}/error.log warn;`)
    .replace(/access_log .*;/, `access_log ${work}/access.log;`)
    .replace(
      'http {',
      `http {\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n  fastcgi_temp_path ${work}/fastcgi;\n  uwsgi_temp_path ${work}/uwsgi;\n  scgi_temp_path ${work}/scgi;`,
    );
  return `daemon off;\nmaster_process on;\n${conf.replace(/^user .*$/m, '')}`;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through nginx from the client address `from` (a loopback address). */
function viaNginx(
  path: string,
  opts: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        localAddress: opts.from ?? '127.0.0.1',
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const enquiry = (from: string, forwardedFor?: string) =>
  viaNginx(
    `/api/Common/SubmitExitPageEnquiry?${new URLSearchParams({ FullName: 'Sara Ali', Email: 'sara.ali@gmail.com', MobileCountryCode: '+971', MobileNo: '501234567', Mode: 'exit-popup' })}`,
    {
      from,
      method: 'POST',
      headers: { country: 'UAE', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    },
  );

beforeAll(async () => {
  expect(existsSync(NGINX), `Debian's nginx is needed (apt-get install nginx): .ci/run installs it`).toBe(true);
  expect(
    existsSync(join(ROOT, 'dist/client/.vite/manifest.json')),
    'the shop must be built (npm run build) before this test: npm test builds first',
  ).toBe(true);
  await createDatabase(server, name, TEMPLATE.seeded);
  const env = {
    DATABASE_URL: databaseUrl(server, name),
    DATA_DIR: 'memory://',
    TRUST_PROXY: '127.0.0.1',
    ENQUIRY_RATE_LIMIT: String(LIMIT),
    LOG_LEVEL: 'info',
  };
  shops = await Promise.all([spawnServer(env, { web: true }), spawnServer(env, { web: true })]);
  port = await freePort();
  const confFile = join(work, 'nginx.conf');
  writeFileSync(
    confFile,
    testConf(
      shops.map((s) => s.port),
      port,
    ),
  );
  const check = spawnSync(NGINX, ['-t', '-c', confFile, '-p', work], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn(NGINX, ['-c', confFile, '-p', work], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await viaNginx('/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `nginx did not answer: ${existsSync(join(work, 'error.log')) ? readFileSync(join(work, 'error.log'), 'utf8') : ''}`,
  );
}, 180_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all(shops.map((s) => s.stop('SIGKILL')));
  await dropDatabase(server, name);
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('deploy/nginx.conf in front of two shop processes', () => {
  it('per-address limits count the client nginx names, across both processes; a made-up X-Forwarded-For changes nothing', async () => {
    const a = '127.0.0.11';
    const b = '127.0.0.12';
    const codes: number[] = [];
    // The client made up a new address each time: nginx replaces the header with the real one.
    for (let i = 1; i <= LIMIT + 2; i++) codes.push((await enquiry(a, `198.51.100.${i}`)).status);
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    // Another client is its own count.
    expect((await enquiry(b)).status).toBe(200);
    // Both processes answered (least_conn over two): the limit held across them, in Postgres.
    // nginx writes a request's log line after its answer is sent: read until the last one is there.
    const logged = () =>
      readFileSync(join(work, 'access.log'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('SubmitExitPageEnquiry')).length;
    await expect.poll(logged, { timeout: 5_000 }).toBe(LIMIT + 3);
    for (const shop of shops)
      await expect.poll(() => shop.output(), { timeout: 5_000 }).toContain('/api/Common/SubmitExitPageEnquiry');
  });

  it('pages and assets keep their caching headers, and are compressed once', async () => {
    const page = await viaNginx('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.body).toString('utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    // The entry and its chunks are named in the page's start script (decision 0075), not in a head tag.
    const asset = /["'](\/assets\/[^"'\s]+\.js)["']/.exec(html)?.[1];
    expect(asset, 'the page names its script').toBeTruthy();
    const js = await viaNginx(asset!, { headers: { 'accept-encoding': 'br' } });
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('br');
    // Compressed once: one decompression gives the script itself.
    expect(brotliDecompressSync(js.body).toString('utf8').length).toBeGreaterThan(100);
    // A shared API answer keeps its ETag and Vary, and a CDN may keep it.
    const shared = await viaNginx('/api/Common/GetCountry', { headers: { country: 'UAE' } });
    expect(shared.status).toBe(200);
    expect(shared.headers['cache-control']).toMatch(/^public, max-age=60/);
    expect(shared.headers.etag).toBeTruthy();
    expect(String(shared.headers.vary)).toMatch(/Country/i);
    const again = await viaNginx('/api/Common/GetCountry', {
      headers: { country: 'UAE', 'if-none-match': String(shared.headers.etag) },
    });
    expect(again.status).toBe(304);
  });
});
