import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { ClientProductionOrder, OrderItem } from '@generated/model';
import { orderFixture, orderItemFixture } from '../../test/orders.fixtures';
import ProductionOrdersPage from './ProductionOrdersPage';
import { captureDownloads } from '../downtime/downtime.test-utils';
import { exportAs, serveExport } from '../../test/exports.test-utils';

const item = (id: number, overrides: Partial<OrderItem> = {}) => orderItemFixture({ id, ...overrides });

const order = (id: number, orderNo: string, overrides: Partial<ClientProductionOrder> = {}) =>
  orderFixture({
    id,
    orderNo,
    createdAt: new Date(2026, 2, 2, 8, 15).toISOString(),
    producedPart: 0.6,
    producedStart: '2026-03-09',
    producedEnd: '2026-03-20',
    producedArticles: 'NS-0500, NS-1500',
    ClientProductionOrderItems: [item(88), item(89, { ClientProduct: { id: 22, articleNo: 'NS-1500', productName: 'Spring Water 1.5 L' }, dueDate: '2026-03-20', producedAmount: 0, producedPart: 0 })],
    ...overrides,
  });

const ORDERS = [order(12, 'PO-24-0117', { workInProgress: 1 }), order(14, 'PO-24-0120', { company: 'Fjord Water AS', producedPart: 1, producedEnd: '2026-03-09' })];

function serveOrders(rows = ORDERS) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/admin/orders/filter', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ rows, count: rows.length });
    }),
  );
  return bodies;
}

/** The order's own row (an expanded order adds a row holding its items). */
const rowOf = (orderNo: string) => screen.getAllByRole('row', { name: new RegExp(orderNo) })[0]!;

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("admin '/orders' ('New orders')", { timeout: 30_000 }, () => {
  it('asks for page 1 of 10, newest first, and shows progress, client, order number, articles, period and created at', async () => {
    const bodies = serveOrders();
    renderWithProviders(<ProductionOrdersPage />);
    expect(await screen.findByRole('heading', { name: 'New orders' })).toBeInTheDocument();
    await screen.findByText('PO-24-0117');
    expect(bodies[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'createdAt', descending: true } });
    const cells = within(rowOf('PO-24-0117')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['60%', 'Nordic Springs AB', 'PO-24-0117', 'NS-0500, NS-1500', '09.03.2026 ~ 20.03.2026', '02.03.2026 08:15']);
    expect(within(rowOf('PO-24-0120')).getAllByRole('cell').map((cell) => cell.textContent)[5]).toBe('09.03.2026');
    expect(rowOf('PO-24-0117')).toHaveAttribute('data-work-in-progress', 'true');
    expect(rowOf('PO-24-0120')).not.toHaveAttribute('data-work-in-progress');
  });

  it('a row click expands the order to its items with their progress; a second click folds it', async () => {
    serveOrders();
    const user = userEvent.setup();
    renderWithProviders(<ProductionOrdersPage />);
    await user.click(await screen.findByText('PO-24-0117'));
    const items = await screen.findByRole('table', { name: 'Items of PO-24-0117' });
    const rows = within(items).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['NS-0500', 'Spring Water 0.5 L', '09.03.2026', '80,000', '48,000', '60%'],
      ['NS-1500', 'Spring Water 1.5 L', '20.03.2026', '80,000', '0', '0%'],
    ]);
    expect(screen.getByRole('button', { name: 'Items of PO-24-0117' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('PO-24-0117'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Items of PO-24-0117' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it("the keyboard opens and closes an order's items with its 'Items of' button (Enter)", async () => {
    serveOrders();
    const user = userEvent.setup();
    renderWithProviders(<ProductionOrdersPage />);
    const button = await screen.findByRole('button', { name: 'Items of PO-24-0117' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table', { name: 'Items of PO-24-0117' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it("'Download PDF' is disabled until orders are selected, then posts their ids and saves the server's file", async () => {
    serveOrders();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/orders/download', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="PO-261122.pdf"' },
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductionOrdersPage />);
    await screen.findByText('PO-24-0117');
    const download = screen.getByRole('button', { name: 'Download PDF' });
    expect(download).toBeDisabled();
    await user.click(within(rowOf('PO-24-0117')).getByRole('checkbox'));
    await user.click(within(rowOf('PO-24-0120')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['PO-261122.pdf']));
    expect(bodies).toEqual([{ orderIds: [12, 14] }]);
  });

  it('a failed download says why; a failed load offers Retry', async () => {
    let failures = 1;
    server.use(
      http.post('*/api/admin/orders/filter', () =>
        failures-- > 0 ? HttpResponse.json({ title: 'Unavailable', status: 503, detail: 'The database is not reachable.' }, { status: 503 }) : HttpResponse.json({ rows: ORDERS, count: 2 }),
      ),
      http.post('*/api/admin/orders/download', () => HttpResponse.json({ title: 'Not Found', status: 404, detail: 'Production order not found.' }, { status: 404, headers: { 'Content-Type': 'application/problem+json' } })),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductionOrdersPage />);
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(within(await screen.findByRole('row', { name: /PO-24-0117/ })).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Production order not found.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe("admin '/orders' Export", { timeout: 30_000 }, () => {
  it("exports every client's orders in the list's sort as Excel, under the server's file name", async () => {
    serveOrders();
    const bodies = serveExport('admin/orders/export', 'production-orders.xlsx');
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithProviders(<ProductionOrdersPage />);
    await screen.findByText('PO-24-0117');
    await exportAs(user, 'Excel');
    await waitFor(() => expect(saved).toEqual(['production-orders.xlsx']));
    expect(bodies).toEqual([{ format: 'xlsx', sortBy: 'createdAt', descending: true }]);
  });
});
