import { z } from 'zod';
import { siteSchema, type Site } from '../../../contract/site.ts';
import { ownerSchema, parseRows, type ShopDb } from '../../lib/db.ts';
import { checkoutFormSchema, type CheckoutForm, type Party } from './checkout-form.ts';

/*
 * The travellers form as a draft on the device (decision 0099): one row per hold in the shop's
 * Dexie database, written a moment after the traveller stops typing, so a tab the phone killed, a
 * restarted browser, a reload or a page opened offline brings every field back. It never leaves
 * the device: the booking call is the first time the server sees any of it. The row goes when the
 * booking is made or its hold ends.
 */

export const partySchema = z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() });

export const checkoutDraftSchema = z.object({
  /** `${owner}|${site}|${holdId}`. */
  id: z.string(),
  owner: ownerSchema,
  site: siteSchema,
  holdId: z.number().int(),
  /** The hold's end: the draft is not offered after it, and is removed. */
  holdExpiresAt: z.string(),
  /** The party the hold needs names for, so the form has its rows offline too. */
  party: partySchema,
  form: checkoutFormSchema,
  savedAt: z.number(),
});
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;

/** How long after the last keystroke the draft is written. */
export const DRAFT_DEBOUNCE_MS = 300;

export const draftId = (owner: string, site: Site, holdId: number) => `${owner}|${site}|${holdId}`;

const live = (d: CheckoutDraft, now: number) => Date.parse(d.holdExpiresAt) > now;

async function rowsOf(db: ShopDb, owner: string, site: Site): Promise<CheckoutDraft[]> {
  return parseRows(checkoutDraftSchema, await db.checkoutDrafts.where('[owner+site]').equals([owner, site]).toArray());
}

/** Drops the drafts of holds that have ended (and rows that no longer parse). */
export async function pruneDrafts(db: ShopDb, owner: string, site: Site, now = Date.now()) {
  const all = await db.checkoutDrafts.where('[owner+site]').equals([owner, site]).toArray();
  const keep = new Set((await rowsOf(db, owner, site)).filter((d) => live(d, now)).map((d) => d.id));
  const gone = all.map((r) => r.id).filter((id) => !keep.has(id));
  if (gone.length) await db.checkoutDrafts.bulkDelete(gone);
}

/** This hold's draft, when its hold has not ended. */
export async function loadDraft(
  db: ShopDb,
  owner: string,
  site: Site,
  holdId: number,
  now = Date.now(),
): Promise<CheckoutDraft | null> {
  const row = (await rowsOf(db, owner, site)).find((d) => d.holdId === holdId);
  return row && live(row, now) ? row : null;
}

/** The newest draft of a hold still running: offline, it stands for the hold the server would name. */
export async function newestDraft(
  db: ShopDb,
  owner: string,
  site: Site,
  now = Date.now(),
): Promise<CheckoutDraft | null> {
  return (await rowsOf(db, owner, site)).filter((d) => live(d, now)).sort((a, b) => b.savedAt - a.savedAt)[0] ?? null;
}

export async function saveDraft(db: ShopDb, draft: Omit<CheckoutDraft, 'id' | 'savedAt'>, now = Date.now()) {
  const row: CheckoutDraft = { ...draft, id: draftId(draft.owner, draft.site, draft.holdId), savedAt: now };
  await db.checkoutDrafts.put(row);
}

/**
 * The booking is made or the hold ended: this hold's draft goes (all of this traveller's on the site without a hold
 * id).
 */
export async function clearDrafts(db: ShopDb, owner: string, site: Site, holdId?: number) {
  if (holdId !== undefined) return db.checkoutDrafts.delete(draftId(owner, site, holdId));
  await db.checkoutDrafts.where('[owner+site]').equals([owner, site]).delete();
}

/**
 * Writes the latest of quick changes once typing pauses; flush() writes at once (the page is being
 * hidden or left: a phone may kill a hidden tab without another chance).
 */
export function draftWriter(
  write: (draft: Omit<CheckoutDraft, 'id' | 'savedAt'>) => Promise<void>,
  wait = DRAFT_DEBOUNCE_MS,
) {
  let pending: Omit<CheckoutDraft, 'id' | 'savedAt'> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const next = pending;
    pending = null;
    return next ? write(next).catch(() => undefined) : Promise.resolve();
  };
  return {
    save(draft: Omit<CheckoutDraft, 'id' | 'savedAt'>) {
      pending = draft;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), wait);
    },
    flush,
    /** Forgets a write not yet made (the draft is being cleared). */
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

export type { CheckoutForm, Party };
