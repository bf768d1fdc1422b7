import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each test file took in a whole run, by `<project>:<path>` (the Postgres run's project has no name):
 * `npm run test:durations` writes it from Vitest's own results cache after a run.
 */
export const DURATIONS_FILE = join(import.meta.dirname, '..', 'durations.json');

/**
 * Runs the longest test files first, by the committed durations, so that no 40-second file starts last while the
 * other worker sits idle. Vitest does this itself from its results cache, which a fresh clone (CI) does not have:
 * there it runs the largest files first, and the longest (kill -9, a data folder in use, mail-kill: each waits on
 * processes, not on its size) started near the end, leaving a core idle for their last 40–70 s. Files with no
 * recorded time (new ones) run first, as Vitest runs unknown files first. Projects and isolation are grouped as
 * Vitest groups them.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds: Record<string, number> = existsSync(DURATIONS_FILE)
      ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'))
      : {};
    const root = this.ctx.config.root;
    const time = (spec: TestSpecification) =>
      seconds[`${spec.project.name}:${relative(root, spec.moduleId)}`] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const diff = time(b) - time(a);
      return Number.isNaN(diff) ? 0 : diff;
    });
  }
}
