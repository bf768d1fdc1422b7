import { use, type ComponentType } from 'react';

export interface LazyPage {
  (props: object): React.ReactNode;
  /** Loads the page's code; the server and the first client render await it before rendering. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy cannot be told that its module is already loaded, so a route preloaded before
 * hydration would still suspend once. This wrapper renders the module directly when it is there.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Component: ComponentType | null = null;
  let pending: Promise<unknown> | null = null;
  const preload = () =>
    (pending ??= load().then((m) => {
      Component = m.default;
      return m;
    }));
  const Page = (props: object) => {
    if (!Component) use(preload());
    const C = Component as ComponentType;
    return <C {...props} />;
  };
  Page.preload = preload;
  return Page as LazyPage;
}
