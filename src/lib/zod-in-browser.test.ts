import { expect, it } from 'vitest';
import { ZOD_JITLESS_SCRIPT } from './zod-in-browser.ts';

it('makes zod jitless when run before zod loads (no eval probe under our CSP)', async () => {
  new Function(ZOD_JITLESS_SCRIPT)();
  const { globalConfig } = await import('zod/v4/core');
  expect(globalConfig.jitless).toBe(true);
  const { z } = await import('zod');
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
});
