import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminCall } from '../../contract/admin-api.ts';
import type { ApiCall } from '../../contract/api.ts';

const CONTRACT = join(import.meta.dirname, '..', '..', 'contract');

export interface NamedCall {
  /** `POST CreateCart` */
  name: string;
  /** The export's name in its module, e.g. createCart. */
  exportName: string;
  module: string;
  call: ApiCall;
}

function isApiCall(value: unknown): value is ApiCall {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ApiCall>;
  // A back-office call (contract/admin-api.ts) names its permission: it is not the shop's.
  return (
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.path === 'string' &&
    typeof v.params?.safeParse === 'function' &&
    !('permission' in v)
  );
}

/**
 * Every call the contract declares: each export of contract/*-calls.ts (and any contract module)
 * shaped like an ApiCall. Calls added later are picked up without touching the tests.
 */
export async function contractCalls(): Promise<NamedCall[]> {
  const files = readdirSync(CONTRACT).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const seen = new Set<string>();
  const out: NamedCall[] = [];
  for (const file of files.sort()) {
    const mod = (await import(join(CONTRACT, file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isApiCall(value)) continue;
      const name = `${value.method} ${value.path}`;
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, exportName, module: file, call: value });
    }
  }
  return out;
}

export interface NamedAdminCall {
  /** `POST coupons/:id` */
  name: string;
  exportName: string;
  module: string;
  call: AdminCall;
}

/**
 * Every back-office call declared with defineAdminCall: each export of contract/admin-*-calls.ts shaped like an
 * AdminCall.
 */
export async function adminContractCalls(): Promise<NamedAdminCall[]> {
  const files = readdirSync(CONTRACT).filter((f) => /^admin-.*-calls\.ts$/.test(f));
  const out: NamedAdminCall[] = [];
  for (const file of files.sort()) {
    const mod = (await import(join(CONTRACT, file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      const v = value as Partial<AdminCall> | null;
      if (
        !v ||
        typeof v !== 'object' ||
        !('permission' in v) ||
        typeof v.path !== 'string' ||
        typeof v.params?.safeParse !== 'function'
      )
        continue;
      out.push({ name: `${v.method} ${v.path}`, exportName, module: file, call: v as AdminCall });
    }
  }
  return out;
}
