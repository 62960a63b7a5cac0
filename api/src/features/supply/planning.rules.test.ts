import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUFFER_SETTINGS,
  addWorkingDays,
  averageDailyUsage,
  bufferZones,
  earliestArrival,
  leadTimeCalendarDays,
  mondayOf,
  netFlowPosition,
  project,
  qualifiedDemand,
  roundToPackaging,
  spreadOverWeeks,
  suggestOrder,
  suggestionFingerprint,
  uncoveredForecast,
  weeklyRequirements,
  weeksFrom,
  zoneOf,
} from './planning.rules.js';

// 2026-11-27 is a Friday, 2026-11-30 a Monday.
const FRIDAY = '2026-11-27';
const MONDAY = '2026-11-30';

describe('lead time in working days', () => {
  it('an order placed on Friday with a lead time of 2 arrives on Tuesday: the weekend does not count', () => {
    expect(earliestArrival(FRIDAY, 2)).toBe('2026-12-01');
    expect(leadTimeCalendarDays(FRIDAY, 2)).toBe(4);
  });

  it('a lead time of 5 from Monday is the next Monday; from Saturday it counts from Monday', () => {
    expect(addWorkingDays(MONDAY, 5)).toBe('2026-12-07');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-12-01');
    expect(addWorkingDays('2026-11-28', 0)).toBe(MONDAY);
  });

  it('weeks start on Monday', () => {
    expect(mondayOf('2026-12-06')).toBe(MONDAY);
    expect(mondayOf(MONDAY)).toBe(MONDAY);
    expect(weeksFrom('2026-12-02', 3)).toEqual([MONDAY, '2026-12-07', '2026-12-14']);
  });
});

describe('requirements', () => {
  it('a forecast partly covered by orders: only the uncovered part counts, spread evenly over its period', () => {
    const line = { periodFrom: MONDAY, periodTo: '2026-12-13', plannedAmount: 10_000, orderedAmount: 4_000, scrapRate: 0 };
    expect(uncoveredForecast(line)).toBe(6_000);
    expect(uncoveredForecast({ ...line, orderedAmount: 12_000 })).toBe(0);
    const weeks = weeksFrom(MONDAY, 3);
    const spread = spreadOverWeeks(line.periodFrom, line.periodTo, 6_000, weeks, MONDAY);
    expect([...spread.keys()]).toEqual([MONDAY, '2026-12-07']);
    expect(spread.get(MONDAY)).toBeCloseTo(3_000);
    expect(spread.get('2026-12-07')).toBeCloseTo(3_000);
  });

  it('the days of a forecast before today are past and dropped', () => {
    const spread = spreadOverWeeks(MONDAY, '2026-12-13', 14_000, weeksFrom(MONDAY, 2), '2026-12-02');
    expect(spread.get(MONDAY)).toBeCloseTo(5_000);
    expect(spread.get('2026-12-07')).toBeCloseTo(7_000);
  });

  it('sums items by the week of their due day (a late one in the first week) and forecasts only when asked, rounded up per week', () => {
    const weeks = weeksFrom('2026-12-02', 2);
    const items = [
      { day: '2026-12-03', preforms: 6_200.5 },
      { day: '2026-11-20', preforms: 1_000 },
      { day: '2026-12-31', preforms: 5_000 },
    ];
    const forecast = { periodFrom: MONDAY, periodTo: '2026-12-13', plannedAmount: 10_000, orderedAmount: 4_000, scrapRate: 0.02 };
    const withoutForecasts = weeklyRequirements(items, [forecast], weeks, '2026-12-02', false);
    expect([...withoutForecasts.byWeek]).toEqual([
      [MONDAY, 7_201],
      ['2026-12-07', 0],
    ]);
    const withForecasts = weeklyRequirements(items, [forecast], weeks, '2026-12-02', true);
    // Wednesday to Sunday of the first week: 5 of the 14 days of 6,000 uncovered bottles, times 1.02.
    expect(withForecasts.fromForecasts.get(MONDAY)).toBeCloseTo((6_000 / 14) * 5 * 1.02);
    expect(withForecasts.byWeek.get('2026-12-07')).toBe(Math.ceil(3_000 * 1.02));
  });
});

