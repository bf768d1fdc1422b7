import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time of a process and everything it started, read from /proc (Linux): user + system time
 * (utime + stime, fields 14 and 15 of /proc/<pid>/stat) of each live process of the tree, and of
 * the children each has reaped (cutime + cstime, fields 16 and 17). Elsewhere than Linux the
 * figures are null.
 */

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the bench runs on

interface Stat {
  pid: number;
  ppid: number;
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow its last ')'.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime + stime, and cutime + cstime: the children it has reaped (a Postgres backend that ended).
    return {
      pid,
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]),
    };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).flatMap((n) => readStat(Number(n)) ?? []);
}

/** CPU seconds used so far by each root's process tree (null where /proc cannot tell). */
export function treeCpuSeconds(roots: (number | null)[]): (number | null)[] {
  const stats = allStats();
  if (stats.length === 0) return roots.map(() => null);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  return roots.map((root) => {
    if (root === null || !byPid.has(root)) return null;
    let ticks = 0;
    const queue = [byPid.get(root)!];
    while (queue.length) {
      const s = queue.pop()!;
      ticks += s.ticks;
      queue.push(...(children.get(s.pid) ?? []));
    }
    return ticks / TICKS_PER_SECOND;
  });
}

/** The postmaster of the Postgres server listening on this port (its command line names `-p <port>`). */
export function postmasterOf(port: number): number | null {
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!/(^|\/)postgres$/.test(argv[0] ?? '')) continue;
      const i = argv.indexOf('-p');
      if (
        (i >= 0 && argv[i + 1] === String(port)) ||
        argv.includes(`-p ${port}`) ||
        argv.some((a) => a.startsWith(`-p ${port} `))
      )
        return Number(name);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}
