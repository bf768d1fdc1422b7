import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA, and axe's best practices (issue 15). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page as it is now and fails on any violation, naming each rule, its
 * impact and the elements. axe is evaluated through the DevTools protocol, so the page's CSP
 * does not stand in the way. Finite animations (a dialog fading in) are let finish first. For a
 * new page: open it, wait for what it shows, then call this.
 */
export async function expectNoAxeViolations(page: Page) {
  // A dialog fading in has, for a moment, too little contrast: judge what stays on screen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, TAGS);
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}
