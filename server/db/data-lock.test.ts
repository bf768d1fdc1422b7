import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUse, lockDataFolder } from './data-lock.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('lockDataFolder', () => {
  it('refuses a folder a live process holds, naming it and saying what to do', async () => {
    const dir = folder();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    writeFileSync(join(dir, 'db.lock'), JSON.stringify({ pid: holder.pid, host: hostname() }));
    try {
      expect(() => lockDataFolder(dir)).toThrow(DataFolderInUse);
      expect(() => lockDataFolder(dir)).toThrow(
        `The data folder ${dir} is in use by another server (process ${holder.pid}).`,
      );
      expect(() => lockDataFolder(dir)).toThrow(/DATABASE_URL/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died, and releases its own', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'db.lock'), JSON.stringify({ pid: await deadPid(), host: hostname() }));
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, 'db.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(join(dir, 'db.lock'))).toBe(false);
    // Free again.
    lockDataFolder(dir)();
  });

  it('treats a lock from another machine as held', () => {
    const dir = folder();
    writeFileSync(join(dir, 'db.lock'), JSON.stringify({ pid: 1, host: 'elsewhere.example' }));
    expect(() => lockDataFolder(dir)).toThrow(/process 1 on elsewhere.example/);
  });
});
