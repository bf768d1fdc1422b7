import { afterEach, describe, expect, it, vi } from 'vitest';
import { gtmScriptUrl, startTagManager, track } from './analytics.ts';

function fakeWindow(readyState: DocumentReadyState = 'complete') {
  const appended: { src: string; async: boolean }[] = [];
  const listeners: Record<string, () => void> = {};
  const idle: (() => void)[] = [];
  const win = {
    dataLayer: undefined as unknown[] | undefined,
    document: {
      readyState,
      createElement: () => ({ src: '', async: false }),
      head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    },
    addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
    setTimeout: (fn: () => void) => idle.push(fn),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
  };
  return { win, appended, listeners, idle };
}

describe('analytics', () => {
  afterEach(() => {
    startTagManager(undefined, fakeWindow().win as never);
    vi.unstubAllGlobals();
  });

  it('track does nothing and loads nothing without a container', () => {
    const f = fakeWindow();
    vi.stubGlobal('window', f.win);
    startTagManager(undefined, f.win as never);
    track('generate_lead', { form: 'contact' });
    expect(f.win.dataLayer).toBeUndefined();
    expect(f.idle).toHaveLength(0);
    expect(f.appended).toHaveLength(0);
  });

  it('loads the container only after load and idle, then records events in the data layer', () => {
    const f = fakeWindow('loading');
    vi.stubGlobal('window', f.win);
    startTagManager('GTM-ABC123', f.win as never);
    expect(f.appended).toHaveLength(0);
    expect(f.idle).toHaveLength(0);
    f.listeners.load!();
    expect(f.appended).toHaveLength(0);
    f.idle.shift()!();
    expect(f.appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', async: true }]);
    track('add_to_cart', { value: 1200, currency: 'AED' });
    expect(f.win.dataLayer).toEqual([
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
      { value: 1200, currency: 'AED', event: 'add_to_cart' },
    ]);
  });

  it('a load cancelled before idle adds no script', () => {
    const f = fakeWindow();
    const stop = startTagManager('GTM-XYZ789', f.win as never);
    stop();
    f.idle.shift()!();
    expect(f.appended).toHaveLength(0);
  });

  it('escapes the id in the script address', () => {
    expect(gtmScriptUrl('GTM-A&B')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-A%26B');
  });
});
