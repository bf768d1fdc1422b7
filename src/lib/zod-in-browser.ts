/*
 * zod compiles object parsers with `new Function` when the page allows eval. Ours does not (CSP
 * script-src without 'unsafe-eval'), and even zod's probe for it is reported as a CSP violation
 * (Chrome's Issues panel, Lighthouse best practices). Telling zod up front that it runs jitless
 * means it never probes. This is what `z.config({ jitless: true })` sets, but it has to happen
 * before zod's own module runs, wherever the bundler puts it: so the server render puts it in a
 * small inline script (with the page's nonce) ahead of the app's modules (src/entry-server.tsx).
 * zod-in-browser.test.ts checks that zod still reads it.
 */
export const ZOD_JITLESS_SCRIPT =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
