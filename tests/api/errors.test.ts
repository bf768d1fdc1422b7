import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, STATUS_OF_KIND, type ErrorKind } from '../../server/lib/errors.ts';
import { answer, once } from '../../server/services/idempotency.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The one place a refusal becomes an answer (server/app.ts's error handler, docs/decisions/0070):
// a route that throws each kind, and one that throws something nobody expected.
const EXPECTED: [ErrorKind, number][] = [
  ['invalid', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['not_found', 404],
  ['conflict', 409],
  ['gone', 410],
  ['too_large', 413],
  ['unsupported', 415],
  ['too_many', 429],
  ['upstream', 502],
  ['unavailable', 503],
  ['storage_full', 507],
];

let t: TestApp;
/** How many times the keyed route's work ran, per kind. */
const runs = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    web: async (app) => {
      app.get<{ Params: { kind: string } }>('/api/test-refusal/:kind', async (request) => {
        const kind = request.params.kind as ErrorKind;
        throw new DomainError(
          kind,
          `Refused as ${kind}.`,
          kind === 'conflict' ? { refund: 'due' } : null,
          kind === 'too_many' ? 42 : undefined,
        );
      });
      // A keyed write (as CreateBooking, AddToCart or a hold) that refuses with the kind asked for.
      app.post<{ Params: { kind: string } }>('/api/test-keyed-refusal/:kind', async (request, reply) => {
        const kind = request.params.kind as ErrorKind;
        const key = request.headers['idempotency-key'] as string;
        const result = await once(app.db, { owner: 'test', key, route: 'TestRefusal', params: { kind } }, async () => {
          runs.set(kind, (runs.get(kind) ?? 0) + 1);
          throw new DomainError(
            kind,
            `Refused as ${kind}, run ${runs.get(kind)}.`,
            { kind },
            kind === 'too_many' ? 42 : undefined,
          );
        });
        return answer(reply, result);
      });
      app.get('/api/test-crash', async () => {
        throw new Error('secret detail: connection to 10.0.0.7 refused');
      });
    },
  });
}, 180_000);
afterAll(() => t?.close());

describe('refusals answered in one place', () => {
  it('names every kind with its status', () => {
    expect(Object.entries(STATUS_OF_KIND).sort()).toEqual(EXPECTED.map(([k, s]) => [k, s]).sort());
  });

  it.each(EXPECTED)('answers %s with %i and the envelope', async (kind, status) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test-refusal/${kind}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      status: 'error',
      message: `Refused as ${kind}.`,
      data: kind === 'conflict' ? { refund: 'due' } : null,
    });
    expect(res.headers['retry-after']).toBe(kind === 'too_many' ? '42' : undefined);
  });

  it('answers an unexpected error with 500, a generic message and nothing of the error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Something went wrong on our side. Please try again in a moment.',
      data: null,
    });
    expect(res.body).not.toMatch(/secret|10\.0\.0\.7|stack|at /);
  });

  it('throws a stored refusal again with its own kind, and no kind for a status it never answers with', () => {
    for (const [kind, status] of EXPECTED) {
      const again = DomainError.fromStatus(status, 'Again.', { x: 1 });
      expect([again.kind, again.message, again.data]).toEqual([kind, 'Again.', { x: 1 }]);
    }
    expect(() => DomainError.fromStatus(418, 'Teapot.')).toThrow(/418/);
  });

  // A replayed Idempotency-Key answers with the first answer: every refusal a keyed write can store
  // comes back with its own status, message and data. A throttle (429) and a failure on our side
  // (5xx) are not stored: the same key tried again later runs again, as Stripe's keys do.
  it.each(EXPECTED)(
    'a keyed write refused as %s (%i): replayed as first answered, or run again when not stored',
    async (kind, status) => {
      const call = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/test-keyed-refusal/${kind}`,
          headers: { 'idempotency-key': `key-${kind}` },
        });
      const first = await call();
      const again = await call();
      expect(first.statusCode).toBe(status);
      expect(again.statusCode).toBe(status);
      const stored = status < 500 && kind !== 'too_many';
      expect(runs.get(kind)).toBe(stored ? 1 : 2);
      expect(again.headers['idempotent-replayed']).toBe(stored ? 'true' : undefined);
      expect(again.json()).toEqual({
        status: 'error',
        message: `Refused as ${kind}, run ${stored ? 1 : 2}.`,
        data: { kind },
      });
      if (kind === 'too_many') expect(again.headers['retry-after']).toBe('42');
    },
  );
});
