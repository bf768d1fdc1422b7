import { liveQuery } from 'dexie';
import type { Site } from '../../../contract/site.ts';
import { shopDb } from '../../lib/db.ts';

/** Live count of this identity's lines on this site (removals waiting to sync excluded), across tabs. */
export function watchCartCount(owner: string, site: Site, onCount: (n: number) => void) {
  return liveQuery(() =>
    shopDb()
      .cartLines.where('[owner+site]')
      .equals([owner, site])
      .filter((l) => l.state !== 'removing')
      .count(),
  ).subscribe({ next: onCount, error: () => onCount(0) });
}
