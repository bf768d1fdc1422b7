import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { transformWithOxc, parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { callsOf } from '../../scripts/vite-plugin-client-calls.ts';

const contract = join(import.meta.dirname, '..', '..', 'contract');
const program = async (file: string) =>
  parseAst((await transformWithOxc(readFileSync(file, 'utf8'), file)).code) as unknown as Parameters<typeof callsOf>[0];

describe('contract calls in the browser build', () => {
  it('reduces a calls module to method and path, the same as the real calls', async () => {
    const calls = callsOf(await program(join(contract, 'catalogue-calls.ts')));
    const real = await import('../../contract/catalogue-calls.ts');
    expect(calls).not.toBeNull();
    for (const [name, method, path] of calls!) {
      const call = real[name as keyof typeof real];
      expect({ method: call.method, path: call.path }).toEqual({ method, path });
    }
    expect(calls!.map(([name]) => name).sort()).toEqual(Object.keys(real).sort());
  });

  it('leaves a module alone when it exports anything but calls', async () => {
    const ast = parseAst(
      "import { z } from 'zod';\nexport const x = 1;\nexport const c = defineCall({ method: 'GET', path: 'p', params: z.object({}), data: z.null() });",
    ) as unknown as Parameters<typeof callsOf>[0];
    expect(callsOf(ast)).toBeNull();
  });

  it('understands every calls module of the read side', async () => {
    for (const f of readdirSync(contract).filter((f) => /^(catalogue|content|coupon|deal|place)-calls\.ts$/.test(f))) {
      expect(callsOf(await program(join(contract, f))), f).not.toBeNull();
    }
  });
});
