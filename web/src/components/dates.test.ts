import { describe, expect, it } from 'vitest';
import { AWKWARD_INSTANTS, pinClock } from '../test/clock.test-utils';
import { now } from './clock';
import {
  addDays,
  DAY_FORMAT,
  dayInputProps,
  daysBetween,
  DELIVER_AT_FORMAT,
  firstOfMonth,
  formatDay,
  formatDayTime,
  formatUtcDayTime,
  fromDay,
  isoDay,
  isWeekday,
  isWeekend,
  localToday,
  mondayOf,
  parseDay,
  REPORT_FORMAT,
  shiftMonth,
  utcDayOf,
  weekdayIndex,
} from './dates';

describe('date fields are YYYY-MM-DD calendar days of the user’s own calendar (part 9)', () => {
  it('a day is read as that day, whatever the hour of the clock: late evening is still today', () => {
    expect(localToday(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(localToday(new Date(2026, 10, 22, 0, 0))).toBe('2026-11-22');
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(isoDay(fromDay('2026-03-29'))).toBe('2026-03-29');
  });

  it('moves by whole calendar days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-03-02', '2026-03-29')).toBe(27);
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(daysBetween('2026-03-29', '2026-03-02')).toBe(-27);
  });

  it('months: the first day of the month, and whole months before or after', () => {
    expect(firstOfMonth('2026-11-22')).toBe('2026-11-01');
    expect(shiftMonth('2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftMonth('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('an instant’s UTC day is the day of downtime, which keeps no plant time zone', () => {
    expect(utcDayOf('2026-03-18T23:30:00-02:00')).toBe('2026-03-19');
    expect(utcDayOf(new Date(Date.UTC(2026, 2, 18, 0, 0)))).toBe('2026-03-18');
  });
});

describe('a stored instant read as a day', () => {
  it('takes the calendar day written in it: the day of 2026-03-18T23:30:00Z is 18 March', () => {
    const day = fromDay('2026-03-18T23:30:00Z');
    expect([day.getFullYear(), day.getMonth() + 1, day.getDate(), day.getHours()]).toEqual([2026, 3, 18, 0]);
  });
});

describe('the week starts on Monday; weekends are unavailable for order dates (part 9)', () => {
  it('Monday is the first day of the week and Sunday the last', () => {
    expect(weekdayIndex('2026-03-16')).toBe(0); // Monday
    expect(weekdayIndex('2026-03-22')).toBe(6); // Sunday
    expect(mondayOf('2026-03-18')).toBe('2026-03-16');
    expect(mondayOf('2026-03-22')).toBe('2026-03-16');
    expect(mondayOf('2026-03-16')).toBe('2026-03-16');
  });

  it('Saturday and Sunday are weekend days; Monday to Friday are weekdays', () => {
    const week = ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22'];
    expect(week.map(isWeekend)).toEqual([false, false, false, false, false, true, true]);
    expect(week.map(isWeekday)).toEqual([true, true, true, true, true, false, false]);
  });
});

describe('one way to write a day: DD.MM.YYYY, except where part 2.4 names another for a screen', () => {
  it('writes a day DD.MM.YYYY, the order editor YYYY-MM-DD and the production quantities report MM.DD.YYYY', () => {
    expect(formatDay('2026-12-01')).toBe('01.12.2026');
    expect(formatDay('2026-12-01', DAY_FORMAT)).toBe('01.12.2026');
    expect(formatDay('2026-12-01', DELIVER_AT_FORMAT)).toBe('2026-12-01');
    expect(formatDay('2026-12-01', REPORT_FORMAT)).toBe('12.01.2026');
  });

  it('writes the day of a longer ISO text, and nothing for no day', () => {
    expect(formatDay('2026-03-09T23:30:00.000Z')).toBe('09.03.2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('soon')).toBe('');
  });

  it('writes an instant with its time: in the user’s zone, and in UTC for downtime', () => {
    const at = new Date(2026, 11, 1, 7, 5).toISOString();
    expect(formatDayTime(at)).toBe('01.12.2026 07:05');
    expect(formatUtcDayTime('2026-12-01T23:59:30.000Z')).toBe('01.12.2026 23:59');
    expect(formatDayTime('never')).toBe('');
    expect(formatUtcDayTime(null)).toBe('');
  });
});

describe('typed days: the field’s own format, and always YYYY-MM-DD', () => {
  it('reads a YYYY-MM-DD day in every field, and answers it as YYYY-MM-DD', () => {
    expect(parseDay('2026-03-18')).toBe('2026-03-18');
    expect(parseDay(' 2026-03-09 ')).toBe('2026-03-09');
    expect(parseDay('2026-03-18', DAY_FORMAT)).toBe('2026-03-18');
    expect(parseDay('2026-03-18', REPORT_FORMAT)).toBe('2026-03-18');
  });

  it('reads no day from a one-digit month or day: typed from the left, 2026-12-1 is on its way to 2026-12-12', () => {
    expect(parseDay('2026-12-1')).toBeNull();
    expect(parseDay('2026-3-09')).toBeNull();
    expect(parseDay('2026-12-1', DAY_FORMAT)).toBeNull();
  });

  it('a day that does not exist, or text around a day, is no day at all', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-04-31')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('2026-00-10')).toBeNull();
    expect(parseDay('x2026-03-18')).toBeNull();
    expect(parseDay('2026-03-18x')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay('30.02.2026', DAY_FORMAT)).toBeNull();
    expect(parseDay('x18.03.2026', DAY_FORMAT)).toBeNull();
  });

  it('DD.MM.YYYY fields read the day first; a one-digit day and month stay, the year comes last', () => {
    expect(parseDay('18.03.2026', DAY_FORMAT)).toBe('2026-03-18');
    expect(parseDay('12.01.2026', DAY_FORMAT)).toBe('2026-01-12');
    expect(parseDay('9/3/2026', DAY_FORMAT)).toBe('2026-03-09');
    expect(parseDay('03.18.2026', DAY_FORMAT)).toBeNull();
  });

  it('MM.DD.YYYY is read only where the report’s picker shows it, and YYYY-MM-DD fields read nothing else', () => {
    expect(parseDay('12.01.2026', REPORT_FORMAT)).toBe('2026-12-01');
    expect(parseDay('18.03.2026', REPORT_FORMAT)).toBeNull();
    expect(parseDay('18.03.2026', DELIVER_AT_FORMAT)).toBeNull();
    expect(parseDay('18.03.2026')).toBeNull();
  });

  it('a typed-date field shows, hints and reads one format, and `accept` narrows the days it takes', () => {
    const field = dayInputProps();
    expect(field.valueFormat).toBe('DD.MM.YYYY');
    expect(field.placeholder).toBe('DD.MM.YYYY');
    expect(field.dateParser('05.12.2026')).toBe('2026-12-05');
    expect(dayInputProps(DAY_FORMAT, isWeekday).dateParser('05.12.2026')).toBeNull(); // a Saturday
    expect(dayInputProps(DELIVER_AT_FORMAT).dateParser('05.12.2026')).toBeNull();
    expect(dayInputProps(DELIVER_AT_FORMAT).placeholder).toBe('YYYY-MM-DD');
  });
});

// "Today" is the clock's day: the user's own calendar day for dates, the UTC day for downtime. Near midnight the two
// differ, and which one comes first depends on the time zone the tests run in.
describe.each(AWKWARD_INSTANTS)("today, $name", ({ at }) => {
  pinClock(at);

  it("is the local calendar day of the clock's instant, and the downtime day is that instant's UTC day", () => {
    expect(localToday()).toBe(isoDay(new Date(at)));
    expect(utcDayOf()).toBe(new Date(at).toISOString().slice(0, 10));
    expect(Math.abs(daysBetween(utcDayOf(), localToday()))).toBeLessThanOrEqual(1);
    expect(now().getTime() - Date.parse(at)).toBeGreaterThanOrEqual(0);
    expect(now().getTime() - Date.parse(at)).toBeLessThan(60_000); // pinned, and running on
  });
});
