import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Another live server holds the data folder. */
export class DataFolderInUse extends Error {}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

function alive(holder: Holder): boolean {
  // A holder on another machine (a shared disk) cannot be checked: taken as alive.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's data folder for this process, or throws DataFolderInUse when a
 * live server holds it (two PGlite instances on one folder corrupt it). A lock left by a server
 * that died (kill -9, a crash) is taken over. Returns the release.
 *
 * The lock file is made by link(2), which fails when the name exists, so two servers starting at
 * once cannot both win; a stale one is first renamed aside, which only one of them can do.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, 'db.lock');
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, JSON.stringify({ pid: process.pid, host: hostname(), at: new Date().toISOString() }));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => {
          if (readHolder(file)?.pid === process.pid) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && alive(holder)) {
        throw new DataFolderInUse(
          `The data folder ${dataDir} is in use by another server (process ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}). ` +
            'Two servers on one embedded database would corrupt it: stop the other one, give this one its own DATA_DIR, ' +
            'or run several servers on one Postgres (DATABASE_URL).',
        );
      }
      // Left by a server that is gone: move it aside (only one starter can) and try again.
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
        const moved = readHolder(aside);
        if (moved && holder && moved.pid !== holder.pid) {
          // Someone else took the lock between our look and our rename: give it back.
          renameSync(aside, file);
        } else {
          unlinkSync(aside);
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    throw new DataFolderInUse(
      `Could not take the data folder ${dataDir}: its lock file ${file} keeps changing. Is another server starting?`,
    );
  } finally {
    unlinkSync(mine);
  }
}
