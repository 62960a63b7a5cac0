import { describe, expect, it } from 'vitest';
import { earliestDeliverAt, isTooEarly } from './orders.rules.js';

// Tuesday 24 November 2026, 15:00 UTC: the current ISO week starts on Monday 23.11, the week before on 16.11.
const TUESDAY = new Date('2026-11-24T15:00:00Z');

describe("Order item 'Deliver at': on or after about a week before the start of the current week", () => {
  it('the earliest day is the Monday of the week before the current one', () => {
    expect(earliestDeliverAt(TUESDAY)).toBe('2026-11-16');
    expect(earliestDeliverAt(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-16'); // Sunday evening
    expect(earliestDeliverAt(new Date('2026-11-30T13:00:00Z'))).toBe('2026-11-23'); // the next Monday
  });

  it('a user west of UTC whose week has not turned yet keeps the day the picker offers', () => {
    // Monday 30.11 02:00 UTC is still Sunday 29.11 in America: the picker there offers 16.11.
    expect(earliestDeliverAt(new Date('2026-11-30T02:00:00Z'))).toBe('2026-11-16');
  });

  it('a new date before the earliest day is refused; the earliest day and later are allowed', () => {
    expect(isTooEarly('2026-11-13', undefined, TUESDAY)).toBe(true);
    expect(isTooEarly('2026-11-16', undefined, TUESDAY)).toBe(false);
    expect(isTooEarly('2026-12-01', undefined, TUESDAY)).toBe(false);
  });

  it('a date that is already stored may stay; changing it to another early day is refused', () => {
    expect(isTooEarly('2026-10-05', '2026-10-05', TUESDAY)).toBe(false);
    expect(isTooEarly('2026-10-06', '2026-10-05', TUESDAY)).toBe(true);
  });
});
