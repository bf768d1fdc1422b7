import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import { envelopeSchema } from '../../contract/envelope.ts';
import type { Site } from '../../contract/site.ts';
import type { TestApp } from './test-app.ts';

/** Calls an API entry as the app does: GET with a query string, POST with a JSON body. */
export async function call(
  t: TestApp,
  c: ApiCall,
  params: Record<string, unknown> = {},
  opts: { site?: Site; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(opts.site ? { country: opts.site } : {}), ...opts.headers };
  const url = `/api/Common/${c.path}`;
  if (c.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers });
  }
  return t.app.inject({ method: 'POST', url, headers, payload: params });
}

/** A successful answer, checked against the call's contract; returns its data. */
export async function read<C extends ApiCall>(
  t: TestApp,
  c: C,
  params: Record<string, unknown> = {},
  opts: { site?: Site; headers?: Record<string, string> } = {},
): Promise<z.infer<C['data']>> {
  const res = await call(t, c, params, opts);
  if (res.statusCode !== 200) throw new Error(`${c.path} answered ${res.statusCode}: ${res.body}`);
  const body = envelopeSchema(c.data).parse(res.json());
  if (body.status !== 'success') throw new Error(`${c.path} answered status ${body.status}`);
  return body.data as z.infer<C['data']>;
}

/** An error answer: HTTP code and the envelope's message. */
export async function failure(
  t: TestApp,
  c: ApiCall,
  params: Record<string, unknown> = {},
  opts: { site?: Site; headers?: Record<string, string> } = {},
) {
  const res = await call(t, c, params, opts);
  const body = res.json() as { status: string; message: string; data: unknown };
  return { code: res.statusCode, status: body.status, message: body.message, data: body.data };
}

/** Every `currency` anywhere in a value. */
export function currencies(value: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'currency' && typeof x === 'string') found.add(x);
        else walk(x);
      }
    }
  };
  walk(value);
  return found;
}

/** Markup that must never reach a page from stored content. */
export const HOSTILE_HTML =
  '<p>Kept <strong>text</strong></p><script>alert("x")</script><img src=x onerror="alert(1)"><a href="javascript:alert(2)" onclick="steal()">bad link</a><p onmouseover="x()" style="color:red">styled</p><iframe src="https://evil.example"></iframe><a href="https://example.com/guide">guide</a>';

export function expectSanitised(html: string) {
  const lower = html.toLowerCase();
  for (const bad of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', '<img', 'style=']) {
    if (lower.includes(bad)) throw new Error(`unsafe markup "${bad}" reached the answer: ${html}`);
  }
}

/**
 * After a test changes the catalogue or content in the database directly: the app looks at the
 * content's version now, as every server process does each second, so its caches let go.
 */
export async function contentChanged(t: TestApp) {
  await t.app.contentVersion.check();
}
