// The last step of the web build: every text file the server sends as it is (the shop's and the back
// office's hashed assets, the service worker, icons in SVG) written beside itself compressed once,
// as `.br` (quality 11) and `.gz` (level 9). The server serves those (@fastify/static's
// preCompressed, server/web.ts) instead of compressing each file again on every request at the
// fast settings a request can afford (brotli 4). Decision 0114.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, process.env.DIST_DIR || 'dist');
/** The folders served as files (server/web.ts); dist/server is the renderer's code, never sent. */
const SERVED = ['client', 'admin'];
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** As server/app.ts's compression: smaller files go out as they are. */
const THRESHOLD = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name.startsWith('.')) return []; // .vite: the build's manifests, not served
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : TEXT.test(name) ? [path] : [];
  });
}

/** Compresses every served text file; answers the bytes before and after (brotli). */
export async function compressAssets(dist = DIST) {
  const files = SERVED.flatMap((folder) => filesUnder(join(dist, folder)));
  let before = 0;
  let after = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(file);
      if (bytes.length < THRESHOLD) return;
      const [brotli, gzipped] = await Promise.all([
        br(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: 9 }),
      ]);
      // A file compression does not shrink is sent as it is.
      if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
      if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
      before += bytes.length;
      after += Math.min(brotli.length, bytes.length);
    }),
  );
  return { files: files.length, before, after };
}

if (process.argv[1] === import.meta.filename) {
  const started = Date.now();
  const { files, before, after } = await compressAssets();
  console.log(
    `compressed ${files} served files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli in ${Date.now() - started} ms`,
  );
}
