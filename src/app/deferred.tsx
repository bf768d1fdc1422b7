import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

/**
 * A part of the app that shows nothing until later (a dialog, a prompt, a tag loader): its code
 * loads once the page is idle, or at once when `wakeEvent` is dispatched on window (the traveller
 * asked for it first), not with the first route's code. The server and hydration render nothing
 * in its place, as the part itself would at first, so the page hydrates without a difference.
 *
 * With `placeholder`, the server and hydration render that instead: what the part itself shows
 * before it knows more (the header's "Account" link before the session is read, the cart link
 * before the device's cart is counted), a static copy with none of its code.
 *
 * With `name`, the part says when it is live: the name joins the words of `html[data-live]` once
 * it has rendered and its own effects have run (listeners in place), for browser tests and benches
 * that must not act before it, as `html[data-interactive]` says it for the page.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  opts: { wakeEvent?: string; placeholder?: ComponentType<P>; name?: string } = {},
) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const start = () => (loading ??= load().then((C) => void (Loaded = C)));

  function Deferred(props: P) {
    const [ready, setReady] = useState(false);
    useEffect(() => {
      let live = true;
      const go = () => {
        start().then(
          () => live && setReady(true),
          // Not loadable now (offline before the worker kept it): tried again on the next wake.
          () => void (loading = null),
        );
      };
      if (opts.wakeEvent) addEventListener(opts.wakeEvent, go);
      void whenIdle().then(() => live && go());
      return () => {
        live = false;
        if (opts.wakeEvent) removeEventListener(opts.wakeEvent, go);
      };
    }, []);
    useEffect(() => {
      // After the part's own effects (a child's run first): what it listens for is listened for.
      if (ready && opts.name) markLive(opts.name);
    }, [ready]);
    if (ready && Loaded) return <Loaded {...props} />;
    const Placeholder = opts.placeholder;
    return Placeholder ? <Placeholder {...props} /> : null;
  }
  Deferred.preload = start;
  return Deferred;
}

function markLive(name: string) {
  const html = document.documentElement;
  const live = new Set((html.getAttribute('data-live') ?? '').split(' ').filter(Boolean)).add(name);
  html.setAttribute('data-live', [...live].join(' '));
}
