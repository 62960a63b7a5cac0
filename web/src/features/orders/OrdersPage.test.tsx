import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { orderFixture } from '../../test/orders.fixtures';
import { renderOrders } from './renderOrders.test-utils';
import { captureDownloads } from '../downtime/downtime.test-utils';
import { exportAs, serveExport, tooManyRows } from '../../test/exports.test-utils';

const order = orderFixture;

const ORDERS = [
  order({
    id: 12,
    orderNo: 'PO-24-0117',
    producedPart: 0.6,
    producedArticles: 'NS-0500,NS-1500',
    workInProgress: 1,
    createdAt: '2026-03-02T08:15:00Z',
  }),
  order({ id: 14, orderNo: 'PO-24-0090', producedPart: 1, producedArticles: 'NS-0500', hasInvoice: true, createdAt: '2026-02-11T10:00:00Z' }),
  order({ id: 15, orderNo: 'PO-24-0121', producedArticles: 'NS-1500', createdAt: '2026-03-30T10:02:00Z' }),
];

/** Serves the list and returns the bodies it received. */
function serveOrders(rows = ORDERS) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/client/orders/filter', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ rows, count: rows.length });
    }),
  );
  return bodies;
}

const row = (orderNo: string) => screen.getByRole('row', { name: new RegExp(orderNo) });
const select = (orderNo: string) => within(row(orderNo)).getByRole('checkbox');

