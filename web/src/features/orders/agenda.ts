import { t } from '@lingui/core/macro';
import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import { formatDay } from '../../components/dates';
import { currentLocale, intlLocaleOf, speaksEnglish } from '../../i18n/locales';
import './catalogue';
import type { AgendaColumn as AgendaColumnKey, AgendaItem } from '@generated/model';

dayjs.extend(isoWeek);

const ISO = 'YYYY-MM-DD';

/** Monday of the week that holds `day` (the week starts on Monday, part 9). */
export const weekStart = (day: Dayjs): Dayjs => day.startOf('isoWeek');

/** 'Week 47 · 16.11.2026 – 22.11.2026' */
export const weekLabel = (monday: Dayjs) => {
  const week = monday.isoWeek();
  const from = formatDay(monday.format(ISO));
  const to = formatDay(monday.add(6, 'day').format(ISO));
  return t`Week ${week} · ${from} – ${to}`;
};

/**
 * A day column's title: 'Mon 16.11' in English (the screen's own), the language's short weekday and day otherwise
 * (Finnish 'ma 16.11.', Swedish 'mån 16/11'), as Intl writes them.
 */
function dayTitle(day: Dayjs): string {
  if (speaksEnglish()) return `${day.format('ddd')} ${formatDay(day.format(ISO)).slice(0, 5)}`;
  const format = new Intl.DateTimeFormat(intlLocaleOf(currentLocale()), { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(day.year(), day.month(), day.date())));
}

/** The week's columns in the screen's order (the contract's `AgendaColumn`): PREV, Monday to Sunday, NEXT. */
const KEYS: readonly AgendaColumnKey[] = ['prev', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'next'];

export interface AgendaColumn {
  /** The contract's column: 'prev', 'mon' … 'sun', 'next' ('Show more' asks it by this key). */
  key: AgendaColumnKey;
  title: string;
  /** The day a column stands for; absent for PREV and NEXT. */
  day?: Dayjs;
  /** The cards the week's answer carries (at most 30), in the API's order. */
  items: AgendaItem[];
  /** How many cards the column holds in all (the items' `columnCount`). */
  count: number;
}

/**
 * The operator's week (part 2.2) from the week's answer (agenda/get with `week`): PREV (open items due before the week,
 * the most recently due first: those were just missed), a column per working day (Saturday and Sunday only when
 * something is due on them), and NEXT (due after the week, soonest first). The API sorts each column (a day by order
 * number, PO-9 before PO-10) and sends at most 30 cards of it with the column's count; the rest come with 'Show more'.
 */
export function agendaColumns(items: AgendaItem[], monday: Dayjs): AgendaColumn[] {
  const first = monday.format(ISO);
  const last = monday.add(6, 'day').format(ISO);
  const dayKeys = new Map(KEYS.slice(1, 8).map((key, index) => [monday.add(index, 'day').format(ISO), key]));
  const byKey = new Map<AgendaColumnKey, AgendaItem[]>(KEYS.map((key) => [key, []]));
  for (const item of items) {
    const key = item.dueDate < first ? 'prev' : item.dueDate > last ? 'next' : dayKeys.get(item.dueDate)!;
    byKey.get(key)!.push(item);
  }
  const column = (key: AgendaColumnKey, title: string, day?: Dayjs): AgendaColumn => {
    const cards = byKey.get(key)!;
    return { key, title, day, items: cards, count: cards[0]?.columnCount ?? cards.length };
  };
  const days = KEYS.slice(1, 8)
    .map((key, index) => column(key, dayTitle(monday.add(index, 'day')), monday.add(index, 'day')))
    .filter((day, index) => index < 5 || day.count > 0);
  return [column('prev', t`PREV`), ...days, column('next', t`NEXT`)];
}
