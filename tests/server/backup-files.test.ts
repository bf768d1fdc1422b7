import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { privateFolder, writeBackup } from '../../server/services/backup.ts';

/*
 * A backup holds passports, PANs and password hashes (issue 33): `npm run db:backup` writes it 0600,
 * and its backups folder is 0700, made so when an older version left it 0755. The script runs as an
 * operator runs it, on an embedded database it opens itself (tests/api/backup.test.ts takes one
 * while the shop serves).
 */

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'shop-backup-modes-'));
const dataDir = join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o7777;

async function backup(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/node/scripts/db-backup.js', ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        TOKEN_KEY: 'test-token-key-0123456789',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('backups are for the shop’s user only', () => {
  it('npm run db:backup -- <folder>/ writes the file 0600 and makes a looser backups folder 0700', async () => {
    const folder = join(work, 'backups');
    mkdirSync(folder);
    chmodSync(folder, 0o755);
    const res = await backup([`${folder}/`]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('Backup written to');
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^shop-.*\.tar\.gz$/);
    expect(mode(join(folder, files[0]!))).toBe(0o600);
    expect(mode(folder)).toBe(0o700);
  }, 120_000);

  it('a file named in a folder that is not the backups folder: the file is 0600 (over an older 0644 one), the folder left as it is, with a note', async () => {
    const shared = join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    const out = join(shared, 'shop.tar.gz');
    writeFileSync(out, 'an older backup');
    chmodSync(out, 0o644);
    const res = await backup([out]);
    expect(res.code, res.out).toBe(0);
    expect(mode(out)).toBe(0o600);
    expect(statSync(out).size).toBeGreaterThan(100);
    expect(mode(shared)).toBe(0o755);
    expect(res.out).toContain(
      `Note: other users may enter ${shared}; the backup itself is readable by its owner only (0600).`,
    );
    expect(readdirSync(shared)).toEqual(['shop.tar.gz']);
  }, 120_000);

  it('folders made for a backup are 0700; a dump that fails leaves no file behind', async () => {
    const out = join(work, 'made', 'for', 'it', 'shop.tar.gz');
    await writeBackup(out, { dataDir: 'memory://', pglite: async () => new Blob(['not really a database']) });
    expect(mode(out)).toBe(0o600);
    for (const dir of ['made', 'made/for', 'made/for/it']) expect(mode(join(work, dir)), dir).toBe(0o700);

    const failed = join(work, 'made', 'failed.tar.gz');
    await expect(
      writeBackup(failed, { dataDir: 'memory://', pglite: async () => Promise.reject(new Error('no database')) }),
    ).rejects.toThrow('no database');
    expect(existsSync(failed)).toBe(false);
    expect(readdirSync(join(work, 'made'))).toEqual(['for']);
  });

  it('a shared folder (sticky, as /tmp) is never made private', async () => {
    const sticky = join(work, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    expect(await privateFolder(sticky)).toBe(false);
    expect(mode(sticky)).toBe(0o1777);
    const fresh = join(work, 'fresh', 'backups');
    expect(await privateFolder(fresh)).toBe(true);
    expect(mode(fresh)).toBe(0o700);
  });
});
