import { test } from '@playwright/test';

/**
 * Declares tests that run with the service worker allowed: playwright.config.ts blocks it by default, and a test that
 * goes offline or checks the worker itself needs it (decision 0115). A whole spec file says so with
 * `test.use({ serviceWorkers: 'allow' })` at its top.
 */
export function withServiceWorker(declare: () => void) {
  test.describe(() => {
    test.use({ serviceWorkers: 'allow' });
    declare();
  });
}
