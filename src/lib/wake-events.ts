/**
 * Calls `listener` whenever the page may have something new to do about the network: the browser
 * reports a connection, the window regains focus, or the tab becomes visible again. Returns the
 * cleanup. Page only (window and document).
 */
export function onWake(listener: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('online', listener);
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
