import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import type { AgendaItem } from '../../../../generated/web/model';

dayjs.extend(isoWeek);

const ISO = 'YYYY-MM-DD';

/** Monday of the week that holds `day` (the week starts on Monday, part 9). */
export const weekStart = (day: Dayjs): Dayjs => day.startOf('isoWeek');

/** 'Week 47 · 16.11.2026 – 22.11.2026' */
export const weekLabel = (monday: Dayjs) =>
  `Week ${monday.isoWeek()} · ${monday.format('DD.MM.YYYY')} – ${monday.add(6, 'day').format('DD.MM.YYYY')}`;

export interface AgendaColumn {
  /** 'prev', 'next' or the day as YYYY-MM-DD. */
  key: string;
  title: string;
  /** The day a column stands for; absent for PREV and NEXT. */
  day?: Dayjs;
  items: AgendaItem[];
}

/**
 * The operator's week (part 2.2): PREV (open items due before the week, the most recently due first: those were
 * just missed), a column per working day (Saturday and Sunday only when something is due on them), and NEXT (due
 * after the week, soonest first). Within a day cards are sorted by order number (PO-9 before PO-10).
 */
export function agendaColumns(items: AgendaItem[], monday: Dayjs): AgendaColumn[] {
  const first = monday.format(ISO);
  const last = monday.add(6, 'day').format(ISO);
  const byDay = new Map<string, AgendaItem[]>();
  const prev: AgendaItem[] = [];
  const next: AgendaItem[] = [];
  for (const item of items) {
    if (item.dueDate < first) prev.push(item);
    else if (item.dueDate > last) next.push(item);
    else byDay.set(item.dueDate, [...(byDay.get(item.dueDate) ?? []), item]);
  }
  const days = Array.from({ length: 7 }, (_, index) => monday.add(index, 'day')).filter(
    (day, index) => index < 5 || byDay.has(day.format(ISO)),
  );
  return [
    { key: 'prev', title: 'PREV', items: prev.sort((a, b) => b.dueDate.localeCompare(a.dueDate)) },
    ...days.map((day) => ({
      key: day.format(ISO),
      title: day.format('ddd DD.MM'),
      day,
      items: (byDay.get(day.format(ISO)) ?? []).sort((a, b) => a.ClientProductionOrder.orderNo.localeCompare(b.ClientProductionOrder.orderNo, undefined, { numeric: true })),
    })),
    { key: 'next', title: 'NEXT', items: next.sort((a, b) => a.dueDate.localeCompare(b.dueDate)) },
  ];
}
