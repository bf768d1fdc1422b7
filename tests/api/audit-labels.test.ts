import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../contract/audit-log.ts';

/** Every `.ts` file under a folder (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the audit log’s words', () => {
  it('has a label for every action the server writes, so no entry reads as a made-up phrase', () => {
    const written = new Set<string>();
    for (const file of sources(resolve(import.meta.dirname, '../../server'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\baction: '([a-zA-Z]+(?:[.-][a-zA-Z]+)+)'/g))
        written.add(m[1]!);
    }
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((a) => !(a in AUDIT_ACTION_LABELS)).sort()).toEqual([]);
  });
});
