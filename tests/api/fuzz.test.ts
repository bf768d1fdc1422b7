import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../contract/api.ts';
import { SAMPLES, sampleContext, type SampleContext } from '../support/call-samples.ts';
import { contractCalls, type NamedCall } from '../support/contract-calls.ts';
import { createAccountKit, signUp, type AccountKit } from '../support/account-kit.ts';

// Contract fuzzing: every call the contract declares (calls added later included) gets malformed
// input made from its parameter schema: wrong types, missing fields, huge strings, unicode, control
// characters, negative and huge numbers, arrays for scalars, bad JSON, wrong content types,
// oversized bodies, unknown Country headers. The answer is always the envelope; a refusal is a 4xx
// with a message a person can act on, never a 5xx, a stack trace or SQL text.

let kit: AccountKit;
let calls: NamedCall[];
let ctx: SampleContext;
let address = 0;
/** Each request from its own address, so per-address limits do not hide what lies behind them. */
const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
const counts = { requests: 0, refused: 0, accepted: 0 };

beforeAll(async () => {
  // Google sign-in configured (its key set unreachable: every credential fails to verify), so the call is tried, not
  // just "not configured".
  kit = await createAccountKit({
    GOOGLE_CLIENT_ID: 'fuzz-client.apps.googleusercontent.com',
    GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks',
  });
  calls = await contractCalls();
  const me = await signUp(kit, 'fuzz@example.com', 'fuzzing pass 1');
  ctx = await sampleContext(kit.app, me);
}, 60_000);
afterAll(async () => {
  console.log(
    `contract fuzzing: ${counts.requests} requests over ${calls.length} calls, ${counts.refused} refused with a 4xx, ${counts.accepted} accepted`,
  );
  await kit.close();
});

/** Words that would mean a stack trace, a file of ours or SQL reached the caller. */
const LEAK =
  /\n\s+at |node_modules|\.tsx?:\d+|\bselect\b.*\bfrom\b|insert into|delete from|update \S+ set|syntax error|violates|relation "|column "|duplicate key|DrizzleQueryError|PGlite|postgres/i;

