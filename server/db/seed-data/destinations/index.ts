import type { DestinationSpec } from '../catalogue-types.ts';
import { DESTINATION_SLUGS } from '../places.ts';
import { bali, maldives, singapore, sriLanka, thailand } from './asia.ts';
import { mauritius, switzerland, turkey } from './europe-islands.ts';
import { andaman, goa, kashmir, kerala, manali, rajasthan } from './india.ts';
import { abuDhabi, dubai } from './uae.ts';

const all: DestinationSpec[] = [
  dubai,
  abuDhabi,
  goa,
  kerala,
  kashmir,
  rajasthan,
  maldives,
  bali,
  thailand,
  singapore,
  switzerland,
  turkey,
  andaman,
  manali,
  sriLanka,
  mauritius,
];

/** Every destination with its packages, in the order of DESTINATION_SLUGS (city ids 1..16). */
export const ALL_DESTINATIONS: DestinationSpec[] = DESTINATION_SLUGS.map((slug) => {
  const d = all.find((x) => x.slug === slug);
  if (!d) throw new Error(`seed: no packages for destination ${slug}`);
  return d;
});
