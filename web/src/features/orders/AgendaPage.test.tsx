import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { AgendaItem, ProducedEntry } from '@generated/model';
import AgendaPage from './AgendaPage';
import { agendaItem } from './agenda.fixtures';
import { AWKWARD_INSTANTS, pinClock } from '../../test/clock.test-utils';
import { addDays, isoDay, mondayOf } from '../../components/dates';
import { activateLocale } from '../../i18n/i18n';

const KEYS = ['prev', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'next'] as const;
type AgendaBody = { week?: string; column?: (typeof KEYS)[number]; offset?: number };

/**
 * What agenda/get answers for `body` from every agenda item in `items`, as the API does: the week's columns (PREV the
 * most recently due first, a day by order number, NEXT the soonest first), at most 30 cards of each, every card with
 * its column's count; with `column`, that column from `offset`.
 */
function weekAnswer(items: AgendaItem[], body: AgendaBody): AgendaItem[] {
  const monday = dayjs(body.week);
  const days = new Map(KEYS.slice(1, 8).map((key, index) => [monday.add(index, 'day').format('YYYY-MM-DD'), key]));
  const first = monday.format('YYYY-MM-DD');
  const last = monday.add(6, 'day').format('YYYY-MM-DD');
  const keyOf = (item: AgendaItem) => (item.dueDate < first ? 'prev' : item.dueDate > last ? 'next' : days.get(item.dueDate)!);
  const byOrderNo = (a: AgendaItem, b: AgendaItem) => a.ClientProductionOrder.orderNo.localeCompare(b.ClientProductionOrder.orderNo, undefined, { numeric: true });
  const columnOf = (key: (typeof KEYS)[number]) => {
    const cards = items.filter((item) => keyOf(item) === key);
    const distance = (item: AgendaItem) => Math.abs(dayjs(item.dueDate).diff(monday, 'hour'));
    cards.sort((a, b) => distance(a) - distance(b) || byOrderNo(a, b) || a.id - b.id);
    return cards.map((card) => ({ ...card, columnCount: cards.length }));
  };
  if (body.column) return columnOf(body.column).slice(body.offset ?? 0, (body.offset ?? 0) + 30);
  return KEYS.flatMap((key) => columnOf(key).slice(0, 30));
}

/**
 * Serves the agenda from `items` (as the API answers a week, see weekAnswer) and each item's produced entries from
 * `entries` (which the entry handler changes, as the API does: the total grows by the entry); returns the entry bodies
 * received. `asked` collects the agenda questions.
 */
function serveAgenda(items: AgendaItem[], entries: Record<number, ProducedEntry[]> = {}, asked: AgendaBody[] = []) {
  const saved: unknown[] = [];
  server.use(
    http.post('*/api/operator/agenda/get', async ({ request }) => {
      const body = (await request.json()) as AgendaBody;
      asked.push(body);
      return HttpResponse.json(weekAnswer(items, body));
    }),
    http.post('*/api/operator/order/item/produced/get', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      return HttpResponse.json(entries[id] ?? []);
    }),
    http.post('*/api/operator/order/item/produced/add', async ({ request }) => {
      const body = (await request.json()) as { item: { id: number; producedQuantity: number; isClosed: boolean; version: number } };
      saved.push(body);
      const index = items.findIndex((item) => item.id === body.item.id);
      const producedAmount = items[index]!.producedAmount + body.item.producedQuantity;
      const updated = { ...items[index]!, producedAmount, producedPart: producedAmount / items[index]!.plannedAmount, version: body.item.version + 1 };
      items[index] = updated;
      const entry = { id: (entries[body.item.id]?.length ?? 0) + 1000 * body.item.id, quantity: body.item.producedQuantity, producedTotal: producedAmount, recordedBy: 'Olga Operator', recordedAt: '2026-11-18T08:00:00Z' };
      entries[body.item.id] = [entry, ...(entries[body.item.id] ?? [])];
      return HttpResponse.json(updated);
    }),
  );
  return saved;
}

const column = (name: string) => within(screen.getByRole('region', { name }));
/** Waits for the week's columns (a skeleton shows while the agenda loads). */
const loaded = () => screen.findByRole('region', { name: 'PREV' });

