/**
 * Resolves once the page has loaded and the browser is idle (at most `timeoutMs` after load):
 * for work a server-rendered page does not need to show itself, such as opening IndexedDB.
 */
export function whenIdle(timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: timeoutMs })
        : setTimeout(resolve, 200);
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
}
