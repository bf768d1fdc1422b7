import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../server/services/staff/audit.ts';
import { createAccountKit, type AccountKit } from '../support/account-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * The audit log readable (GET /api/admin/audit, /audit/options): filtered by a staff member chosen
 * by name (their email) and by an action chosen from the list of those that exist, each entry with
 * its action and what it changed in words (contract/audit-log.ts), not JSON. Owner only (audit.read).
 */

let kit: AccountKit;
let owner: Staffer;
let deputy: Staffer;
let agent: Staffer;

beforeAll(async () => {
  kit = await createAccountKit();
  owner = await staffer(kit, 'owner');
  deputy = await staffer(kit, 'owner');
  agent = await staffer(kit, 'agent');
}, 120_000);
afterAll(() => kit.close());

interface Entry {
  id: number;
  staffEmail: string | null;
  action: string;
  summary: string;
  changes: string[];
}
const audit = async (query: Record<string, string>) => {
  const res = await admin(kit, owner, 'GET', 'audit', query);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.items as Entry[];
};

describe('the audit log, filtered and in words', () => {
  it('filters by a staff member’s email (any case) and by an action; says what changed in words', async () => {
    const changed = await admin(kit, deputy, 'POST', `staff/${agent.id}/role`, { role: 'accounts' });
    expect(changed.status, changed.body.message).toBe(200);
    await admin(kit, deputy, 'POST', `staff/${agent.id}/role`, { role: 'agent' });

    const byDeputy = await audit({ staff: deputy.email.toUpperCase() });
    expect(byDeputy.length).toBeGreaterThanOrEqual(3);
    expect(byDeputy.every((e) => e.staffEmail === deputy.email)).toBe(true);

    const roles = await audit({ staff: deputy.email, action: 'staff.role' });
    expect(roles.map((e) => e.changes)).toEqual([['role accounts → agent'], ['role agent → accounts']]);
    expect(roles[0]!.summary).toBe('Changed a staff role');

    expect(await audit({ staff: owner.email, action: 'staff.role' })).toEqual([]);
    expect(await audit({ staff: 'nobody@example.com' })).toEqual([]);
  });

  it('money in the currency its key names, never a JSON dump', async () => {
    await writeAudit(
      kit.database.db,
      { staffId: deputy.id, role: 'owner', clientAddress: 'test' },
      {
        action: 'package.update',
        recordType: 'package',
        recordId: 4242,
        before: { title: 'Dubai', prices: { UAE: { amount: 595_000, currency: 'AED' } } },
        after: { title: 'Dubai', prices: { UAE: { amount: 625_000, currency: 'AED' } } },
      },
    );
    const [entry] = await audit({ action: 'package.update', recordId: '4242' });
    expect(entry).toMatchObject({ summary: 'Edited a package', changes: ['price UAE AED 5,950 → 6,250'] });
  });

  it('the filter’s choices: every staff member by email, and the actions in words, those in the log among them', async () => {
    const res = await admin(kit, owner, 'GET', 'audit/options');
    expect(res.status, res.body.message).toBe(200);
    const { staff, actions } = res.body.data as {
      staff: { email: string }[];
      actions: { value: string; label: string }[];
    };
    expect(staff.map((s) => s.email)).toEqual(expect.arrayContaining([owner.email, deputy.email, agent.email]));
    expect(actions).toEqual(
      expect.arrayContaining([
        { value: 'staff.role', label: 'Changed a staff role' },
        { value: 'suppliers.confirm', label: 'Set a supplier’s confirmation' },
      ]),
    );
    // Every action the log holds can be chosen.
    const held = new Set((await audit({ limit: '200' })).map((e) => e.action));
    for (const a of held) expect(actions.map((x) => x.value)).toContain(a);
  });

  it('is the owner’s: another role 403, no session 401', async () => {
    for (const path of ['audit', 'audit/options']) {
      const refused = await admin(kit, agent, 'GET', path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ status: 'error', message: 'Your role may not do this.' });
      expect((await admin(kit, null, 'GET', path)).status, path).toBe(401);
    }
  });
});
