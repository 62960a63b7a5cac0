import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render';
import type { AgendaItem } from '../../../../generated/web/model';
import AgendaPage from './AgendaPage';
import { agendaItem } from './agenda.fixtures';

/** Serves the agenda from `items` (which the save handler may change); returns the save bodies received. */
function serveAgenda(items: AgendaItem[]) {
  const saved: unknown[] = [];
  server.use(
    http.post('*/api/operator/agenda/get', () => HttpResponse.json(items)),
    http.post('*/api/operator/order/item/save', async ({ request }) => {
      const body = (await request.json()) as { item: { id: number; producedAmount: number; isClosed: boolean; version: number } };
      saved.push(body);
      const index = items.findIndex((item) => item.id === body.item.id);
      const updated = { ...items[index]!, producedAmount: body.item.producedAmount, producedPart: body.item.producedAmount / items[index]!.plannedAmount, version: body.item.version + 1 };
      items[index] = updated;
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
    serveAgenda([
      agendaItem('2026-11-09', 'PO-OLD'),
      agendaItem('2026-11-18', 'PO-24-0117', { producedAmount: 48000, plannedAmount: 80000, producedPart: 0.6 }),
      agendaItem('2026-12-01', 'PO-LATER'),
    ]);
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByText('Week 47 · 16.11.2026 – 22.11.2026')).toBeInTheDocument();
    await loaded();
    const card = within(await column('Wed 18.11').findByRole('article', { name: 'PO-24-0117 NS-0500' }));
    for (const text of ['PO-24-0117', 'Spring Water 0.5 L', '60%', 'Produced 48,000 of 80,000']) expect(card.getByText(text)).toBeInTheDocument();
    expect(card.getByText(/NS-0500/)).toBeInTheDocument();
    expect(column('PREV').getByRole('article', { name: 'PO-OLD NS-0500' })).toBeInTheDocument();
    expect(column('NEXT').getByRole('article', { name: 'PO-LATER NS-0500' })).toBeInTheDocument();
  });

  it('Next week and Previous week move the week; items due before it land in PREV', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-A'), agendaItem('2026-11-25', 'PO-B')]);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await loaded();
    await column('Wed 18.11').findByRole('article', { name: 'PO-A NS-0500' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByText('Week 48 · 23.11.2026 – 29.11.2026')).toBeInTheDocument();
    expect(column('PREV').getByRole('article', { name: 'PO-A NS-0500' })).toBeInTheDocument();
    expect(column('Wed 25.11').getByRole('article', { name: 'PO-B NS-0500' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
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

  it("the edit icon opens 'Update order item produced quantity', saves the amount with the version read, and the card shows it", async () => {
    const saved = serveAgenda([agendaItem('2026-11-18', 'PO-24-0117', { id: 88, version: 6 })]);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: 'Update produced quantity of PO-24-0117 NS-0500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update order item produced quantity' }));
    const input = dialog.getByRole('textbox', { name: 'Produced quantity' });
    await user.clear(input);
    await user.type(input, '52000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ item: { id: 88, producedAmount: 52000, isClosed: false, version: 6 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Produced 52,000 of 80,000')).toBeInTheDocument();
  });

  it('items of a closed order have no edit icon', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-CLOSED', { ClientProductionOrder: { id: 13, orderNo: 'PO-CLOSED', closed: 1, company: null } })]);
    renderWithProviders(<AgendaPage />);
    await screen.findByRole('article', { name: 'PO-CLOSED NS-0500' });
    expect(screen.queryByRole('button', { name: /Update produced quantity/ })).not.toBeInTheDocument();
  });

  it('the produced amount is required and 0 to 99,999 (part 5); an invalid save sends nothing', async () => {
    const saved = serveAgenda([agendaItem('2026-11-18', 'PO-1')]);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('button', { name: /Update produced quantity/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByRole('textbox', { name: 'Produced quantity' });
    await user.clear(input);
    await user.tab();
    expect(await dialog.findByText('Field is required.')).toBeInTheDocument();
    await user.type(input, '100000');
    await user.tab();
    expect(await dialog.findByText('Field has to be between 0 and 99,999.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
  });

  it('a refused save keeps the dialog open and says why (changed by someone else)', async () => {
    serveAgenda([agendaItem('2026-11-18', 'PO-1')]);
    server.use(
      http.post('*/api/operator/order/item/save', () =>
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
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/changed by someone else meanwhile/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('a long PREV column', { timeout: 30_000 }, () => {
  it("shows 30 cards, the most recently due first, and 'Show more' adds the next ones", async () => {
    const overdue = Array.from({ length: 45 }, (_, index) => agendaItem(`2026-10-${String(1 + (index % 28)).padStart(2, '0')}`, `PO-${index}`));
    serveAgenda(overdue);
    const user = userEvent.setup();
    renderWithProviders(<AgendaPage />);
    const prev = within(await screen.findByRole('region', { name: 'PREV' }));
    expect(await prev.findAllByRole('article')).toHaveLength(30);
    expect(prev.getByLabelText('45 items')).toBeInTheDocument();
    expect(prev.getAllByRole('article')[0]).toHaveTextContent('due 28.10.2026');
    await user.click(prev.getByRole('button', { name: 'Show 15 more of 15' }));
    expect(prev.getAllByRole('article')).toHaveLength(45);
    expect(prev.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });
});
