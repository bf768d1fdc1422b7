import { createStore, delMany, entries, setMany, type UseStore } from 'idb-keyval';

/*
 * Where the offline copies of public content live: a small IndexedDB database of its own
 * (`wanderlust-content`, one key-value store), apart from the traveller's data in `wanderlust`.
 * Every page writes here as it starts, so it must cost next to nothing: idb-keyval (under 1 KB)
 * instead of Dexie and zod, which then load only on a device that has a cart or something waiting
 * to sync (decision 0012).
 */

export const CONTENT_DB_NAME = 'wanderlust-content';
const STORE_NAME = 'answers';

/** One kept answer: SWR's serialised key, what was stored, and when. */
export interface StoredAnswer {
  key: string;
  value: unknown;
  savedAt: number;
}

export interface ContentStore {
  putMany(rows: StoredAnswer[]): Promise<void>;
  /** Every row, in no particular order; rows not in the expected shape are left out. */
  readAll(): Promise<StoredAnswer[]>;
  deleteKeys(keys: string[]): Promise<void>;
}

interface Row {
  value: unknown;
  savedAt: number;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && typeof (value as Row).savedAt === 'number' && 'value' in value;
}

export function openContentStore(dbName = CONTENT_DB_NAME): ContentStore {
  // idb-keyval opens the database on first use, not here.
  const store: UseStore = createStore(dbName, STORE_NAME);
  return {
    putMany: (rows) =>
      setMany(
        rows.map((r): [string, Row] => [r.key, { value: r.value, savedAt: r.savedAt }]),
        store,
      ),
    readAll: async () =>
      (await entries<IDBValidKey, unknown>(store)).flatMap(([key, row]) =>
        typeof key === 'string' && isRow(row) ? [{ key, value: row.value, savedAt: row.savedAt }] : [],
      ),
    deleteKeys: (keys) => (keys.length ? delMany(keys, store) : Promise.resolve()),
  };
}
