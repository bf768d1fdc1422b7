import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The decision records keep their habits (docs/decisions/README.md): a number nobody else has, the
// header line under the title, and a row in the index that links the file.
const DIR = join(import.meta.dirname, '..', '..', 'docs', 'decisions');
const records = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

describe('decision records', () => {
  it('each has a number of its own', () => {
    const numbers = records.map((f) => f.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it('each says its date and status under its title', () => {
    const without = records.filter(
      (f) =>
        !/^Date: \d{4}-\d{2}-\d{2} · Status: \S/m.test(
          readFileSync(join(DIR, f), 'utf8').split('\n').slice(0, 4).join('\n'),
        ),
    );
    expect(without).toEqual([]);
  });

  it('each is linked from the index', () => {
    expect(records.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });
});
