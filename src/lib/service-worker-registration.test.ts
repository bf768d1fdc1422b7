import { afterEach, expect, test, vi } from 'vitest';

// A plain function, not vi.fn: a spy handles the promises it returns (to record how they settled), which would hide
// the unhandled rejection this test is about.
const tried = vi.hoisted(() => ({ count: 0 }));
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      tried.count++;
      return Promise.reject(new TypeError('Failed to register a ServiceWorker: blocked'));
    }
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

test('a browser that refuses the worker: the registration is tried, and no error escapes into the page', async () => {
  vi.stubEnv('DEV', false);
  vi.stubGlobal('navigator', { serviceWorker: {} });
  vi.stubGlobal('document', { readyState: 'complete' });
  const escaped: unknown[] = [];
  const onEscape = (reason: unknown) => escaped.push(reason);
  process.on('unhandledRejection', onEscape);
  try {
    const { registerServiceWorker } = await import('./service-worker-registration.ts');
    registerServiceWorker();
    await vi.waitFor(() => expect(tried.count).toBe(1));
    // An unhandled rejection is reported after the microtasks run out: give it a turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', onEscape);
  }
  expect(escaped).toEqual([]);
});
