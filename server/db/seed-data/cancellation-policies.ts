import { DEFAULT_CANCELLATION_POLICY, type CancellationStep } from '../../../contract/cancellation.ts';
import type { TripTypeSlug } from './catalogue-types.ts';

/*
 * Each package's cancellation policy (issue 20): days before the first travel date → share of the
 * total kept. What the shop itself has committed to decides how strict it is:
 * - resorts, villas and houseboats (luxury and honeymoon packages, the island resorts, any package
 *   with a houseboat night) are paid to the supplier early and refund little close to travel;
 * - group tours hold seats on fixed departures, so they are strict earlier;
 * - adventure trips book camps and guides for the group late, so they are the most flexible;
 * - everything else has the shop's standard policy (contract/cancellation.ts).
 */

export const RESORT_POLICY: CancellationStep[] = [
  { daysBefore: 45, keepPercent: 20 },
  { daysBefore: 30, keepPercent: 40 },
  { daysBefore: 15, keepPercent: 75 },
  { daysBefore: 0, keepPercent: 100 },
];

export const GROUP_TOUR_POLICY: CancellationStep[] = [
  { daysBefore: 60, keepPercent: 10 },
  { daysBefore: 30, keepPercent: 30 },
  { daysBefore: 15, keepPercent: 60 },
  { daysBefore: 0, keepPercent: 100 },
];

export const FLEXIBLE_POLICY: CancellationStep[] = [
  { daysBefore: 14, keepPercent: 0 },
  { daysBefore: 7, keepPercent: 25 },
  { daysBefore: 3, keepPercent: 50 },
  { daysBefore: 0, keepPercent: 100 },
];

const ISLAND_RESORTS = new Set(['maldives', 'mauritius']);

export function cancellationPolicyFor(
  type: TripTypeSlug,
  destination: string,
  inclusions: readonly string[],
): CancellationStep[] {
  if (
    type === 'luxury' ||
    type === 'honeymoon' ||
    ISLAND_RESORTS.has(destination) ||
    inclusions.some((i) => /houseboat/i.test(i))
  )
    return RESORT_POLICY;
  if (type === 'group-tour') return GROUP_TOUR_POLICY;
  if (type === 'adventure') return FLEXIBLE_POLICY;
  return DEFAULT_CANCELLATION_POLICY;
}
