import { describe, expect, it } from 'vitest';
import { band, buckets, knownSpans, merge, oeeFigure, overlap, reliability, shiftWindows, subtract, touches, type Shift, type Span } from './oee.rules.js';

const at = (iso: string) => Date.parse(iso);
const span = (start: string, end: string): Span => ({ start: at(start), end: at(end) });
const day = (d: string): Span => span(`${d}T00:00:00Z`, `${d}T00:00:00Z`.replace(d, next(d)));
function next(d: string) {
  return new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
const dayShift: Shift = { start: '06:00', end: '22:00' };
const nightShift: Shift = { start: '22:00', end: '06:00' };
const noShift: Shift = { start: null, end: null };
const allKnown = (within: Span) => [within];

describe('shift time (planned busy time before planned downtime)', () => {
  it('is 06:00-22:00 of a day shift, 16 hours', () => {
    expect(shiftWindows(day('2026-03-09'), dayShift)).toEqual([span('2026-03-09T06:00:00Z', '2026-03-09T22:00:00Z')]);
  });

  it('splits a night shift at midnight: the end of the previous night and the start of this one', () => {
    expect(shiftWindows(day('2026-03-10'), nightShift)).toEqual([
      span('2026-03-10T00:00:00Z', '2026-03-10T06:00:00Z'),
      span('2026-03-10T22:00:00Z', '2026-03-11T00:00:00Z'),
    ]);
  });

  it('is the whole day without shift details', () => {
    expect(shiftWindows(day('2026-03-10'), noShift)).toEqual([day('2026-03-10')]);
  });
});

describe('OEE, hand-worked (ISO 22400-2)', () => {
  it('day shift 06:00-22:00, a planned mould change 10:00-11:00, an unplanned stop 21:30 to 02:00 the next day', () => {
    // Shift 16 h = 57,600 s. PBT = 57,600 - 3,600 (planned) = 54,000 s. The unplanned stop counts only inside the
    // shift: 21:30-22:00 = 1,800 s, so APT = 52,200 s and availability = 52,200 / 54,000 = 0.9667.
    // Rate 2 s per bottle, 25,000 produced: performance = 2 × 25,000 / 52,200 = 0.9579. Quality = 24,500 / 25,000 = 0.98.
    // OEE = 0.96667 × 0.95785 × 0.98 = 0.9074.
    const bucket = day('2026-03-09');
    const figure = oeeFigure({
      windows: shiftWindows(bucket, dayShift),
      stops: [
        { start: at('2026-03-09T10:00:00Z'), end: at('2026-03-09T11:00:00Z'), planned: true },
        { start: at('2026-03-09T21:30:00Z'), end: at('2026-03-10T02:00:00Z'), planned: false },
      ],
      known: allKnown(bucket),
      quantities: { good: 24_500, scrap: 500, rejected: 120 },
      secondsPerItem: 2,
      now: at('2026-03-12T00:00:00Z'),
    });
    expect(figure).toEqual({
      availability: 0.9667,
      performance: 0.9579,
      quality: 0.98,
      oee: 0.9074,
      band: 'good',
      coverage: 1,
      plannedBusyTime: 54_000,
      actualProductionTime: 52_200,
      producedQuantity: 25_000,
      goodQuantity: 24_500,
      scrapQuantity: 500,
      rejectedQuantity: 120,
    });
  });

  it('a stop across midnight in a night shift 22:00-06:00 counts in each day for its part', () => {
    // Stop 23:00 (10 March) to 01:00 (11 March). Day 10 March: shift time 00:00-06:00 and 22:00-24:00 = 8 h;
    // the stop's 1 h in it: availability 7/8 = 0.875. Day 11 March: the same 8 h; its 1 h: 0.875.
    const stops = [{ start: at('2026-03-10T23:00:00Z'), end: at('2026-03-11T01:00:00Z'), planned: false }];
    const quantities = { good: 0, scrap: 0, rejected: 0 };
    const tenth = oeeFigure({ windows: shiftWindows(day('2026-03-10'), nightShift), stops, known: [], quantities, secondsPerItem: null, now: 0 });
    const eleventh = oeeFigure({ windows: shiftWindows(day('2026-03-11'), nightShift), stops, known: [], quantities, secondsPerItem: null, now: 0 });
    expect([tenth.plannedBusyTime, tenth.actualProductionTime, tenth.availability]).toEqual([28_800, 25_200, 0.875]);
    expect([eleventh.plannedBusyTime, eleventh.actualProductionTime, eleventh.availability]).toEqual([28_800, 25_200, 0.875]);
    // By shift: the shift 10 March 22:00 - 11 March 06:00 holds the whole stop: 6/8 = 0.75.
    const shift = buckets('2026-03-10', '2026-03-10', 'shift', nightShift)[0]!;
    expect(shift).toEqual(span('2026-03-10T22:00:00Z', '2026-03-11T06:00:00Z'));
    const byShift = oeeFigure({ windows: shiftWindows(shift, nightShift), stops, known: [], quantities, secondsPerItem: null, now: 0 });
    expect([byShift.plannedBusyTime, byShift.actualProductionTime, byShift.availability]).toEqual([28_800, 21_600, 0.75]);
    // Without events no figure has a band, and without quantities no performance, quality or OEE.
    expect([byShift.coverage, byShift.band, byShift.performance, byShift.quality, byShift.oee]).toEqual([0, 'none', null, null, null]);
  });

  it('a stop across a shift change counts in each shift for its part, not in the time between shifts', () => {
    // Shift 06:00-22:00. Stop 21:00 (9 March) to 07:00 (10 March): 1 h in the shift of the 9th, 1 h in that of the 10th;
    // the 8 h between shifts are not planned busy time. Each shift: (16 - 1) / 16 = 0.9375.
    const stops = [{ start: at('2026-03-09T21:00:00Z'), end: at('2026-03-10T07:00:00Z'), planned: false }];
    const shifts = buckets('2026-03-09', '2026-03-10', 'shift', dayShift);
    const figures = shifts.map((bucket) =>
      oeeFigure({ windows: shiftWindows(bucket, dayShift), stops, known: allKnown(bucket), quantities: { good: 0, scrap: 0, rejected: 0 }, secondsPerItem: 1, now: 0 }),
    );
    expect(figures.map((figure) => [figure.plannedBusyTime, figure.actualProductionTime, figure.availability])).toEqual([
      [57_600, 54_000, 0.9375],
      [57_600, 54_000, 0.9375],
    ]);
  });

  it('a planned stop is not downtime: availability stays 1 and the planned busy time shrinks', () => {
    const bucket = day('2026-03-09');
    const figure = oeeFigure({
      windows: shiftWindows(bucket, noShift),
      stops: [{ start: at('2026-03-09T12:00:00Z'), end: at('2026-03-09T18:00:00Z'), planned: true }],
      known: allKnown(bucket),
      quantities: { good: 9_000, scrap: 0, rejected: 0 },
      secondsPerItem: 8,
      now: 0,
    });
    // PBT = 24 h - 6 h = 64,800 s; performance = 8 × 9,000 / 64,800 = 1.1111 (the rate was pessimistic).
    expect([figure.plannedBusyTime, figure.availability, figure.performance, figure.quality, figure.oee]).toEqual([64_800, 1, 1.1111, 1, 1.1111]);
  });

  it('a lasting stop runs to now; an unplanned stop inside a planned one counts once, as planned', () => {
    const bucket = day('2026-03-09');
    const figure = oeeFigure({
      windows: shiftWindows(bucket, noShift),
      stops: [
        { start: at('2026-03-09T20:00:00Z'), end: null, planned: false },
        { start: at('2026-03-09T01:00:00Z'), end: at('2026-03-09T03:00:00Z'), planned: true },
        { start: at('2026-03-09T02:00:00Z'), end: at('2026-03-09T04:00:00Z'), planned: false },
      ],
      known: allKnown(bucket),
      quantities: { good: 0, scrap: 0, rejected: 0 },
      secondsPerItem: null,
      now: at('2026-03-09T22:00:00Z'),
    });
    // PBT = 24 - 2 = 22 h; unplanned: 03:00-04:00 and 20:00-22:00 = 3 h; APT = 19 h.
    expect([figure.plannedBusyTime, figure.actualProductionTime]).toEqual([22 * 3600, 19 * 3600]);
  });

  it('coverage is the share of shift time whose state the events tell', () => {
    // Known from the first event at 12:00 until 18:00, when the collector died: 6 of 16 shift hours.
    const bucket = day('2026-03-09');
    const known = knownSpans(
      null,
      [
        { at: at('2026-03-09T12:00:00Z'), state: 'running' },
        { at: at('2026-03-09T14:00:00Z'), state: 'stopped' },
        { at: at('2026-03-09T18:00:00Z'), state: 'unknown' },
      ],
      bucket.start,
      bucket.end,
    );
    expect(known).toEqual([span('2026-03-09T12:00:00Z', '2026-03-09T18:00:00Z')]);
    const figure = oeeFigure({ windows: shiftWindows(bucket, dayShift), stops: [], known, quantities: { good: 1, scrap: 0, rejected: 0 }, secondsPerItem: 1, now: 0 });
    expect(figure.coverage).toBe(0.375);
    expect(figure.band).toBe('none');
  });

  it('the state before the period counts from its start', () => {
    expect(knownSpans('running', [], at('2026-03-09T00:00:00Z'), at('2026-03-10T00:00:00Z'))).toEqual([day('2026-03-09')]);
    expect(knownSpans('unknown', [], at('2026-03-09T00:00:00Z'), at('2026-03-10T00:00:00Z'))).toEqual([]);
  });
});

describe('thresholds', () => {
  it('good from 85 %, medium from 60 %, bad below, none without a figure or with coverage under 50 %', () => {
    expect([band(0.85, 1), band(0.8499, 1), band(0.6, 1), band(0.5999, 1), band(null, 1), band(0.9, 0.4999), band(0.9, 0.5)]).toEqual([
      'good',
      'medium',
      'medium',
      'bad',
      'none',
      'none',
      'good',
    ]);
  });
});

describe('buckets', () => {
  it('weeks start on Monday and are cut to the period', () => {
    // 2026-03-05 is a Thursday.
    expect(buckets('2026-03-05', '2026-03-16', 'week', noShift)).toEqual([
      span('2026-03-05T00:00:00Z', '2026-03-09T00:00:00Z'),
      span('2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z'),
      span('2026-03-16T00:00:00Z', '2026-03-17T00:00:00Z'),
    ]);
  });

  it('days are UTC days', () => {
    expect(buckets('2026-03-09', '2026-03-10', 'day', dayShift)).toEqual([day('2026-03-09'), day('2026-03-10')]);
  });
});

describe('spans', () => {
  it('overlap, merge and subtract', () => {
    const a = [span('2026-03-09T01:00:00Z', '2026-03-09T03:00:00Z'), span('2026-03-09T05:00:00Z', '2026-03-09T06:00:00Z')];
    const b = [span('2026-03-09T02:00:00Z', '2026-03-09T05:30:00Z')];
    expect(overlap(a, b)).toBe(1.5 * 3_600_000);
    expect(merge([...b, ...a])).toEqual([span('2026-03-09T01:00:00Z', '2026-03-09T06:00:00Z')]);
    expect(subtract(a, b)).toEqual([span('2026-03-09T01:00:00Z', '2026-03-09T02:00:00Z'), span('2026-03-09T05:30:00Z', '2026-03-09T06:00:00Z')]);
  });

  it('touches: a span shares time with one of them, ends excluded', () => {
    const a = [span('2026-03-09T01:00:00Z', '2026-03-09T03:00:00Z'), span('2026-03-09T05:00:00Z', '2026-03-09T06:00:00Z')];
    const { start, end } = span('2026-03-09T03:00:00Z', '2026-03-09T05:00:00Z');
    expect(touches(a, start, end)).toBe(false);
    expect(touches(a, start - 1, end)).toBe(true);
    expect(touches(a, start, end + 1)).toBe(true);
    expect(touches(a, a[1]!.end, a[1]!.end + 1)).toBe(false);
    expect(touches(a, a[0]!.start - 60_000, a[0]!.start)).toBe(false);
    expect(touches(a, a[0]!.start + 1, a[0]!.start + 1)).toBe(false);
    expect(touches([], start, end)).toBe(false);
  });
});

describe('MTBF and MTTR (ISO 22400-2, on operating time)', () => {
  const eightHours: Shift = { start: '06:00', end: '14:00' };
  const now = at('2026-03-12T00:00:00Z');

  it('one stop in an 8-hour shift: MTBF is the operating time per failure, not the calendar day', () => {
    // Shift 06:00-14:00 = 8 h of planned busy time; one unplanned stop 09:00-09:45 = 0.75 h.
    // APT = 8 - 0.75 = 7.25 h; 1 failure: MTBF = 7.25 / 1 = 7.25 h, MTTR = 0.75 / 1 = 0.75 h.
    // (On the calendar day it was (24 - 0.75) / 1 = 23.25 h.) MTBF / (MTBF + MTTR) = 7.25 / 8 = the availability.
    const stops = [{ start: at('2026-03-09T09:00:00Z'), end: at('2026-03-09T09:45:00Z'), planned: false }];
    expect(reliability({ windows: shiftWindows(day('2026-03-09'), eightHours), stops, now })).toEqual({ failures: 1, mtbfHours: 7.25, mttrHours: 0.75 });
  });

  it('a planned stop is no failure and shrinks the operating time; a stop between shifts is no failure; a stop across the shift end counts its part', () => {
    // Shift 06:00-14:00: planned mould change 07:00-08:00 (PBT 7 h); unplanned 13:30-15:00 (0.5 h inside the shift);
    // unplanned 20:00-21:00 (between shifts: not a failure); unplanned 07:30-07:45 inside the planned stop (counted once, as planned).
    // APT = 7 - 0.5 = 6.5 h, 1 failure: MTBF 6.5 h, MTTR 0.5 h.
    const stops = [
      { start: at('2026-03-09T07:00:00Z'), end: at('2026-03-09T08:00:00Z'), planned: true },
      { start: at('2026-03-09T07:30:00Z'), end: at('2026-03-09T07:45:00Z'), planned: false },
      { start: at('2026-03-09T13:30:00Z'), end: at('2026-03-09T15:00:00Z'), planned: false },
      { start: at('2026-03-09T20:00:00Z'), end: at('2026-03-09T21:00:00Z'), planned: false },
    ];
    expect(reliability({ windows: shiftWindows(day('2026-03-09'), eightHours), stops, now })).toEqual({ failures: 1, mtbfHours: 6.5, mttrHours: 0.5 });
  });

  it('two days, three failures, a lasting one up to now; none without failures', () => {
    // Whole days 9-10 March (48 h); failures 02:00-03:00 on the 9th, 12:00-12:30 on the 10th, and one open since
    // 23:00 on the 10th, read up to now = 11 March 00:00 (1 h). Downtime 2.5 h, APT 45.5 h: MTBF 15.17 h, MTTR 0.83 h.
    const stops = [
      { start: at('2026-03-09T02:00:00Z'), end: at('2026-03-09T03:00:00Z'), planned: false },
      { start: at('2026-03-10T12:00:00Z'), end: at('2026-03-10T12:30:00Z'), planned: false },
      { start: at('2026-03-10T23:00:00Z'), end: null, planned: false },
    ];
    const windows = shiftWindows(span('2026-03-09T00:00:00Z', '2026-03-11T00:00:00Z'), noShift);
    expect(reliability({ windows, stops, now: at('2026-03-11T00:00:00Z') })).toEqual({ failures: 3, mtbfHours: 15.17, mttrHours: 0.83 });
    expect(reliability({ windows, stops: [], now })).toEqual({ failures: 0, mtbfHours: null, mttrHours: null });
  });
});