describe("client '/orders' Weekly order list", { timeout: 30_000 }, () => {
  it('asks for createdAt descending, 20 per page, and shows Progress (ring and percentage), Order number, Articles, Created at', async () => {
    const bodies = serveOrders();
    renderOrders('/orders');
    expect(await screen.findByRole('heading', { name: 'Weekly order list' })).toBeInTheDocument();
    await screen.findByText('PO-24-0117');
    expect(bodies[0]).toEqual({ pagination: { page: 1, rowsPerPage: 20, sortBy: 'createdAt', descending: true } });
    const header = within(screen.getAllByRole('rowgroup')[0]!);
    for (const title of ['Progress', 'Order number', 'Articles', 'Created at']) expect(header.getByText(title)).toBeInTheDocument();
    const first = within(row('PO-24-0117'));
    expect(first.getByLabelText('Progress 60%')).toHaveTextContent('60%');
    expect(first.getByText('NS-0500, NS-1500')).toBeInTheDocument();
    expect(first.getByText('02.03.2026')).toBeInTheDocument();
    expect(within(row('PO-24-0090')).getByText('100%')).toBeInTheDocument();
  });

  it('highlights the rows with workInProgress equal to 1 only', async () => {
    serveOrders();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    expect(row('PO-24-0117')).toHaveAttribute('data-work-in-progress', 'true');
    expect(row('PO-24-0117')).toHaveAttribute('title', 'In production now');
    expect(row('PO-24-0117').style.backgroundColor).toBe('var(--mantine-color-yellow-light)');
    expect(row('PO-24-0121').style.backgroundColor).toBe('');
    expect(row('PO-24-0121')).not.toHaveAttribute('data-work-in-progress');
  });

  it('offers 20, 50 and 100 rows per page and asks again from page 1', async () => {
    const bodies = serveOrders();
    const user = userEvent.setup();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    await user.click(screen.getByRole('button', { name: '20' }));
    const sizes = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(sizes).toEqual(['20', '50', '100']);
    await user.click(screen.getByRole('menuitem', { name: '50' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pagination: { page: 1, rowsPerPage: 50, sortBy: 'createdAt', descending: true } }));
  });

  it('Delete is disabled when nothing is selected or any selected order has an invoice', async () => {
    serveOrders();
    const user = userEvent.setup();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(select('PO-24-0117'));
    expect(remove).toBeEnabled();
    await user.click(select('PO-24-0090'));
    expect(remove).toBeDisabled();
    await user.click(select('PO-24-0090'));
    expect(remove).toBeEnabled();
  });

  it('Delete asks first, sends the selected order ids only on Delete, and reloads the list', async () => {
    const bodies = serveOrders();
    const deleted: unknown[] = [];
    server.use(
      http.post('*/api/client/orders/delete', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    await user.click(select('PO-24-0117'));
    await user.click(select('PO-24-0121'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete orders' });
    expect(within(confirm).getByText('Are you sure you want to delete these 2 orders?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    const loads = bodies.length;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete orders' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([{ orderIds: [12, 15] }]));
    expect(await screen.findByText('2 orders deleted.')).toBeInTheDocument();
    await waitFor(() => expect(bodies.length).toBeGreaterThan(loads));
  });

  it('says why when the server refuses the delete, and keeps the selection', async () => {
    serveOrders();
    server.use(
      http.post('*/api/client/orders/delete', () =>
        HttpResponse.json(
          { title: 'Conflict', status: 409, detail: 'An order with an invoice cannot be deleted.' },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    await user.click(select('PO-24-0121'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete orders' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An order with an invoice cannot be deleted.')).toBeInTheDocument();
    expect(select('PO-24-0121')).toBeChecked();
  });

  it('New goes to /orders/new; a row click, or Enter on a focused row, opens /orders/{id}', async () => {
    serveOrders();
    const user = userEvent.setup();
    const router = renderOrders('/orders');
    // the order number is a real link (open in a new tab, copy the address)
    expect(within(await screen.findByRole('row', { name: /PO-24-0121/ })).getByRole('link', { name: 'Order PO-24-0121' })).toHaveAttribute('href', '/orders/15');
    await user.click(await screen.findByText('PO-24-0121'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/15'));
    await router.navigate({ to: '/orders' });
    await screen.findByText('PO-24-0090');
    row('PO-24-0090').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/14'));
    await router.navigate({ to: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/new'));
  });

  it('an empty list says how to start; a failed load says why and retries', async () => {
    let fail = true;
    server.use(
      http.post('*/api/client/orders/filter', () =>
        fail
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'The database is not reachable.' }, { status: 500 })
          : HttpResponse.json({ rows: [], count: 0 }),
      ),
    );
    const user = userEvent.setup();
    renderOrders('/orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not reachable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders yet. Use New to place one.')).toBeInTheDocument();
  });
});

/** A phone's screen (390 px): no `min-width` media query matches, as on a screen below Mantine's `sm`. */
function onAPhone() {
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = wide;
  });
}

describe("client '/orders' on a phone", { timeout: 30_000 }, () => {
  it("shows each order as a card with its progress, number, Articles and Created at, highlighted when in production", async () => {
    serveOrders();
    onAPhone();
    renderOrders('/orders');
    const card = (await screen.findByText('PO-24-0117')).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Progress 60%')).toBeInTheDocument();
    expect(within(card).getByText('Articles')).toBeInTheDocument();
    expect(within(card).getByText('NS-0500, NS-1500')).toBeInTheDocument();
    expect(within(card).getByText('Created at')).toBeInTheDocument();
    expect(within(card).getByText('02.03.2026')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-work-in-progress', 'true');
    expect(within(card).getByText('In production now')).toBeInTheDocument();
    expect(screen.getByText('PO-24-0121').closest('li')).not.toHaveAttribute('data-work-in-progress');
  });

  it('a card opens its order; its checkbox selects it for Delete, which an invoiced order blocks', async () => {
    serveOrders();
    onAPhone();
    const user = userEvent.setup();
    const router = renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select order PO-24-0121' }));
    expect(remove).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select order PO-24-0090' }));
    expect(remove).toBeDisabled();
    expect(screen.getByText('PO-24-0121').closest('a')).toHaveAttribute('href', '/orders/15');
    await user.click(screen.getByText('PO-24-0121'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/15'));
  });
});

describe("client '/orders' Export", { timeout: 30_000 }, () => {
  it('exports the list in its current sort as CSV or Excel, and says why when the server refuses', async () => {
    const list = serveOrders();
    const bodies = serveExport('client/orders/export', 'orders.csv');
    const saved = captureDownloads();
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const user = userEvent.setup();
    renderOrders('/orders');
    await screen.findByText('PO-24-0117');
    await user.click(screen.getByText('Order number'));
    await waitFor(() => expect(list.at(-1)).toMatchObject({ pagination: { sortBy: 'orderNo' } }));
    const { descending } = (list.at(-1) as { pagination: { descending: boolean } }).pagination;
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['orders.csv']));
    expect(bodies).toEqual([{ format: 'csv', sortBy: 'orderNo', descending }]);

    serveExport('client/orders/export', 'orders.xlsx', tooManyRows);
    await exportAs(user, 'Excel');
    expect(await screen.findByText(/an export carries at most 100000/)).toBeInTheDocument();
    expect(saved).toEqual(['orders.csv']);
  });
});
