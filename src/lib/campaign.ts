export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;
const STORAGE_KEY = 'campaign_params';

type Stored = Partial<Record<(typeof CAMPAIGN_PARAMS)[number], string>>;

/** What session storage holds, checked by hand (zod would weigh on the first route): known names, strings up to 500. */
function parseStored(value: unknown): Stored | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Stored = {};
  for (const [k, v] of Object.entries(value)) {
    if (!(CAMPAIGN_PARAMS as readonly string[]).includes(k) || typeof v !== 'string' || v.length > 500) return null;
    out[k as keyof Stored] = v;
  }
  return out;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function read(store: KeyValueStore): Stored {
  try {
    return parseStored(JSON.parse(store.getItem(STORAGE_KEY) ?? '{}')) ?? {};
  } catch {
    return {};
  }
}

/**
 * Keeps campaign parameters of the landing URL in session storage and returns the search string
 * the current URL should have: the same, plus any kept parameter it lacks. Null when it needs
 * no change.
 */
export function campaignSearch(search: string, store: KeyValueStore): string | null {
  const params = new URLSearchParams(search);
  const kept = read(store);
  let changedStore = false;
  for (const name of CAMPAIGN_PARAMS) {
    const value = params.get(name);
    if (value && kept[name] !== value) {
      kept[name] = value.slice(0, 500);
      changedStore = true;
    }
  }
  if (changedStore) store.setItem(STORAGE_KEY, JSON.stringify(kept));
  let changedUrl = false;
  for (const name of CAMPAIGN_PARAMS) {
    const value = kept[name];
    if (value && !params.has(name)) {
      params.set(name, value);
      changedUrl = true;
    }
  }
  return changedUrl ? `?${params.toString()}` : null;
}
