import { describe, expect, it } from 'vitest';
import { FILL_RATE_SCALE, fillRateBucket, fillRateBucketOn } from './fill-rate.js';

describe('fill-rate scale (-2 none, -1 Bad, 0 Medium, 1 Good)', () => {
  it('no plan is none (-2), whatever was produced', () => {
    expect(fillRateBucket(0, 0)).toBe(-2);
    expect(fillRateBucket(0, 5000)).toBe(-2);
  });

  it('below 80 % is Bad (-1): 79.99 %', () => {
    expect(fillRateBucket(10_000, 7_999)).toBe(-1);
    expect(fillRateBucket(40_000, 0)).toBe(-1);
  });

  it('80 % is Medium (0), and so is 94.99 %', () => {
    expect(fillRateBucket(10_000, 8_000)).toBe(0);
    expect(fillRateBucket(10_000, 9_499)).toBe(0);
  });

  it('95 % and above is Good (1), also above 100 %', () => {
    expect(fillRateBucket(10_000, 9_500)).toBe(1);
    expect(fillRateBucket(10_000, 10_000)).toBe(1);
    expect(fillRateBucket(10_000, 12_000)).toBe(1);
  });

  it('exact thresholds hold for amounts where a float division would round (80 % of 3, 95 % of 20)', () => {
    expect(fillRateBucket(3 * 1000, 2_400)).toBe(0);
    expect(fillRateBucket(20, 19)).toBe(1);
    expect(fillRateBucket(1_000_003, 950_002)).toBe(0);
    expect(fillRateBucket(1_000_003, 950_003)).toBe(1);
  });

  it('keeps the thresholds in one named place', () => {
    expect(FILL_RATE_SCALE).toMatchObject({ none: -2, bad: -1, medium: 0, good: 1, mediumFromPercent: 80, goodFromPercent: 95 });
  });
});

describe('a day on the heatmap (fillRateBucketOn)', () => {
  it('a day that has not happened yet is not Bad: planned 40,000 and produced 0 on 30.11 reads none on 23.11', () => {
    expect(fillRateBucketOn('2026-11-30', '2026-11-23', 40_000, 0)).toBe(FILL_RATE_SCALE.none);
  });

  it('today and the days before are judged by the scale', () => {
    expect(fillRateBucketOn('2026-11-23', '2026-11-23', 40_000, 0)).toBe(FILL_RATE_SCALE.bad);
    expect(fillRateBucketOn('2026-11-22', '2026-11-23', 40_000, 38_000)).toBe(FILL_RATE_SCALE.good);
  });
});
