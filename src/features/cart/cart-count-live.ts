import { liveQuery } from 'dexie';
import type { Site } from '../../../contract/site.ts';
import { shopDb } from '../../lib/db.ts';

/** Live ids of this identity's lines on this site (removals waiting to sync excluded), across tabs. */
export function watchCartLineIds(owner: string, site: Site, onIds: (ids: string[]) => void) {
  return liveQuery(() =>
    shopDb()
      .cartLines.where('[owner+site]')
      .equals([owner, site])
      .filter((l) => l.state !== 'removing')
      .primaryKeys(),
  ).subscribe({ next: (ids) => onIds(ids.map(String)), error: () => onIds([]) });
}
