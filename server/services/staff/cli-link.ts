import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * While a server holds the embedded database (PGlite in DATA_DIR), `npm run staff` cannot open it:
 * it asks that server instead, over loopback, with a secret the server keeps in this file (mode
 * 0600, readable by whoever may read the database itself). Removed when the server stops.
 */
export const cliLinkFile = (dataDir: string) => join(dataDir, 'staff-cli.json');

export interface CliLink {
  pid: number;
  port: number;
  secret: string;
}

export const newCliSecret = () => randomBytes(32).toString('base64url');

export function writeCliLink(dataDir: string, link: CliLink): () => void {
  const file = cliLinkFile(dataDir);
  writeFileSync(file, JSON.stringify(link), { mode: 0o600 });
  return () => {
    try {
      if (readCliLink(dataDir)?.pid === link.pid) rmSync(file);
    } catch {
      // already gone
    }
  };
}

export function readCliLink(dataDir: string): CliLink | null {
  try {
    const link = JSON.parse(readFileSync(cliLinkFile(dataDir), 'utf8')) as Partial<CliLink>;
    return typeof link.port === 'number' && typeof link.secret === 'string' && typeof link.pid === 'number'
      ? (link as CliLink)
      : null;
  } catch {
    return null;
  }
}
