import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Site } from '../../../contract/site.ts';
import { shopDb } from '../../lib/db.ts';
import {
  checkoutDraftSchema,
  clearDrafts,
  draftId,
  draftWriter,
  loadDraft,
  pruneDrafts,
  saveDraft,
  type CheckoutDraft,
} from './checkout-draft.ts';
import { emptyForm, othersFor, type CheckoutForm, type Party } from './checkout-form.ts';

/*
 * A reload right after a keystroke can come before the draft's write (IndexedDB is not written
 * while the page unloads): this tab's session storage keeps the latest change at once, and the
 * newer of the two is taken when the form is read back.
 */
const TAB_KEY = 'wl-checkout-draft';
function keepInTab(draft: Omit<CheckoutDraft, 'id' | 'savedAt'>) {
  try {
    const row: CheckoutDraft = { ...draft, id: draftId(draft.owner, draft.site, draft.holdId), savedAt: Date.now() };
    sessionStorage.setItem(TAB_KEY, JSON.stringify(row));
  } catch {
    // Storage full or blocked: the device's draft still follows.
  }
}
function fromTab(id: string): CheckoutDraft | null {
  try {
    const parsed = checkoutDraftSchema.safeParse(JSON.parse(sessionStorage.getItem(TAB_KEY) ?? 'null'));
    return parsed.success && parsed.data.id === id && Date.parse(parsed.data.holdExpiresAt) > Date.now()
      ? parsed.data
      : null;
  } catch {
    return null;
  }
}
function forgetInTab() {
  try {
    sessionStorage.removeItem(TAB_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The hold a draft belongs to: from the server, or (offline) from the draft kept for it. */
export interface HeldFor {
  holdId: number;
  holdExpiresAt: string;
  party: Party;
}

/**
 * The travellers form of one hold, read from its draft on the device and written back as the
 * traveller types (decision 0099). `form` is null until the draft has been read, so nothing typed
 * is ever shown empty first and then overwritten.
 */
export function useCheckoutDraft(owner: string, site: Site, held: HeldFor | null) {
  const [state, setState] = useState<{ holdId: number; form: CheckoutForm } | null>(null);
  const heldRef = useRef(held);
  heldRef.current = held;
  const writer = useMemo(() => draftWriter((d) => saveDraft(shopDb(), d)), []);
  const holdId = held?.holdId ?? null;

  const persist = useCallback(
    (form: CheckoutForm) => {
      const h = heldRef.current;
      if (!h) return;
      const draft = {
        owner,
        site,
        holdId: h.holdId,
        holdExpiresAt: h.holdExpiresAt,
        party: h.party,
        form,
      } satisfies Omit<CheckoutDraft, 'id' | 'savedAt'>;
      keepInTab(draft);
      writer.save(draft);
    },
    [owner, site, writer],
  );

  useEffect(() => {
    if (holdId === null) return;
    let stale = false;
    void (async () => {
      const db = shopDb();
      let kept: CheckoutDraft | null = null;
      try {
        await pruneDrafts(db, owner, site);
        kept = await loadDraft(db, owner, site, holdId);
      } catch {
        // No database (a private window that blocks it): the form still works, only not kept.
      }
      if (stale) return;
      const inTab = fromTab(draftId(owner, site, holdId));
      if (inTab && (!kept || inTab.savedAt > kept.savedAt)) kept = inTab;
      const start = kept?.form ?? emptyForm();
      // One row per traveller in the party the hold keeps, keeping what was typed.
      const form = {
        ...start,
        others: othersFor(heldRef.current?.party ?? kept?.party ?? { adult: 1, child: 0, infant: 0 }, start.others),
      };
      setState({ holdId, form });
      persist(form);
    })();
    return () => {
      stale = true;
    };
  }, [owner, site, holdId, persist]);

  // A phone may kill a hidden tab without another word: what waits is written when the page hides.
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState === 'hidden') void writer.flush();
    };
    const leave = () => void writer.flush();
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', leave);
      void writer.flush();
    };
  }, [writer]);

  const form = state && state.holdId === holdId ? state.form : null;
  const formRef = useRef(form);
  formRef.current = form;

  /** A change of the form: shown at once, written once typing pauses. */
  const update = useCallback(
    (change: CheckoutForm | ((form: CheckoutForm) => CheckoutForm)) => {
      const current = formRef.current;
      if (!current || holdId === null) return;
      const next = typeof change === 'function' ? change(current) : change;
      if (next === current) return;
      formRef.current = next;
      setState({ holdId, form: next });
      persist(next);
    },
    [holdId, persist],
  );

  /** The booking is made (this hold) or the hold ended (every hold of this traveller on the site). */
  const clear = useCallback(
    async (which: 'this-hold' | 'all') => {
      writer.cancel();
      forgetInTab();
      try {
        await clearDrafts(shopDb(), owner, site, which === 'this-hold' && holdId !== null ? holdId : undefined);
      } catch {
        // Nothing kept to clear.
      }
    },
    [owner, site, holdId, writer],
  );

  return { form, update, clear };
}
