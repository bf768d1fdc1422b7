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
export function cancellationAmounts(
  policy: readonly CancellationStep[],
  total: number,
  paid: number,
  daysBefore: number,
) {
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
    const what =
      s.keepPercent === 0
        ? 'full refund'
        : s.keepPercent === 100
          ? 'no refund'
          : `${s.keepPercent}% of the total kept, the rest refunded`;
    return `${when}: ${what}`;
  });
}

/**
 * What is wrong with a policy staff wrote, in words, or null (issue 21): one to ten steps, whole
 * days from 0 to 365 each named once, whole percents from 0 to 100, and never less kept nearer
 * to travel than further from it.
 */
export function cancellationPolicyProblem(policy: readonly CancellationStep[]): string | null {
  if (policy.length === 0) return 'Give the cancellation policy at least one step.';
  if (policy.length > 10) return 'A cancellation policy has at most 10 steps.';
  for (const s of policy) {
    if (!Number.isInteger(s.daysBefore) || s.daysBefore < 0 || s.daysBefore > 365)
      return `Days before travel must be a whole number from 0 to 365 (not ${s.daysBefore}).`;
    if (!Number.isInteger(s.keepPercent) || s.keepPercent < 0 || s.keepPercent > 100)
      return `The percent kept must be a whole number from 0 to 100 (not ${s.keepPercent}).`;
  }
  const steps = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  for (let i = 1; i < steps.length; i++) {
    const [far, near] = [steps[i - 1]!, steps[i]!];
    if (far.daysBefore === near.daysBefore)
      return `Two steps are both ${near.daysBefore} days before travel: give each day count once.`;
    if (near.keepPercent < far.keepPercent)
      return `Cancelling ${near.daysBefore} days before travel keeps less (${near.keepPercent}%) than ${far.daysBefore} days before (${far.keepPercent}%): nearer to travel must keep as much or more.`;
  }
  return null;
}
