import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { sitelessPath } from '../../app/site.ts';
import { browserStore, isExitThroughTop, recordExitPopupShown, shouldShowExitPopup } from './exit-intent.ts';
import { OPEN_QUERY_MODAL_EVENT, takeQueryModalRequest } from './open-query-modal.ts';

// The dialogs (and the phone picker with its flags) load only when one is about to show.
const loadExitPopup = () => import('./exit-popup.tsx');
const loadQueryModal = () => import('./query-modal.tsx');
const ExitPopup = lazy(loadExitPopup);
const QueryModal = lazy(loadQueryModal);

/** How long a visitor is on the home page before the call-back modal offers itself (once a session). */
export const QUERY_MODAL_DELAY_MS = 10_000;
/** sessionStorage: the modal already offered itself in this session. */
export const QUERY_MODAL_AUTO_SHOWN = 'queryModalAutoShown';

const typing = () => {
  const el = document.activeElement;
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
};

/**
 * Mounted once in the app: opens the home page's call-back modal after a short delay (once per
 * session) or when asked, and the exit-intent popup when the mouse leaves through the top.
 */
export function EnquiryLayer({ since }: { since?: number } = {}) {
  const { pathname } = useLocation();
  /** The delay counts from when the app started (this layer's code loads a little later). */
  const startedAt = useRef(since);
  const isHome = sitelessPath(pathname) === '/';
  const [open, setOpen] = useState<'query' | 'exit' | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    const onAsk = () => {
      if (!takeQueryModalRequest()) return;
      void loadQueryModal();
      setOpen('query');
    };
    window.addEventListener(OPEN_QUERY_MODAL_EVENT, onAsk);
    // Asked for before this layer's code had loaded (it loads after the page): open it now.
    onAsk();
    return () => window.removeEventListener(OPEN_QUERY_MODAL_EVENT, onAsk);
  }, []);

  useEffect(() => {
    const waited = startedAt.current === undefined ? 0 : Date.now() - startedAt.current;
    // Only the first page counts from the start; a later visit to home waits the whole delay.
    startedAt.current = undefined;
    if (!isHome) return;
    const session = browserStore('session');
    if (session?.getItem(QUERY_MODAL_AUTO_SHOWN) === 'true') return;
    let timer: ReturnType<typeof setTimeout>;
    const offer = () => {
      if (session?.getItem(QUERY_MODAL_AUTO_SHOWN) === 'true') return;
      // Not in the middle of something: another dialog, or typing in a field.
      if (openRef.current || typing() || document.visibilityState === 'hidden') {
        timer = setTimeout(offer, 3000);
        return;
      }
      session?.setItem(QUERY_MODAL_AUTO_SHOWN, 'true');
      setOpen('query');
    };
    timer = setTimeout(offer, Math.max(0, QUERY_MODAL_DELAY_MS - waited));
    return () => clearTimeout(timer);
  }, [isHome]);

  useEffect(() => {
    const onOut = (e: MouseEvent) => {
      if (!isExitThroughTop(e) || openRef.current) return;
      const store = browserStore();
      const now = Date.now();
      if (!store || !shouldShowExitPopup(store, now)) return;
      recordExitPopupShown(store, now);
      setOpen('exit');
    };
    document.addEventListener('mouseout', onOut);
    // With a mouse and the flag set, fetch the popup's code while idle so it shows at once.
    const store = browserStore();
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    if (store?.getItem('queryModalShown') === 'true' && window.matchMedia?.('(pointer: fine)').matches)
      idle(() => void loadExitPopup());
    return () => document.removeEventListener('mouseout', onOut);
  }, []);

  return (
    <Suspense fallback={null}>
      {open === 'exit' ? <ExitPopup onClose={close} /> : open === 'query' ? <QueryModal onClose={close} /> : null}
    </Suspense>
  );
}
