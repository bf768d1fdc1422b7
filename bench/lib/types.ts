import type { MailCatcher } from '../../tests/support/mail-catcher.ts';

/** One benchmark: a module of bench/ registered in bench/run.ts. */
export interface Benchmark {
  /** Short name, used on the command line (`npm run bench -- lighthouse`) and in the result file. */
  name: string;
  description: string;
  /** Starts the servers it measures itself: bench/run.ts then starts none for it (ctx.origin is ''). */
  ownServers?: boolean;
  run(ctx: BenchContext): Promise<BenchReport>;
}

export interface BenchContext {
  /** Origin of a running production server (started once by bench/run.ts for all modules). */
  origin: string;
  /** The server's mail (sign-up codes, confirmations), caught by a local SMTP server. */
  mail: MailCatcher;
  log(message: string): void;
}

/** A target the bench reports against (never asserted: a timing is not a pass/fail test). */
export interface Target {
  label: string;
  met: boolean;
}

export interface BenchReport {
  /** Rows of the printed table: one per page, request kind, scenario... */
  rows: Record<string, string | number>[];
  targets?: Target[];
  /** Everything else worth keeping in the JSON result file. */
  details?: unknown;
}
