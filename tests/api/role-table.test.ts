import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_ACTIONS, STAFF_ROLES } from '../../contract/staff.ts';

/** The rows of the README's "What each role can do" table: role → the actions its last column names. */
function readmeRoleTable(): Map<string, string[] | 'all'> {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const start = readme.indexOf('| role | may | actions');
  expect(start, 'the README has the role table').toBeGreaterThan(-1);
  const rows = new Map<string, string[] | 'all'>();
  for (const line of readme.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    const role = cells[1]!.replaceAll('`', '');
    const actions = cells[3]!;
    rows.set(role, actions === 'all' ? 'all' : [...actions.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  }
  return rows;
}

describe('the README’s role table', () => {
  it('names every role, and each role’s actions exactly as the permission table the server checks', () => {
    const table = readmeRoleTable();
    expect([...table.keys()].sort()).toEqual([...STAFF_ROLES].sort());
    for (const role of STAFF_ROLES) {
      const listed = table.get(role)!;
      if (listed === 'all') expect([...PERMISSIONS[role]].sort(), role).toEqual([...STAFF_ACTIONS].sort());
      else expect(listed.sort(), role).toEqual([...PERMISSIONS[role]].sort());
    }
  });

  it('accounts may record payments: reconciling bank transfers is their job', () => {
    expect(PERMISSIONS.accounts).toContain('payments.record');
  });
});
