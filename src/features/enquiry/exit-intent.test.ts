import { describe, expect, it } from 'vitest';
import {
  EXIT_POPUP_COUNT,
  EXIT_POPUP_TIME,
  EXIT_POPUP_WINDOW_MS,
  QUERY_MODAL_SHOWN,
  isExitThroughTop,
  recordExitPopupShown,
  recordQueryModalShown,
  shouldShowExitPopup,
  type KeyValueStore,
} from './exit-intent.ts';

function memoryStore(init: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...init };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const T0 = 1_767_000_000_000;

describe('exit-intent popup rule', () => {
  it('never shows before the query modal was shown (flag must be exactly "true")', () => {
    expect(shouldShowExitPopup(memoryStore(), T0)).toBe(false);
    expect(shouldShowExitPopup(memoryStore({ [QUERY_MODAL_SHOWN]: 'false' }), T0)).toBe(false);
    expect(shouldShowExitPopup(memoryStore({ [QUERY_MODAL_SHOWN]: 'TRUE' }), T0)).toBe(false);
    const s = memoryStore();
    recordQueryModalShown(s);
    expect(s.data[QUERY_MODAL_SHOWN]).toBe('true');
    expect(shouldShowExitPopup(s, T0)).toBe(true);
  });

  it('shows once per hour window: a second exit within the hour shows nothing', () => {
    const s = memoryStore({ [QUERY_MODAL_SHOWN]: 'true' });
    expect(shouldShowExitPopup(s, T0)).toBe(true);
    recordExitPopupShown(s, T0);
    expect(s.data).toMatchObject({ [EXIT_POPUP_COUNT]: '1', [EXIT_POPUP_TIME]: String(T0) });
    expect(shouldShowExitPopup(s, T0 + 1)).toBe(false);
    expect(shouldShowExitPopup(s, T0 + 30 * 60_000)).toBe(false);
    expect(shouldShowExitPopup(s, T0 + EXIT_POPUP_WINDOW_MS - 1)).toBe(false);
  });

  it('resets the count 3,600,000 ms after the window began', () => {
    const s = memoryStore({ [QUERY_MODAL_SHOWN]: 'true' });
    recordExitPopupShown(s, T0);
    const later = T0 + 3_600_000;
    expect(shouldShowExitPopup(s, later)).toBe(true);
    recordExitPopupShown(s, later);
    expect(s.data).toMatchObject({ [EXIT_POPUP_COUNT]: '1', [EXIT_POPUP_TIME]: String(later) });
    expect(shouldShowExitPopup(s, later + 10)).toBe(false);
  });

  it('keeps the window start when counting within it', () => {
    const s = memoryStore({ [QUERY_MODAL_SHOWN]: 'true', [EXIT_POPUP_COUNT]: '0', [EXIT_POPUP_TIME]: String(T0) });
    recordExitPopupShown(s, T0 + 5000);
    expect(s.data).toMatchObject({ [EXIT_POPUP_COUNT]: '1', [EXIT_POPUP_TIME]: String(T0) });
  });

  it('treats unreadable or future values as an empty window', () => {
    expect(
      shouldShowExitPopup(
        memoryStore({ [QUERY_MODAL_SHOWN]: 'true', [EXIT_POPUP_COUNT]: 'x', [EXIT_POPUP_TIME]: 'y' }),
        T0,
      ),
    ).toBe(true);
    expect(
      shouldShowExitPopup(
        memoryStore({ [QUERY_MODAL_SHOWN]: 'true', [EXIT_POPUP_COUNT]: '1', [EXIT_POPUP_TIME]: String(T0 + 60_000) }),
        T0,
      ),
    ).toBe(true);
    expect(
      shouldShowExitPopup(
        memoryStore({ [QUERY_MODAL_SHOWN]: 'true', [EXIT_POPUP_COUNT]: '5', [EXIT_POPUP_TIME]: String(T0) }),
        T0 + 1,
      ),
    ).toBe(false);
  });

  it('recognises the mouse leaving through the top only', () => {
    expect(isExitThroughTop({ clientY: 0, relatedTarget: null })).toBe(true);
    expect(isExitThroughTop({ clientY: -4, relatedTarget: null })).toBe(true);
    expect(isExitThroughTop({ clientY: 300, relatedTarget: null })).toBe(false);
    expect(isExitThroughTop({ clientY: -4, relatedTarget: {} })).toBe(false);
  });
});
