import { describe, expect, it } from 'vitest';
import { contains, deliveryDefaultPeriod, monthOf, reportDefaultPeriod, togglePeriod, yesterdayOf } from './period';

/** A fixed "today" in the local calendar (month is 1-based here). */
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 10, 30);

describe('statistics periods (part 9)', () => {
  it('1M is the current month', () => {
    expect(togglePeriod('1M', day(2026, 11, 22))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(togglePeriod('1M', day(2028, 2, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('6M runs from six months back to the end of this month, across a year boundary too', () => {
    expect(togglePeriod('6M', day(2026, 11, 22))).toEqual({ from: '2026-05-01', to: '2026-11-30' });
    expect(togglePeriod('6M', day(2027, 3, 31))).toEqual({ from: '2026-09-01', to: '2027-03-31' });
  });

  it('YTD is the start of the year to today', () => {
    expect(togglePeriod('YTD', day(2026, 11, 22))).toEqual({ from: '2026-01-01', to: '2026-11-22' });
    expect(togglePeriod('YTD', day(2027, 1, 1))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('the delivery figures default to the last twelve whole months, this one included', () => {
    expect(deliveryDefaultPeriod(day(2026, 11, 22))).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(deliveryDefaultPeriod(day(2027, 1, 1))).toEqual({ from: '2026-02-01', to: '2027-01-31' });
  });

  it('the report defaults to the start of the current month to the end of the current year', () => {
    expect(reportDefaultPeriod(day(2026, 11, 22))).toEqual({ from: '2026-11-01', to: '2026-12-31' });
    expect(reportDefaultPeriod(day(2027, 1, 1))).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });

  it("'Yesterday' is the day before today, also over a month and a year boundary", () => {
    expect(yesterdayOf(day(2026, 11, 22))).toBe('2026-11-21');
    expect(yesterdayOf(day(2026, 3, 1))).toBe('2026-02-28');
    expect(yesterdayOf(day(2027, 1, 1))).toBe('2026-12-31');
  });

  it('the fill-rate month is YYYY-MM', () => {
    expect(monthOf(day(2026, 3, 9))).toBe('2026-03');
  });

  it('a period contains both its ends and nothing outside', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(contains(period, '2026-11-01')).toBe(true);
    expect(contains(period, '2026-11-30')).toBe(true);
    expect(contains(period, '2026-10-31')).toBe(false);
    expect(contains(period, '2026-12-01')).toBe(false);
  });
});