function check(name: string, what: string, res: LightMyRequestResponse, expectRefusal?: number[]) {
  counts.requests++;
  const label = `${name} with ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (expectRefusal) expect(expectRefusal, label).toContain(res.statusCode);
  // The itinerary form's success is the PDF itself.
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/pdf')) {
    counts.accepted++;
    return;
  }
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const body = res.json() as { status?: unknown; message?: unknown; data?: unknown };
  expect(Object.keys(body).sort(), label).toEqual(['data', 'message', 'status']);
  if (res.statusCode >= 400) {
    counts.refused++;
    expect(body.status, label).toBe('error');
    expect(typeof body.message === 'string' && body.message.trim().length > 3, label).toBe(true);
    expect(body.message as string, label).not.toMatch(LEAK);
  } else {
    counts.accepted++;
    expect(['success', 'warning'], label).toContain(body.status);
  }
}

const HUGE = 'a'.repeat(100_000);
/** Values tried in place of each parameter; `null` means the parameter is left out. */
const VALUES: [string, unknown][] = [
  ['left out', null],
  ['an empty string', ''],
  ['spaces', '   '],
  ['a huge string', HUGE],
  ['an object', { nested: { deeper: 'x' } }],
  ['an empty array', []],
  ['an array', ['1', '2']],
  ['an array of objects', [{ a: 1 }]],
  ['true', true],
  ['zero', 0],
  ['-1', -1],
  ['a fraction', 1.5],
  ['a huge number', 99999999999],
  ['a number past any column', 1e308],
  ['a negative huge number', -1e308],
  ['"1e400"', '1e400'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"0x10"', '0x10'],
  ['"-0"', '-0'],
  ['emoji and astral letters', '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 🚀🏝️'],
  ['right-to-left text', 'مرحبا \u202Eevil'],
  ['combining marks', 'e\u0301\u0301\u0301'],
  ['a lone surrogate', 'ab\uD800cd'],
  ['markup', '<script>alert(1)</script>'],
  ['SQL', "' OR 1=1; drop table users; --"],
  ['a path', '../../../../etc/passwd'],
  ['a percent-encoded NUL', '%00'],
  ['templates', '${7*7}{{7*7}}'],
];
/** Control characters must always be refused with a 400 naming the parameter. */
const CONTROL: [string, string][] = [
  ['a NUL byte', 'dubai\u0000'],
  ['a bell character', 'a\u0007b'],
  ['an escape character', '\u001b[31m'],
];

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x)));
    else q.set(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function base(c: ApiCall): Record<string, unknown> {
  return SAMPLES[c.path]?.(ctx) ?? {};
}

async function send(
  c: ApiCall,
  params: Record<string, unknown>,
  opts: { asQuery?: boolean; headers?: Record<string, string> } = {},
) {
  const headers = { country: 'UAE', authorization: `Bearer ${ctx.token}`, ...opts.headers };
  const url = `/api/Common/${c.path}`;
  if (c.method === 'GET' || opts.asQuery)
    return kit.app.inject({ method: c.method, url: url + query(params), headers, remoteAddress: nextAddress() });
  return kit.app.inject({ method: 'POST', url, headers, payload: params, remoteAddress: nextAddress() });
}

const fields = (c: ApiCall) => Object.keys((c.params as unknown as { shape?: Record<string, unknown> }).shape ?? {});

describe('contract fuzzing', () => {
  it('covers every call the contract declares, and every /api/Common route is in the contract', async () => {
    expect(calls.length).toBeGreaterThan(40);
    for (const { call: c, name } of calls)
      expect(kit.app.hasRoute({ method: c.method, url: `/api/Common/${c.path}` }), name).toBe(true);
    // Routes outside the contract: only these (files served by generated name, or by a signed link).
    const routes = listRoutes(kit.app.printRoutes({ commonPrefix: false })).filter((r) => r.startsWith('/api/Common/'));
    const declared = new Set(calls.map((c) => `/api/Common/${c.call.path}`));
    expect(routes.filter((r) => !declared.has(r)).sort()).toEqual([
      '/api/Common/EnquiryAttachment/:fileId',
      '/api/Common/ProfileImage/:name',
    ]);
    const unsampled = calls.filter((c) => !SAMPLES[c.call.path]).map((c) => c.name);
    expect(unsampled, 'add a sample to tests/support/call-samples.ts').toEqual([]);
  });

  it('each parameter of each call, replaced by malformed values, sent as JSON and as a query string', async () => {
    for (const { call: c, name } of calls) {
      const sample = base(c);
      for (const field of fields(c)) {
        for (const [what, value] of VALUES) {
          const params = { ...sample };
          if (value === null) delete params[field];
          else params[field] = value;
          check(name, `${field} as ${what}`, await send(c, params));
          if (c.method === 'POST' && typeof value !== 'object')
            check(name, `${field} as ${what} in the query`, await send(c, params, { asQuery: true }));
        }
        for (const [what, value] of CONTROL) {
          const res = await send(c, { ...sample, [field]: value });
          check(name, `${field} with ${what}`, res, [400]);
          // Refused by the contract's rule, or first by the parameter's own (both name it).
          expect(res.json().message).toMatch(new RegExp(`^${field}\\b`));
        }
      }
      // Parameters nobody declared, and every parameter at once left out.
      check(
        name,
        'unknown parameters',
        await send(c, { ...sample, __proto__: { polluted: true }, constructor: 'x', Unknown: HUGE }),
      );
      check(name, 'nothing at all', await send(c, {}));
    }
  }, 240_000);

  it('whole requests that are malformed: bad JSON, wrong content types, oversized bodies, odd shapes', async () => {
    for (const { call: c, name } of calls.filter((x) => x.call.method === 'POST')) {
      const url = `/api/Common/${c.path}`;
      const post = (payload: string | Buffer, contentType: string) =>
        kit.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { country: 'UAE', authorization: `Bearer ${ctx.token}`, 'content-type': contentType },
          remoteAddress: nextAddress(),
        });
      check(name, 'JSON cut short', await post('{"a": [1, 2', 'application/json'), [400]);
      check(name, 'an empty JSON body', await post('', 'application/json'), [400]);
      check(name, 'JSON that is an array', await post('[1,2,3]', 'application/json'));
      check(name, 'JSON that is a string', await post('"hello"', 'application/json'));
      check(name, 'JSON null', await post('null', 'application/json'));
      check(name, 'JSON nested 5000 deep', await post(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'));
      check(
        name,
        'a __proto__ key',
        await post('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'),
        [400],
      );
      check(name, 'plain text', await post('hello', 'text/plain'), [400, 415]);
      check(name, 'XML', await post('<a><b/></a>', 'application/xml'), [400, 415]);
      check(name, 'a form', await post('a=1&b=2', 'application/x-www-form-urlencoded'), [400, 415, 200]);
      check(
        name,
        'a broken multipart body',
        await post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', 'multipart/form-data; boundary=x'),
      );
      check(name, 'multipart without a boundary', await post('junk', 'multipart/form-data'));
      check(
        name,
        'a body over 1 MB',
        await post(JSON.stringify({ a: 'x'.repeat(1_100_000) }), 'application/json'),
        [413],
      );
      check(name, 'a charset nobody knows', await post('{}', 'application/json; charset=klingon'));
    }
  }, 120_000);

  it('unknown Country headers and broken credentials on every call', async () => {
    for (const { call: c, name } of calls) {
      const sample = base(c);
      for (const country of ['XX', 'uae ', 'India', 'IN,UAE', 'ÿ', 'u'.repeat(5000)]) {
        check(name, `Country: ${country.slice(0, 10)}`, await send(c, sample, { headers: { country } }), [400]);
      }
      for (const authorization of [
        'Bearer',
        'Bearer ',
        `Bearer ${'x'.repeat(5000)}`,
        'Basic dXNlcjpwYXNz',
        `Bearer ${ctx.token}${ctx.token}`,
        'Bearer %00',
      ]) {
        check(
          name,
          `Authorization: ${authorization.slice(0, 14)}`,
          await send(c, sample, { headers: { authorization } }),
        );
      }
      for (const key of ['short', 'x'.repeat(500), 'spaces are not allowed', '../../etc']) {
        check(
          name,
          `Idempotency-Key: ${key.slice(0, 10)}`,
          await send(c, sample, { headers: { 'idempotency-key': key } }),
        );
      }
    }
  }, 120_000);
});

/** The paths in Fastify's printRoutes tree (nested lines continue their parent's path). */
function listRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    if (m[3]) out.push(path);
  }
  return out;
}
