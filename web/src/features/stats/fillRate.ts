import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FillRateBucket } from '@generated/model';
import './catalogue';

/**
 * The fill-rate scale of part 9 as the heatmap draws it, in the order of its legend: -2 none (nothing planned),
 * -1 Bad, 0 Medium, 1 Good. The thresholds themselves live in the API (fill-rate.ts); the web only names and
 * colours the buckets it is sent (each name in the catalogue).
 */
export const FILL_RATE_LEGEND: { value: FillRateBucket; label: MessageDescriptor; color: string }[] = [
  { value: -2, label: msg`none`, color: 'var(--mantine-color-gray-3)' },
  { value: -1, label: msg`Bad`, color: 'var(--mantine-color-red-6)' },
  { value: 0, label: msg`Medium`, color: 'var(--mantine-color-yellow-5)' },
  { value: 1, label: msg`Good`, color: 'var(--mantine-color-green-6)' },
];

/** The legend entry of a bucket (an unknown value is drawn as none). */
export const fillRateBucketOf = (value: number | null) => FILL_RATE_LEGEND.find((bucket) => bucket.value === value) ?? FILL_RATE_LEGEND[0];
