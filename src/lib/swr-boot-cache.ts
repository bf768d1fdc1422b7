import { useEffect, useSyncExternalStore } from 'react';
import { unstable_serialize, type Cache, type Middleware, type State } from 'swr';
import type { PersistentCache } from './swr-persist.ts';
import { whenIdle } from './when-idle.ts';

/*
 * SWR's cache as the app starts with it: a plain map, and the middleware's hooks. The device's
 * copies (swr-persist.ts: IndexedDB, write-through, trimming) join once the page is idle, and
 * their code loads then (decision 0079); the offline shell asks for them at once. What SWR stored
 * meanwhile is handed over, so the server's answers are still kept for offline use. The
 * middleware's hooks are the same from the first render on, as React requires.
 */
export function createBootCache(opts: { fallback: Record<string, unknown>; deferOpen: boolean }): {
  provider: () => Cache;
  middleware: Middleware;
} {
  const live = new Map<string, State>();
  let full: PersistentCache | null = null;
  let fullCache: Cache | null = null;
  let hydrated = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const join = async () => {
    const { createPersistentCache } = await import('./swr-persist.ts');
    const persisted = createPersistentCache({ fallback: opts.fallback });
    const cache = persisted.provider();
    for (const [key, state] of live) cache.set(key, state);
    full = persisted;
    fullCache = cache;
    persisted.subscribe(notify);
    if (hydrated) persisted.show();
    notify();
  };
  void (opts.deferOpen ? whenIdle().then(join) : join()).catch(() => undefined);

  const cache: Cache = {
    get: (key) => (fullCache ? fullCache.get(key) : live.get(key)),
    set(key, value) {
      live.set(key, value);
      fullCache?.set(key, value);
    },
    delete(key) {
      live.delete(key);
      fullCache?.delete(key);
    },
    keys: () => (fullCache ? fullCache.keys() : live.keys()),
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const middleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const serialised = key === null || key === undefined || key === false ? null : unstable_serialize(key);
    // Never while hydrating; afterwards, only for a key with a copy from disk and nothing newer.
    const fromDisk = useSyncExternalStore(
      subscribe,
      () => serialised !== null && full !== null && full.hasOfflineCopy(serialised),
      () => false,
    );
    useEffect(() => {
      hydrated = true;
      full?.show();
    }, []);
    return useSWRNext(key, fetcher, fromDisk ? { ...config, revalidateOnMount: true } : config);
  };

  return { provider: () => cache, middleware };
}
