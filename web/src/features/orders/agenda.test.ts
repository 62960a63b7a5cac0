import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { agendaColumns, weekLabel, weekStart } from './agenda';
import { agendaItem } from './agenda.fixtures';

const monday = dayjs('2026-11-16');

describe('the operator agenda week (part 2.2)', () => {
  it('a week starts on Monday', () => {
    expect(weekStart(dayjs('2026-11-22')).format('YYYY-MM-DD')).toBe('2026-11-16'); // Sunday
    expect(weekStart(dayjs('2026-11-16T15:00')).format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(weekStart(dayjs('2027-01-01')).format('YYYY-MM-DD')).toBe('2026-12-28');
  });

  it('names the week by its ISO number and dates', () => {
    expect(weekLabel(monday)).toBe('Week 47 · 16.11.2026 – 22.11.2026');
    expect(weekLabel(dayjs('2026-12-28'))).toBe('Week 53 · 28.12.2026 – 03.01.2027');
  });

  it('puts items due before the week in PREV, after it in NEXT, and the others on their day, in the order the API sorted them', () => {
    // The API's order: PREV the most recently missed first, NEXT the soonest first.
    const items = [agendaItem('2026-11-02'), agendaItem('2026-10-30'), agendaItem('2026-11-16'), agendaItem('2026-11-20'), agendaItem('2026-11-23'), agendaItem('2027-02-01')];
    const columns = agendaColumns(items, monday);
    expect(columns.map((column) => column.title)).toEqual(['PREV', 'Mon 16.11', 'Tue 17.11', 'Wed 18.11', 'Thu 19.11', 'Fri 20.11', 'NEXT']);
    expect(columns.map((column) => column.items.map((item) => item.dueDate))).toEqual([
      ['2026-11-02', '2026-10-30'],
      ['2026-11-16'],
      [],
      [],
      [],
      ['2026-11-20'],
      ['2026-11-23', '2027-02-01'],
    ]);
  });

  it('shows Saturday or Sunday only when something is due on it', () => {
    const columns = agendaColumns([agendaItem('2026-11-22')], monday);
    expect(columns.map((column) => column.title)).toEqual(['PREV', 'Mon 16.11', 'Tue 17.11', 'Wed 18.11', 'Thu 19.11', 'Fri 20.11', 'Sun 22.11', 'NEXT']);
  });

  it("counts a column by the API's total (columnCount), not by the cards it sent, and keeps the API's order of a day", () => {
    const columns = agendaColumns(
      [agendaItem('2026-11-17', 'PO-1', { columnCount: 45 }), agendaItem('2026-11-17', 'PO-9', { columnCount: 45 }), agendaItem('2026-11-17', 'PO-10', { columnCount: 45 })],
      monday,
    );
    expect(columns[2]!.items.map((item) => item.ClientProductionOrder.orderNo)).toEqual(['PO-1', 'PO-9', 'PO-10']);
    expect(columns[2]!.count).toBe(45);
    expect(columns[1]!.count).toBe(0);
  });
});
