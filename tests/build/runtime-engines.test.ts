import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

/**
 * Every package the shop runs with (not the dev tools) must support the oldest Node the README
 * names, which is package.json's `engines.node`. Decision 0022: versions are pinned or overridden
 * to stay within it, rather than raising it.
 */
describe('runtime dependencies and the Node version', () => {
  const pkg = read('package.json') as { engines: { node: string } };
  const lock = read('package-lock.json') as {
    packages: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } | string[] }>;
  };
  const oldest = minVersion(pkg.engines.node)!.version;

  it('the README names the same Node version as package.json', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(oldest).toBe('20.19.0');
    expect(readme).toContain('Node 20.19 or newer');
  });

  it(`each runtime package in the lockfile supports Node ${oldest}`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && !p.dev)
      .map(([path, p]) => ({
        name: path.replace(/^.*node_modules\//, ''),
        version: p.version,
        node: Array.isArray(p.engines) ? undefined : p.engines?.node,
      }))
      .filter((p) => p.node !== undefined && !satisfies(oldest, p.node, { includePrerelease: true }))
      .map((p) => `${p.name}@${p.version} needs Node ${p.node}`);
    expect(refusing).toEqual([]);
  });
});
