import type { ItineraryFormParams } from '../../../contract/itinerary.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { enquiries } from '../../db/schema.ts';

/** Keeps an itinerary download as an enquiry (kind 'itinerary'): the team follows these up. */
export async function saveItineraryRequest(
  db: Db,
  r: { site: Site; form: ItineraryFormParams; packageId: number; packageSlug: string; ipHash: string },
): Promise<{ id: number; payload: Record<string, unknown> }> {
  const { FullName, Email, Phone, Message, Url } = r.form;
  const payload = { FullName, Email, Phone, Message, Url, PackageId: r.packageId, PackageSlug: r.packageSlug };
  const [row] = await db
    .insert(enquiries)
    .values({
      kind: 'itinerary',
      site: r.site,
      payload,
      ipHash: r.ipHash,
    })
    .returning({ id: enquiries.id });
  return { id: row!.id, payload };
}
