import { describe, expect, it } from 'vitest';
import { DatabaseReachability, describeError, isDatabaseUnreachable, isDiskFull } from './faults.ts';

/** As drizzle throws a driver's error: wrapped, the driver's own as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a full disk, told apart', () => {
  it('is Node’s ENOSPC and EDQUOT, Postgres’ 53100 and PGlite’s file system errno, wrapped or not', () => {
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(
      true,
    );
    expect(isDiskFull(Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(wrapped(pgError('could not extend file "base/5/17798": No space left on device', '53100')))).toBe(
      true,
    );
    expect(isDiskFull({ name: 'ErrnoError', errno: 51 })).toBe(true);
    expect(isDiskFull({ name: 'ErrnoError', errno: 44 })).toBe(false);
    expect(isDiskFull(wrapped(pgError('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isDiskFull(new Error('The form could not be read.'))).toBe(false);
  });

  it('describes PGlite’s message-less error instead of printing [object Object]', () => {
    expect(describeError({ name: 'ErrnoError', errno: 51 })).toBe('ErrnoError 51');
  });
});

describe('a database out of reach, told apart from a failed query', () => {
  it('is a refused or cut connection, a server shutting down, a pool ended or PGlite closed', () => {
    expect(
      isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(
        new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(wrapped(pgError('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isDatabaseUnreachable(wrapped(pgError('the database system is shutting down', '57P03')))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(pgError('relation "nope" does not exist', '42P01')))).toBe(false);
    expect(isDatabaseUnreachable(new Error('timed out'))).toBe(false);
  });

  it('is logged once per outage, and once when a probe finds it back', async () => {
    const lines: string[] = [];
    let up = false;
    const reach = new DatabaseReachability(
      async () => {
        if (!up) throw new Error('connect ECONNREFUSED');
      },
      { warn: (_o, msg) => lines.push(`warn ${msg}`), info: (msg) => lines.push(`info ${msg}`) },
      20,
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 5; i++) expect(reach.failed(wrapped(refused))).toBe(true);
    expect(reach.failed(new Error('a bug'))).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect(reach.down).toBe(true);
    up = true;
    await new Promise((r) => setTimeout(r, 80));
    expect(reach.down).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^warn The database cannot be reached/);
    expect(lines[1]).toBe('info The database answers again');
    // A background job's warnings about it join that one line; its other warnings pass.
    const job: string[] = [];
    const quiet = reach.quiet({ warn: (_o: object, msg?: string) => job.push(msg ?? ''), level: 'info' });
    quiet.warn({ err: refused }, 'the mail outbox failed');
    quiet.warn({ err: new Error('SMTP said no') }, 'mail not sent');
    expect(job).toEqual(['mail not sent']);
    expect(quiet.level).toBe('info');
    expect(lines).toHaveLength(3);
    reach.stop();
  });
});
