import { useEffect, useMemo, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { CartSync } from '../features/cart/cart-sync.tsx';
import { EnquiryLayer } from '../features/enquiry/enquiry-layer.tsx';
import { TagManager } from '../components/tag-manager.tsx';
import { campaignSearch } from '../lib/campaign.ts';
import { ensureGuestId, readIdentity } from '../lib/identity.ts';
import { focusHeading, pageHeading } from '../lib/focus-heading.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { createPersistentCache } from '../lib/swr-persist.ts';
import type { AppData } from './app-data.ts';
import { Layout } from './layout.tsx';
import { NotFoundPage, routerPaths } from './routes.tsx';
import { SettingsProvider } from './site-context.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** Campaign parameters of the landing page ride along on every later in-app navigation. */
function CampaignKeeper() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const search = campaignSearch(location.search, sessionStorage);
    if (search !== null) navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
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
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    cancel.current?.();
    cancel.current = navigationType === 'POP' ? null : focusHeading(pageHeading, 'top');
  }, [pathname, navigationType]);
  useEffect(() => () => cancel.current?.(), []);
  return null;
}

/**
 * Marks the document once the app has hydrated (the route's code is loaded before hydration, so
 * the whole page is live): `html[data-interactive]`, for the browser tests and the benchmarks.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-interactive', '');
  }, []);
  return null;
}

/**
 * A visitor who is not signed in is a guest with a guest_id kept 7 days. Given once the page is
 * idle, not while it hydrates (reading and writing cookies are trips to the browser's cookie
 * store); anything that needs the id before then creates it itself (currentCartIdentity).
 */
function GuestIdentity() {
  useEffect(() => {
    let cancelled = false;
    void whenIdle().then(() => {
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
  // In the browser, content reads are kept in IndexedDB for offline use; the server's fallback wins.
  const [persisted] = useState(() => (typeof window === 'undefined' ? null : createPersistentCache({ fallback: data.fallback, deferOpen: !data.shell })));
  const swrConfig = useMemo(
    () => ({ fallback: data.fallback, revalidateIfStale: false, provider: persisted?.provider, use: persisted ? [persisted.middleware] : [] }),
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
        <EnquiryLayer />
        <Layout>
          <Pages status={data.status} />
        </Layout>
      </SWRConfig>
    </SettingsProvider>
  );
}
