import { describe, expect, it } from 'vitest';
import { startAfterHeroScript } from './start-after-hero.ts';

/** A page just rich enough for the inline script: its hero, frames, timers and the head it appends to. */
function fakePage({ visibility = 'visible', hero }: { visibility?: string; hero?: { complete: boolean } }) {
  const appended: { type?: string; src?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const img = hero ? { ...hero, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) } : null;
  const document = {
    visibilityState: visibility,
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? img : null),
    createElement: () => ({}),
    head: { appendChild: (el: { type?: string; src?: string }) => appended.push(el) },
  };
  const run = new Function('document', 'requestAnimationFrame', 'setTimeout', startAfterHeroScript('/assets/entry-client-abc.js'));
  run(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  const flush = () => {
    frames.splice(0).forEach((f) => f());
    timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
  };
  return { appended, listeners, flush, timers };
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

  it('starts after one frame when the hero is already in, or there is none', () => {
    for (const hero of [{ complete: true }, undefined]) {
      const page = fakePage({ hero });
      expect(page.appended).toHaveLength(0);
      page.flush();
      expect(page.appended).toHaveLength(1);
    }
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
