import { Suspense, use, useEffect, type ComponentType } from 'react';

/*
 * A part of a page further down than the first screen (a form, related holidays) whose code is
 * not part of the first route's download (decision 0074). The server renders it whole; in the
 * browser its code starts loading as the page hydrates, and until it is there React leaves the
 * server's HTML in place (a Suspense boundary stays dehydrated, then hydrates), so nothing differs
 * from what the server rendered. Once loaded, a part renders directly, as lazyPage does.
 */

let waiting = 0;
const settled = new Set<() => void>();
const release = () => {
  waiting -= 1;
  if (waiting === 0) settled.forEach((cb) => cb());
};

/** Calls `cb` once every part that was still loading at hydration has loaded and hydrated. */
export function whenPartsLive(cb: () => void): () => void {
  if (waiting === 0) {
    cb();
    return () => {};
  }
  const once = () => {
    settled.delete(once);
    cb();
  };
  settled.add(once);
  return () => settled.delete(once);
}

/** Counts itself out once the part it wraps is committed (hydrated or rendered). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<unknown> | null = null;
  /** Whether this part was counted as waiting (it suspended); released once, when it is live. */
  let counted = false;
  const preload = () =>
    (pending ??= load().then((C) => {
      Loaded = C;
    }));
  const onLive = () => {
    if (!counted) return;
    counted = false;
    release();
  };

  function Inner(props: P) {
    if (!Loaded) {
      if (!counted && typeof window !== 'undefined') {
        counted = true;
        waiting += 1;
      }
      use(preload());
    }
    const C = Loaded as ComponentType<P>;
    return (
      <>
        <C {...props} />
        <Live onLive={onLive} />
      </>
    );
  }

  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  Part.preload = preload;
  return Part;
}
