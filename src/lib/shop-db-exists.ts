/*
 * Whether this device has the shop's own database, asked without loading Dexie: a device that
 * never used the cart, booked or queued an enquiry has no lines to count and nothing to sync, so
 * its pages never load the database code at all (decision 0012).
 */

export const DB_NAME = 'wanderlust';

/** False only when the browser says for sure that the database is not there. */
export async function shopDbExists(name = DB_NAME): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    // A browser that cannot list its databases (Firefox before 126): assume it is there.
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name === name);
  } catch {
    return true;
  }
}
