/*
 * When the exit-intent popup may show (spec §2, §9): the mouse leaves through the top of the page,
 * the home query modal was already shown (localStorage queryModalShown is 'true'), and fewer than
 * one exit popup was shown in the current hour window (exitPopupCount, exitPopupTime), which
 * starts afresh 3,600,000 ms after it began. Pure: the store and the clock are passed in.
 */

export const QUERY_MODAL_SHOWN = 'queryModalShown';
export const EXIT_POPUP_COUNT = 'exitPopupCount';
export const EXIT_POPUP_TIME = 'exitPopupTime';
export const EXIT_POPUP_WINDOW_MS = 3_600_000;
export const EXIT_POPUPS_PER_WINDOW = 1;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The current window: its start and how many popups it has shown (a stale or unreadable one is empty). */
export function exitPopupWindow(store: KeyValueStore, now: number): { count: number; start: number } {
  const start = Number(store.getItem(EXIT_POPUP_TIME));
  const count = Number(store.getItem(EXIT_POPUP_COUNT));
  const fresh = Number.isFinite(start) && start > 0 && start <= now && now - start < EXIT_POPUP_WINDOW_MS;
  if (!fresh) return { count: 0, start: now };
  return { count: Number.isInteger(count) && count > 0 ? count : 0, start };
}

export function shouldShowExitPopup(store: KeyValueStore, now: number): boolean {
  return store.getItem(QUERY_MODAL_SHOWN) === 'true' && exitPopupWindow(store, now).count < EXIT_POPUPS_PER_WINDOW;
}

/** Counts a shown popup in the current window (opening a new window when the last one is over). */
export function recordExitPopupShown(store: KeyValueStore, now: number): void {
  const w = exitPopupWindow(store, now);
  store.setItem(EXIT_POPUP_COUNT, String(w.count + 1));
  store.setItem(EXIT_POPUP_TIME, String(w.start));
}

/** The home query modal was shown: from now on the exit popup may appear. */
export function recordQueryModalShown(store: KeyValueStore): void {
  store.setItem(QUERY_MODAL_SHOWN, 'true');
}

/** A mouse event that leaves the document through its top edge (not into a child, not sideways). */
export function isExitThroughTop(e: { clientY: number; relatedTarget: unknown }): boolean {
  return e.relatedTarget == null && e.clientY <= 0;
}

/** localStorage, or null where it is unavailable (private mode, blocked storage, the server). */
export function browserStore(kind: 'local' | 'session' = 'local'): KeyValueStore | null {
  try {
    const s = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return s ?? null;
  } catch {
    return null;
  }
}