describe('DDMRP buffer', () => {
  it('average daily usage blends the requirements ahead with the recent consumption', () => {
    expect(averageDailyUsage({ preforms: 91_000, days: 91 }, { preforms: 56_000, days: 28 }, 0.5)).toBe(1_500);
    expect(averageDailyUsage({ preforms: 91_000, days: 91 }, { preforms: 56_000, days: 28 }, 1)).toBe(1_000);
    expect(averageDailyUsage({ preforms: 0, days: 0 }, { preforms: 0, days: 0 }, 0.5)).toBe(0);
  });

  it('zones from ADU 1,500 and a lead time of 10 working days (14 calendar days)', () => {
    const days = leadTimeCalendarDays(MONDAY, 10);
    expect(days).toBe(14);
    const zones = bufferZones(1_500, days, DEFAULT_BUFFER_SETTINGS);
    expect(zones).toMatchObject({ redBase: 10_500, redSafety: 5_250, red: 15_750, yellow: 21_000, green: 10_500 });
    expect(zones).toMatchObject({ topOfRed: 15_750, topOfYellow: 36_750, topOfGreen: 47_250 });
  });

  it('the green zone is never smaller than the minimum order', () => {
    const zones = bufferZones(10, 5, { ...DEFAULT_BUFFER_SETTINGS, minimumOrder: 20_000 });
    expect(zones.green).toBe(20_000);
  });

  it('places a position in its zone', () => {
    const zones = bufferZones(1_500, 14, DEFAULT_BUFFER_SETTINGS);
    expect(zoneOf(-1, zones)).toBe('red');
    expect(zoneOf(15_750, zones)).toBe('red');
    expect(zoneOf(15_751, zones)).toBe('yellow');
    expect(zoneOf(36_751, zones)).toBe('green');
    expect(zoneOf(47_251, zones)).toBe('over');
  });

  it('a preform nobody uses is green with any stock, red only below zero', () => {
    const unused = bufferZones(0, 14, DEFAULT_BUFFER_SETTINGS);
    expect(zoneOf(0, unused)).toBe('green');
    expect(zoneOf(5_000, unused)).toBe('over');
    expect(zoneOf(-10, unused)).toBe('red');
  });

  it('an order spike within the lead time is qualified demand; ordinary future demand and demand beyond the lead time are not', () => {
    const demand = [
      { day: '2026-11-25', preforms: 500 },
      { day: MONDAY, preforms: 1_000 },
      { day: '2026-12-03', preforms: 9_000 },
      { day: '2026-12-05', preforms: 2_000 },
      { day: '2026-12-20', preforms: 50_000 },
    ];
    const qualified = qualifiedDemand(demand, MONDAY, '2026-12-14', 0.5 * 15_750);
    expect(qualified.dueNow).toBe(1_500);
    expect(qualified.spikes).toEqual([{ day: '2026-12-03', preforms: 9_000 }]);
    expect(qualified.total).toBe(10_500);
  });
});

describe('suggested supply orders', () => {
  const zones = bufferZones(1_500, 14, DEFAULT_BUFFER_SETTINGS);
  const packaging = { qtyPerBox: 2_000, boxQtyPerTruck: 26 };

  it('rounds up to whole boxes, and to whole trucks where that adds at most a tenth', () => {
    expect(roundToPackaging(45_100, packaging)).toEqual({ amount: 46_000, boxes: 23, trucks: null });
    expect(roundToPackaging(49_000, packaging)).toEqual({ amount: 52_000, boxes: 26, trucks: 1 });
    expect(roundToPackaging(52_000, packaging)).toEqual({ amount: 52_000, boxes: 26, trucks: 1 });
    expect(roundToPackaging(100_000, packaging)).toEqual({ amount: 104_000, boxes: 52, trucks: 2 });
    expect(roundToPackaging(60_000, packaging)).toEqual({ amount: 60_000, boxes: 30, trucks: null });
  });

  it('in the red zone suggests up to the top of green, rounded to boxes, due when the lead time allows', () => {
    const position = netFlowPosition(20_000, 0, 10_000);
    expect(position).toBe(10_000);
    const suggestion = suggestOrder(position, zones, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10);
    expect(suggestion).toEqual({ amount: 38_000, boxes: 19, trucks: null, dueDate: '2026-12-14', zone: 'red', shortfall: 37_250 });
  });

  it('a supply order already on its way lifts the position into green and removes the suggestion', () => {
    const position = netFlowPosition(20_000, 30_000, 10_000);
    expect(zoneOf(position, zones)).toBe('green');
    expect(suggestOrder(position, zones, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10)).toBeNull();
  });

  it('a small shortfall still orders at least the minimum order', () => {
    const small = bufferZones(10, 14, DEFAULT_BUFFER_SETTINGS);
    const suggestion = suggestOrder(small.topOfYellow, small, { qtyPerBox: 300, boxQtyPerTruck: 1_000 }, DEFAULT_BUFFER_SETTINGS, MONDAY, 10);
    expect(suggestion?.amount).toBe(1_200);
    expect(suggestion?.zone).toBe('yellow');
  });

  it('suggests nothing for a preform nobody uses, and covers a negative position of one', () => {
    const unused = bufferZones(0, 14, DEFAULT_BUFFER_SETTINGS);
    expect(suggestOrder(0, unused, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10)).toBeNull();
    expect(suggestOrder(-3_000, unused, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10)?.amount).toBe(4_000);
  });

  it('never suggests more than the contract allows', () => {
    const huge = bufferZones(2_000_000, 14, DEFAULT_BUFFER_SETTINGS);
    expect(suggestOrder(0, huge, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10)?.amount).toBe(10_000_000);
  });

  it('a dismissed suggestion is known by its numbers', () => {
    const suggestion = suggestOrder(10_000, zones, packaging, DEFAULT_BUFFER_SETTINGS, MONDAY, 10)!;
    expect(suggestionFingerprint(suggestion)).toBe('red:38000:2026-12-14');
    expect(suggestionFingerprint({ ...suggestion, amount: 40_000 })).not.toBe(suggestionFingerprint(suggestion));
  });
});

describe('projection', () => {
  it('week by week: stock plus supply due in the week minus requirements', () => {
    const weeks = weeksFrom(MONDAY, 3);
    const rows = project(10_000, weeks, new Map([['2026-12-07', 20_000]]), new Map([[MONDAY, 6_000], ['2026-12-07', 8_000], ['2026-12-14', 9_000]]));
    expect(rows.map((row) => [row.start, row.supply, row.requirement, row.end])).toEqual([
      [10_000, 0, 6_000, 4_000],
      [4_000, 20_000, 8_000, 16_000],
      [16_000, 0, 9_000, 7_000],
    ]);
  });
});
