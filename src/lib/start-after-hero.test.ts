import { describe, expect, it } from 'vitest';
import { startAfterHeroScript } from './start-after-hero.ts';

/**
 * A page just rich enough for the inline script: its hero, frames, timers, the head it appends to
 * and paint timing (`painted`: the first contentful paint is already in; else `paint()` brings it).
 */
function fakePage({
  visibility = 'visible',
  hero,
  preload = [],
  css = [],
  painted = true,
  paintTiming = true,
}: {
  visibility?: string;
  hero?: { complete: boolean };
  preload?: string[];
  css?: string[];
  painted?: boolean;
  paintTiming?: boolean;
}) {
  const appended: { type?: string; src?: string; rel?: string; href?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const img = hero ? { ...hero, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) } : null;
  const document = {
    visibilityState: visibility,
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? img : null),
    createElement: () => {
      const el = {};
      // Not enumerable: the tests compare elements by the properties the script sets.
      Object.defineProperty(el, 'addEventListener', {
        value: (type: string, fn: () => void) => listeners.set(`link ${type} ${listeners.size}`, fn),
      });
      return el;
    },
    head: {
      appendChild: (el: (typeof appended)[number]) => {
        appended.push(el);
        return el;
      },
    },
  };
  type Callback = (
    list: { getEntriesByName: (name: string) => unknown[] },
    observer: { disconnect: () => void },
  ) => void;
  const observers: { callback: Callback; connected: boolean }[] = [];
  const deliver = (o: (typeof observers)[number]) => {
    if (o.connected)
      o.callback(
        { getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) },
        { disconnect: () => (o.connected = false) },
      );
  };
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(private callback: Callback) {}
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      const o = { callback: this.callback, connected: type === 'paint' };
      observers.push(o);
      // Buffered entries come in a task of their own, as in a browser.
      if (painted && buffered) timers.push({ fn: () => deliver(o), ms: 0 });
    }
  }
  const run = new Function(
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'PerformanceObserver',
    startAfterHeroScript('/assets/entry-client-abc.js', preload, css),
  );
  run(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
    FakeObserver,
  );
  const flush = () => {
    for (let i = 0; i < 3; i++) {
      timers
        .filter((t) => t.ms === 0)
        .splice(0)
        .forEach((t) => {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        });
      frames.splice(0).forEach((f) => f());
    }
  };
  const paint = () => observers.forEach(deliver);
  return { appended, listeners, flush, timers, paint };
}

describe('the inline script that starts the app after the hero has painted', () => {
  it('waits for the hero to load, then for a frame', () => {
    const page = fakePage({ hero: { complete: false } });
    page.flush();
    expect(page.appended).toEqual([]);
    page.listeners.get('load')!();
    expect(page.appended).toEqual([]);
    page.flush();
    expect(page.appended).toEqual([{ type: 'module', src: '/assets/entry-client-abc.js' }]);
  });

  it("preloads the entry's imports only when it starts the entry, not before", () => {
    const page = fakePage({
      hero: { complete: false },
      preload: ['/assets/site-context-x.js', '/assets/rolldown-runtime-y.js'],
    });
    page.flush();
    expect(page.appended).toEqual([]);
    page.listeners.get('load')!();
    page.flush();
    expect(page.appended).toEqual([
      { rel: 'modulepreload', href: '/assets/site-context-x.js' },
      { rel: 'modulepreload', href: '/assets/rolldown-runtime-y.js' },
      { type: 'module', src: '/assets/entry-client-abc.js' },
    ]);
  });

  it('links the whole stylesheet when it starts, fetches the entry at once and runs it once the stylesheet is in', () => {
    const page = fakePage({
      hero: { complete: true },
      preload: ['/assets/site-context-x.js'],
      css: ['/assets/style-z.css'],
    });
    page.flush();
    expect(page.appended).toEqual([
      { rel: 'stylesheet', href: '/assets/style-z.css' },
      { rel: 'modulepreload', href: '/assets/entry-client-abc.js' },
      { rel: 'modulepreload', href: '/assets/site-context-x.js' },
    ]);
    const cssLoaded = [...page.listeners].find(([key]) => key.startsWith('link load'))![1];
    cssLoaded();
    expect(page.appended.at(-1)).toEqual({ type: 'module', src: '/assets/entry-client-abc.js' });
    cssLoaded();
    expect(page.appended).toHaveLength(4);
  });

  it('runs the entry after 3 s even when the stylesheet never settles', () => {
    const page = fakePage({ hero: { complete: true }, css: ['/assets/style-z.css'] });
    page.flush();
    expect(page.appended).toHaveLength(2);
    page.timers.filter((t) => t.ms === 3000).forEach((t) => t.fn());
    expect(page.appended.at(-1)).toEqual({ type: 'module', src: '/assets/entry-client-abc.js' });
    expect(page.appended).toHaveLength(3);
  });

  it('starts after one frame when the hero is already in, or there is none', () => {
    for (const hero of [{ complete: true }, undefined]) {
      const page = fakePage({ hero });
      expect(page.appended).toHaveLength(0);
      page.flush();
      expect(page.appended).toHaveLength(1);
    }
  });

  it('waits for the first contentful paint as well as the hero: a hero in before the text has painted is not enough', () => {
    const page = fakePage({ hero: { complete: false }, painted: false });
    page.listeners.get('load')!();
    page.flush();
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([]);
    page.flush();
    expect(page.appended).toEqual([{ type: 'module', src: '/assets/entry-client-abc.js' }]);
  });

  it('waits for the hero alone in a browser without paint timing', () => {
    const page = fakePage({ hero: { complete: false }, painted: false, paintTiming: false });
    page.listeners.get('load')!();
    page.flush();
    expect(page.appended).toHaveLength(1);
  });

  it('starts at once in a hidden tab, or when the hero fails', () => {
    expect(fakePage({ visibility: 'hidden', hero: { complete: false } }).appended).toHaveLength(1);
    const failed = fakePage({ hero: { complete: false } });
    failed.listeners.get('error')!();
    expect(failed.appended).toHaveLength(1);
  });

  it('starts after 3 s at the latest, and only ever once', () => {
    const page = fakePage({ hero: { complete: false } });
    const latest = page.timers.find((t) => t.ms === 3000)!;
    latest.fn();
    page.listeners.get('load')!();
    page.flush();
    latest.fn();
    expect(page.appended).toHaveLength(1);
  });
});
