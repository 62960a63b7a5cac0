import type { components } from '../../../../generated/api-types.js';

export type FillRateBucket = components['schemas']['FillRateBucket'];

/**
 * The one place of the fill-rate scale (part 9, decisions "Statistics"). Fill rate of a product on a day =
 * produced / planned of its items due that day:
 * - none (-2): nothing planned that day;
 * - Bad (-1): below 80 %;
 * - Medium (0): 80 % to below 95 %;
 * - Good (1): 95 % and above.
 */
export const FILL_RATE_SCALE = {
  none: -2,
  bad: -1,
  medium: 0,
  good: 1,
  /** Lowest fill rate, in percent, that is Medium. */
  mediumFromPercent: 80,
  /** Lowest fill rate, in percent, that is Good. */
  goodFromPercent: 95,
} as const;

/**
 * The bucket of a day's planned and produced bottles. Compared in whole numbers (produced x 100 against
 * planned x threshold), so 80 % is exactly Medium and 79.99 % Bad, with no floating-point rounding in between.
 */
export function fillRateBucket(planned: number, produced: number): FillRateBucket {
  if (planned <= 0) return FILL_RATE_SCALE.none;
  if (produced * 100 >= planned * FILL_RATE_SCALE.goodFromPercent) return FILL_RATE_SCALE.good;
  if (produced * 100 >= planned * FILL_RATE_SCALE.mediumFromPercent) return FILL_RATE_SCALE.medium;
  return FILL_RATE_SCALE.bad;
}

/**
 * The bucket of a product's day on the heatmap. A day after `today` has not happened yet: what is planned for it is
 * not late, so it is not judged (none, -2; its tooltip still shows the planned amount). Today and earlier days are
 * judged by `fillRateBucket`. Days are YYYY-MM-DD in UTC, as the items' due dates.
 */
export function fillRateBucketOn(day: string, today: string, planned: number, produced: number): FillRateBucket {
  return day > today ? FILL_RATE_SCALE.none : fillRateBucket(planned, produced);
}
