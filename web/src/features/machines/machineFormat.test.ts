import { describe, expect, it } from 'vitest';
import { formatElapsed, formatHours, formatShare, minutesSince, paretoOf } from './machineFormat';
import { bucketLabel } from './performanceApi';

describe('how the machine screens say their figures', () => {
  it('a share is a whole percent (part 9); a figure the API could not work out reads –, never 0 %', () => {
    expect(formatShare(0.8379)).toBe('84%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(null)).toBe('–');
  });

  it('hours keep one decimal; no MTBF (no stop) reads –', () => {
    expect(formatHours(70.44)).toBe('70.4 h');
    expect(formatHours(1234.56)).toBe('1,234.6 h');
    expect(formatHours(6)).toBe('6 h');
    expect(formatHours(null)).toBe('–');
  });

  it('a state lasts whole minutes since it began, never less than 0 (a browser clock behind the server)', () => {
    const now = new Date('2026-11-24T07:55:59Z');
    expect(minutesSince('2026-11-24T06:20:00Z', now)).toBe(95);
    expect(formatElapsed('2026-11-24T06:20:00Z', now)).toBe('1 h 35 min');
    expect(minutesSince('2026-11-24T08:00:00Z', now)).toBe(0);
  });

  it('the Pareto puts the causes largest first with the running share of all hours lost', () => {
    const pareto = paretoOf([
      { name: 'Cleaning', hours: 1.5 },
      { name: 'Mould change', hours: 12.5 },
      { name: 'Power outage', hours: 6 },
    ]);
    expect(pareto.map((cause) => [cause.name, cause.cumulativeShare])).toEqual([
      ['Mould change', 0.625],
      ['Power outage', 0.925],
      ['Cleaning', 1],
    ]);
    expect(paretoOf([{ hours: 0 }])[0].cumulativeShare).toBe(0);
  });

  it('a bucket is named by its day, its shift (day and UTC hours) or the Monday of its week', () => {
    const bucket = { from: '2026-11-09T06:00:00Z', to: '2026-11-09T14:00:00Z' };
    expect(bucketLabel(bucket, 'day')).toBe('09.11.2026');
    expect(bucketLabel(bucket, 'shift')).toBe('09.11.2026 06:00–14:00');
    expect(bucketLabel({ from: '2026-11-09T00:00:00Z', to: '2026-11-16T00:00:00Z' }, 'week')).toBe('Week of 09.11.2026');
  });
});
