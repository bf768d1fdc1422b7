/**
 * A package's cancellation policy (data on each package, seeded; shown on the package page, at
 * checkout, in Trips and on the desk). Each step says: cancelled at least `daysBefore` days before
 * the first travel date, the shop keeps `keepPercent` of the total. The step with the largest
 * `daysBefore` that the cancellation still meets applies; nearer than every step, everything is kept.
 */
export interface CancellationStep {
  daysBefore: number;
  keepPercent: number;
}

export const DEFAULT_CANCELLATION_POLICY: CancellationStep[] = [
  { daysBefore: 30, keepPercent: 10 },
  { daysBefore: 15, keepPercent: 25 },
  { daysBefore: 7, keepPercent: 50 },
  { daysBefore: 0, keepPercent: 100 },
];

const DAY = 86_400_000;

/** Whole days from `today` to `travelDate` (both YYYY-MM-DD). */
export function daysBeforeTravel(today: string, travelDate: string): number {
  return Math.round((Date.parse(`${travelDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
}

/** The percent kept when cancelling `daysBefore` days before travel. */
export function keepPercentFor(policy: readonly CancellationStep[], daysBefore: number): number {
  const steps = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  for (const s of steps) if (daysBefore >= s.daysBefore) return s.keepPercent;
  return 100;
}

/**
 * What a cancellation keeps and refunds, in the smallest unit: `keep` is the policy's share of
 * the total (rounded to the unit), never more than was paid; the refund is what was paid beyond it.
 */
export function cancellationAmounts(policy: readonly CancellationStep[], total: number, paid: number, daysBefore: number) {
  const keepPercent = keepPercentFor(policy, daysBefore);
  const keep = Math.min(paid, Math.round((total * keepPercent) / 100));
  return { keepPercent, keep, refund: Math.max(0, paid - keep) };
}

/** The policy in words, one line per step ("30 days or more before travel: 10% kept"). */
export function policyLines(policy: readonly CancellationStep[]): string[] {
  const steps = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  return steps.map((s, i) => {
    const upper = i > 0 ? steps[i - 1]!.daysBefore - 1 : null;
    const when =
      s.daysBefore === 0 && upper !== null
        ? `Less than ${upper + 1} days before travel`
        : upper === null
          ? `${s.daysBefore} days or more before travel`
          : `${s.daysBefore} to ${upper} days before travel`;
    const what = s.keepPercent === 0 ? 'full refund' : s.keepPercent === 100 ? 'no refund' : `${s.keepPercent}% of the total kept, the rest refunded`;
    return `${when}: ${what}`;
  });
}
