import { z } from 'zod';

export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'] as const;
const STORAGE_KEY = 'campaign_params';

const storedSchema = z.partialRecord(z.enum(CAMPAIGN_PARAMS), z.string().max(500));
type Stored = z.infer<typeof storedSchema>;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function read(store: KeyValueStore): Stored {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(store.getItem(STORAGE_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
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