describe("operator '/' agenda", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0)); // Wednesday 18.11.2026, week 47
  });
  afterEach(() => vi.useRealTimers());

  it('shows the week with PREV and NEXT columns; a card shows order number, product, article number, progress, planned and produced', async () => {
    const asked: AgendaBody[] = [];
    serveAgenda(
      [
        agendaItem('2026-11-09', 'PO-OLD'),
        agendaItem('2026-11-18', 'PO-24-0117', { producedAmount: 48000, plannedAmount: 80000, producedPart: 0.6 }),
        agendaItem('2026-11-21', 'PO-SAT'),
        agendaItem('2026-12-01', 'PO-LATER'),
      ],
      {},
      asked,
    );
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByText('Week 47 · 16.11.2026 – 22.11.2026')).toBeInTheDocument();
    await loaded();
    const card = within(await column('Wed 18.11').findByRole('article', { name: 'PO-24-0117 NS-0500' }));
    for (const text of ['PO-24-0117', 'Spring Water 0.5 L', '60%', 'Produced 48,000 of 80,000']) expect(card.getByText(text)).toBeInTheDocument();
    expect(card.getByText(/NS-0500/)).toBeInTheDocument();
    expect(column('PREV').getByRole('article', { name: 'PO-OLD NS-0500' })).toBeInTheDocument();
    expect(column('NEXT').getByRole('article', { name: 'PO-LATER NS-0500' })).toBeInTheDocument();
    // Saturday shows because something is due on it; Sunday does not.
    expect(column('Sat 21.11').getByRole('article', { name: 'PO-SAT NS-0500' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sun 22.11' })).not.toBeInTheDocument();
    // The page asks for the week it shows, not for every item.
    expect(asked).toEqual([{ week: '2026-11-16' }]);
  });

  it('Next week and Previous week ask for that week; items due before it land in PREV', async () => {
    const asked: AgendaBody[] = [];
    serveAgenda([agendaItem('2026-11-18', 'PO-A'), agendaItem('2026-11-25', 'PO-B')], {}, asked);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await loaded();
    await column('Wed 18.11').findByRole('article', { name: 'PO-A NS-0500' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByText('Week 48 · 23.11.2026 – 29.11.2026')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Wed 25.11' })).toBeInTheDocument();
    expect(column('PREV').getByRole('article', { name: 'PO-A NS-0500' })).toBeInTheDocument();
    expect(column('Wed 25.11').getByRole('article', { name: 'PO-B NS-0500' })).toBeInTheDocument();
    expect(asked).toContainEqual({ week: '2026-11-23' });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('region', { name: 'Wed 11.11' })).toBeInTheDocument();
    expect(asked).toContainEqual({ week: '2026-11-09' });
    expect(column('NEXT').getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByText('Week 47 · 16.11.2026 – 22.11.2026')).toBeInTheDocument();
  });

  it("opens with today's column scrolled into view, and brings it back on 'This week'", async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-A')]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    onTestFinished(() => scrolled.mockRestore());
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await loaded();
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Wed 18.11' }));
    expect(scrolled.mock.calls[0]).toEqual([{ block: 'nearest', inline: 'center' }]);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    expect(scrolled.mock.contexts[1]).toBe(screen.getByRole('region', { name: 'Wed 18.11' }));
  });

  it("the edit icon opens 'Update order item produced quantity': it records what was produced since the last entry, the total grows, and the card shows it", async () => {
    const saved = serveAgenda([agendaItem('2026-11-18', 'PO-24-0117', { id: 88, version: 6, plannedAmount: 120_000, producedAmount: 99_000, producedPart: 0.825 })], {
      88: [
        { id: 2, quantity: 49_000, producedTotal: 99_000, recordedBy: 'Olga Operator', recordedAt: '2026-11-17T14:30:00Z' },
        { id: 1, quantity: 50_000, producedTotal: 50_000, recordedBy: 'Piotr Operator', recordedAt: '2026-11-16T14:30:00Z' },
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: 'Update produced quantity of PO-24-0117 NS-0500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update order item produced quantity' }));
    expect(dialog.getByLabelText('Running total')).toHaveTextContent('Produced so far 99,000 of 120,000');
    const entries = within(dialog.getByRole('region', { name: 'Last entries' }));
    expect(await entries.findByText(/\+49,000 · total 99,000 · Olga Operator/)).toBeInTheDocument();
    expect(entries.getByText(/\+50,000 · total 50,000 · Piotr Operator/)).toBeInTheDocument();
    const input = dialog.getByRole('textbox', { name: 'Produced since the last entry' });
    await user.type(input, '21000');
    expect(dialog.getByText('New total: 120,000')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ item: { id: 88, producedQuantity: 21000, isClosed: false, version: 6 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Produced 120,000 of 120,000')).toBeInTheDocument();
  });

  it('an item without entries says so', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-1')]);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: /Update produced quantity/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await within(dialog.getByRole('region', { name: 'Last entries' })).findByText('No entries yet.')).toBeInTheDocument();
  });

  it("'Correct the total instead' replaces the total through order/item/save (a mistyped entry)", async () => {
    const saved = serveAgenda([agendaItem('2026-11-18', 'PO-24-0117', { id: 88, version: 6, producedAmount: 52_000 })]);
    const totals: unknown[] = [];
    server.use(
      http.post('*/api/operator/order/item/save', async ({ request }) => {
        const body = (await request.json()) as { item: { producedAmount: number; version: number } };
        totals.push(body);
        return HttpResponse.json({ ...agendaItem('2026-11-18', 'PO-24-0117', { id: 88 }), producedAmount: body.item.producedAmount, version: 7 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: 'Update produced quantity of PO-24-0117 NS-0500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update order item produced quantity' }));
    await user.click(dialog.getByRole('switch', { name: 'Correct the total instead (a mistyped entry)' }));
    const input = dialog.getByRole('textbox', { name: 'Produced total' });
    await user.type(input, '100000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Field has to be between 0 and 99,999.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '50000');
    expect(dialog.getByText('New total: 50,000')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(totals).toEqual([{ item: { id: 88, producedAmount: 50000, isClosed: false, version: 6 } }]));
    expect(saved).toEqual([]);
  });

  it('items of a closed order have no edit icon', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-CLOSED', { ClientProductionOrder: { id: 13, orderNo: 'PO-CLOSED', closed: 1, company: null } })]);
    renderWithProviders(<AgendaPage />);
    await screen.findByRole('article', { name: 'PO-CLOSED NS-0500' });
    expect(screen.queryByRole('button', { name: /Update produced quantity/ })).not.toBeInTheDocument();
  });

  it('the produced amount of an entry is required and 0 to 99,999 (part 5); an invalid save sends nothing', async () => {
    const saved = serveAgenda([agendaItem('2026-11-18', 'PO-1')]);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: /Update produced quantity/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: 'Produced since the last entry' });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Field is required.')).toBeInTheDocument();
    await user.type(input, '100000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Field has to be between 0 and 99,999.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refused save keeps the dialog open and says why (changed by someone else)', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-1')]);
    server.use(
      http.post('*/api/operator/order/item/produced/add', () =>
        HttpResponse.json(
          { title: 'Conflict', status: 409, detail: 'This order item was changed by someone else meanwhile. Reload it and apply your change again.' },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: /Update produced quantity/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Produced since the last entry' }), '500');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/changed by someone else meanwhile/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('a long PREV column', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0)); // Wednesday 18.11.2026, week 47
  });
  afterEach(() => vi.useRealTimers());

  it("shows 30 cards, the most recently due first, with the column's count; 'Show more' asks the API for the next ones", async () => {
    const overdue = Array.from({ length: 45 }, (_, index) => agendaItem(`2026-10-${String(1 + (index % 28)).padStart(2, '0')}`, `PO-${index}`));
    const asked: AgendaBody[] = [];
    serveAgenda(overdue, {}, asked);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    const prev = within(await screen.findByRole('region', { name: 'PREV' }));
    expect(await prev.findAllByRole('article')).toHaveLength(30);
    expect(prev.getByLabelText('45 items')).toBeInTheDocument();
    expect(prev.getAllByRole('article')[0]).toHaveTextContent('due 28.10.2026');
    await user.click(prev.getByRole('button', { name: 'Show 15 more of 15' }));
    await waitFor(() => expect(prev.getAllByRole('article')).toHaveLength(45));
    expect(asked).toEqual([{ week: '2026-11-16' }, { week: '2026-11-16', column: 'prev', offset: 30 }]);
    expect(new Set(prev.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).size).toBe(45);
    expect(prev.getAllByRole('article').at(-1)).toHaveTextContent('due 01.10.2026');
    expect(prev.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });
});

describe('another week', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0)); // Wednesday 18.11.2026, week 47
  });
  afterEach(() => vi.useRealTimers());

  it('shows a skeleton while the week asked for loads, then its columns', async () => {
    serveAgenda([agendaItem('2026-11-25', 'PO-B')]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await loaded();
    server.use(
      http.post('*/api/operator/agenda/get', async ({ request }) => {
        const body = (await request.json()) as AgendaBody;
        await held;
        return HttpResponse.json(weekAnswer([agendaItem('2026-11-25', 'PO-B')], body));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByText('Week 48 · 23.11.2026 – 29.11.2026')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'PREV' })).not.toBeInTheDocument();
    release();
    expect(within(await screen.findByRole('region', { name: 'Wed 25.11' })).getByRole('article', { name: 'PO-B NS-0500' })).toBeInTheDocument();
  });
});

// The agenda opens on the week that holds today in the operator's calendar, whatever day that is; a weekend day's
// column shows when something is due on it.
describe.each(AWKWARD_INSTANTS)("the agenda's week, $name", { timeout: 30_000 }, ({ at }) => {
  pinClock(at);
  const today = isoDay(new Date(at));
  const monday = mondayOf(today);
  const listDay = (day: string) => dayjs(day).format('DD.MM.YYYY');

  it("opens on the week that holds today, asks for that week and marks today's column", async () => {
    const asked: AgendaBody[] = [];
    serveAgenda([agendaItem(today, 'PO-TODAY'), agendaItem(addDays(monday, -1), 'PO-BEFORE'), agendaItem(addDays(monday, 7), 'PO-AFTER')], {}, asked);
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByText(new RegExp(`^Week \\d+ · ${listDay(monday)} – ${listDay(addDays(monday, 6))}$`))).toBeInTheDocument();
    await loaded();
    const todays = await screen.findByRole('region', { name: dayjs(today).format('ddd DD.MM') });
    expect(within(todays).getByRole('article', { name: 'PO-TODAY NS-0500' })).toBeInTheDocument();
    expect(todays).toHaveAttribute('data-today');
    expect(screen.getAllByRole('region').filter((region) => region.hasAttribute('data-today'))).toHaveLength(1);
    expect(column('PREV').getByRole('article', { name: 'PO-BEFORE NS-0500' })).toBeInTheDocument();
    expect(column('NEXT').getByRole('article', { name: 'PO-AFTER NS-0500' })).toBeInTheDocument();
    expect(asked).toEqual([{ week: monday }]);
  });
});

describe("the operator's agenda in Finnish", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0)); // Wednesday 18.11.2026, week 47
  });
  afterEach(() => vi.useRealTimers());

  it("speaks Finnish to a Finnish operator: the week, the day columns, a card's numbers and the dialog in Finnish", async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-24-0117', { producedAmount: 48000, plannedAmount: 80000, producedPart: 0.6 })]);
    await activateLocale('fi');
    onTestFinished(async () => {
      await activateLocale('en');
    });
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByRole('heading', { name: 'Agenda' })).toBeInTheDocument();
    // Finnish writes a day as 18.11.2026, a weekday as 'ke', and groups thousands with a (no-break) space.
    expect(await screen.findByText('Viikko 47 · 16.11.2026 – 22.11.2026')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'AIEMM.' });
    expect(screen.getByRole('region', { name: 'MYÖH.' })).toBeInTheDocument();
    const card = within(await column('ke 18.11.').findByRole('article', { name: 'PO-24-0117 NS-0500' }));
    expect(card.getByText(/^Tuotettu 48\s000 \/ 80\s000$/)).toBeInTheDocument();
    expect(card.getByText(/^60\s%$/)).toBeInTheDocument();
    expect(card.getByText(/^NS-0500 · eräpäivä 18\.11\.2026$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seuraava viikko' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Päivitä tuotettu määrä: PO-24-0117 NS-0500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Päivitä tilausrivin tuotettu määrä' }));
    expect(dialog.getByLabelText('Kertynyt määrä')).toHaveTextContent(/^Tuotettu tähän mennessä 48\s000 \/ 80\s000$/);
    expect(dialog.getByRole('textbox', { name: 'Tuotettu edellisen kirjauksen jälkeen' })).toBeInTheDocument();
  });
});
