import { useEffect, useMemo, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { TagManager } from '../components/tag-manager.tsx';
import { OPEN_QUERY_MODAL_EVENT } from '../features/enquiry/open-query-modal.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { createBootCache } from '../lib/swr-boot-cache.ts';
import type { AppData } from './app-data.ts';
import { Layout } from './layout.tsx';
import { NotFoundPage, routerPaths } from './routes.tsx';
import { SettingsProvider } from './site-context.tsx';
import { deferred } from './deferred.tsx';
import { whenPartsLive } from './lazy-part.tsx';

// Parts that show nothing until later load after the page (decision 0074): the call-back modal and
// exit-intent popup (at once when the traveller asks for a call back), and the update prompt.
const EnquiryLayer = deferred<{ since?: number }>(
  () => import('../features/enquiry/enquiry-layer.tsx').then((m) => m.EnquiryLayer),
  { wakeEvent: OPEN_QUERY_MODAL_EVENT, name: 'enquiry' },
);
const UpdatePrompt = deferred(() => import('./update-prompt.tsx').then((m) => m.UpdatePrompt));
// Waits for an idle page anyway before it loads the sync code (src/features/cart/cart-sync.tsx).
const CartSync = deferred(() => import('../features/cart/cart-sync.tsx').then((m) => m.CartSync));

const loadFocusHeading = () => import('../lib/focus-heading.ts');

const loadCampaign = () => import('../lib/campaign.ts');

/**
 * Campaign parameters of the landing page ride along on every later in-app navigation. Their code
 * loads with the first effect, not with the first route (decision 0079).
 */
function CampaignKeeper() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let here = true;
    void loadCampaign().then(({ campaignSearch }) => {
      // The landing page's parameters are kept even if the traveller has moved on meanwhile; the
      // URL is completed only while it is still this one.
      const search = campaignSearch(location.search, sessionStorage);
      if (here && search !== null)
        navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    });
    return () => {
      here = false;
    };
  }, [location.pathname, location.search, location.hash, navigate]);
  return null;
}

/**
 * A new page opens at its top with its heading focused (a screen reader starts reading there, a
 * keyboard's next Tab is in the page); back and forward leave scrolling to the browser.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  const cancel = useRef<(() => void) | null>(null);
  // Needed from the first navigation on, not for the first page: loaded once the page is idle.
  useEffect(() => void whenIdle().then(loadFocusHeading), []);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    cancel.current?.();
    cancel.current = null;
    if (navigationType === 'POP') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    cancel.current = () => {
      cancelled = true;
      stop?.();
    };
    void loadFocusHeading().then(({ focusHeading, pageHeading }) => {
      if (!cancelled) stop = focusHeading(pageHeading, 'top');
    });
  }, [pathname, navigationType]);
  useEffect(() => () => cancel.current?.(), []);
  return null;
}

/**
 * Marks the document once the app has hydrated (the route's code is loaded before hydration, so
 * the whole page is live, parts further down included): `html[data-interactive]`, for the browser tests and the
 * benchmarks.
 */
function InteractiveMark() {
  // Parts further down a page may hydrate a moment later, as their code arrives (src/app/lazy-part.tsx).
  useEffect(() => whenPartsLive(() => document.documentElement.setAttribute('data-interactive', '')), []);
  return null;
}

/**
 * A visitor who is not signed in is a guest with a guest_id kept 7 days. Given once the page is
 * idle, not while it hydrates (reading and writing cookies are trips to the browser's cookie
 * store), and the cookie code loads then too; anything that needs the id before then creates it
 * itself (currentCartIdentity).
 */
function GuestIdentity() {
  useEffect(() => {
    let cancelled = false;
    void whenIdle()
      .then(() => import('../lib/identity.ts'))
      .then(({ ensureGuestId, readIdentity }) => {
        if (!cancelled && readIdentity().kind === 'guest') ensureGuestId();
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}

/** The page at the URL the server rendered as 404 (an unknown slug) stays a not-found page. */
function Pages({ status }: { status: number }) {
  const { pathname } = useLocation();
  const [renderedPath] = useState(pathname);
  if (status === 404 && pathname === renderedPath) return <NotFoundPage />;
  return (
    <Routes>
      {routerPaths.map(({ path, route }) => (
        <Route key={path} path={path} element={<route.page />} />
      ))}
    </Routes>
  );
}

export function App({ data }: { data: AppData }) {
  const [startedAt] = useState(() => Date.now());
  // In the browser, content reads are kept in IndexedDB for offline use; the server's fallback wins.
  // Its IndexedDB half (swr-persist.ts) joins once the page is idle (src/lib/swr-boot-cache.ts).
  const [persisted] = useState(() =>
    typeof window === 'undefined' ? null : createBootCache({ fallback: data.fallback, deferOpen: !data.shell }),
  );
  const swrConfig = useMemo(
    () => ({
      fallback: data.fallback,
      revalidateIfStale: false,
      provider: persisted?.provider,
      use: persisted ? [persisted.middleware] : [],
    }),
    [data.fallback, persisted],
  );
  return (
    <SettingsProvider value={data.settings}>
      <SWRConfig value={swrConfig}>
        <CampaignKeeper />
        <ScrollToTop />
        <GuestIdentity />
        <InteractiveMark />
        <CartSync />
        <UpdatePrompt />
        <TagManager />
        <EnquiryLayer since={startedAt} />
        <Layout>
          <Pages status={data.status} />
        </Layout>
      </SWRConfig>
    </SettingsProvider>
  );
}
