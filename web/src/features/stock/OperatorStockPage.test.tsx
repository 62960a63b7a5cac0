import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { PreformStockRow } from '@generated/model';
import OperatorStockPage from './OperatorStockPage';
import { captureDownloads } from '../downtime/downtime.test-utils';
import { exportAs, serveExport } from '../../test/exports.test-utils';

const row = (preformId: number, preformName: string, currentStock: number | null, orderAmount: number | null): PreformStockRow => ({
  preformId,
  preformWarehouseId: 1,
  Preform: { preformName, material: 'PET', color: 'Clear' },
  PreformWarehouse: { warehouseName: 'Riga North' },
  currentStock,
  orderAmount,
  futureBalance: currentStock == null && orderAmount == null ? null : (currentStock ?? 0) - (orderAmount ?? 0),
});
/** Preforms 1..n, preform k with an order amount of k × 1,000 (so the largest number is listed first). */
const numberedRows = (n: number) => Array.from({ length: n }, (_, index) => row(index + 1, `Preform ${index + 1}`, 1000, (index + 1) * 1000));

const ROWS = [
  row(1, 'Small need', 5000, 1000),
  row(2, 'Big need', 180000, 236500),
  row(3, 'Nothing yet', null, null),
];

type Body = { pagination?: { page: number; rowsPerPage: number; sortBy?: string; descending?: boolean }; after?: string };

/**
 * The API's answer: the requested page, orderAmount descending (nulls last); with `after`, the rows after the row
 * that cursor names (the page number then only names the page). Each full page answers its last row's cursor.
 */
function serve(rows = ROWS) {
  const bodies: Body[] = [];
  server.use(
    http.post('*/api/operator/preformstock/get', async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      const { page = 1, rowsPerPage = 10 } = body.pagination ?? {};
      const sorted = [...rows].sort((a, b) => (b.orderAmount ?? -Infinity) - (a.orderAmount ?? -Infinity));
      const start = body.after === undefined ? (page - 1) * rowsPerPage : Number(body.after.replace('after-row-', '')) + 1;
      const slice = sorted.slice(start, start + rowsPerPage);
      const nextCursor = slice.length === rowsPerPage ? `after-row-${start + rowsPerPage - 1}` : null;
      return HttpResponse.json({ rows: slice, count: rows.length, nextCursor });
    }),
  );
  return { loads: () => bodies.length, bodies };
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const fillButton = () => screen.getByRole('button', { name: 'Fill stock' });

describe("operator '/stock'", { timeout: 30_000 }, () => {
  it('lists Preform, Material, Color, Future balance, Order amount and Preform stock, order amount descending, with thousands separators', async () => {
    const list = serve();
    renderWithProviders(<OperatorStockPage />);
    await screen.findByText('Big need');
    expect(list.bodies[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'orderAmount', descending: true } });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Preform', 'Material', 'Color', 'Future balance', 'Order amount', 'Preform stock',
    ]);
    // the Preform cell names the preform and, on a second line, its warehouse (rows of every warehouse)
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Big needRiga North', 'Small needRiga North', 'Nothing yetRiga North']);
    const big = within(rowOf('Big need'));
    expect(big.getByText('-56,500')).toBeInTheDocument();
    expect(big.getByText('236,500')).toBeInTheDocument();
    expect(big.getByText('180,000')).toBeInTheDocument();
    // blank future balance when both numbers are missing
    expect(within(rowOf('Nothing yet')).getAllByRole('cell')[3]).toHaveTextContent(/^$/);
  });

  it('shows a negative future balance in red and no column is sortable', async () => {
    serve();
    renderWithProviders(<OperatorStockPage />);
    const negative = await screen.findByText('-56,500');
    expect(negative).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(within(rowOf('Small need')).getByText('4,000')).not.toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    for (const header of screen.getAllByRole('columnheader')) expect(header).not.toHaveAttribute('aria-sort');
  });

  it('a row click selects it alone, the same row again deselects; Fill stock needs exactly one selected row', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await screen.findByText('Big need');
    expect(fillButton()).toBeDisabled();
    await user.click(screen.getByText('Big need'));
    expect(rowOf('Big need')).toHaveAttribute('aria-selected', 'true');
    expect(fillButton()).toBeEnabled();
    await user.click(screen.getByText('Small need'));
    expect(rowOf('Small need')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('Big need')).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByText('Small need'));
    expect(bodyRows().every((r) => r.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(fillButton()).toBeDisabled();
  });

  it('the persistent Fill preform stock dialog validates on touch and sends nothing while invalid', async () => {
    serve();
    let saves = 0;
    server.use(http.post('*/api/operator/preform/stock/save', () => { saves++; return HttpResponse.json(ROWS[1]); }));
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await user.click(await screen.findByText('Big need'));
    await user.click(fillButton());
    const dialog = await screen.findByRole('dialog', { name: 'Fill preform stock' });
    const input = within(dialog).getByLabelText(/Preform stock/);
    expect(input).toHaveStyle({ textAlign: 'right' });

    await user.click(input);
    await user.tab();
    expect(await within(dialog).findByText('Field is required.')).toBeInTheDocument();
    await user.type(input, '12a');
    await user.tab();
    expect(await within(dialog).findByText('Field has to be a number.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '10000001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field has to be between -10,000,000 and 10,000,000.')).toBeInTheDocument();
    expect(saves).toBe(0);

    // persistent: Escape does not close it
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Fill preform stock' })).toBeInTheDocument();
    // its validation state resets when it hides
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(fillButton());
    const again = await screen.findByRole('dialog', { name: 'Fill preform stock' });
    expect(within(again).getByLabelText(/Preform stock/)).toHaveValue('');
    expect(within(again).queryByText(/Field/)).not.toBeInTheDocument();
  });

  it('saves the trimmed amount with method increase, closes, reloads the table and clears the selection', async () => {
    const list = serve();
    let sent: unknown;
    server.use(
      http.post('*/api/operator/preform/stock/save', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ROWS[1]);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await user.click(await screen.findByText('Big need'));
    await user.click(fillButton());
    const dialog = await screen.findByRole('dialog', { name: 'Fill preform stock' });
    await user.type(within(dialog).getByLabelText(/Preform stock/), '  -1200.5 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ preformId: 2, preformWarehouseId: 1, preformStock: -1200.5, method: 'increase' });
    await waitFor(() => expect(list.loads()).toBe(2));
    await waitFor(() => expect(fillButton()).toBeDisabled());
    expect(bodyRows().every((r) => r.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('a failed save keeps the dialog open with the input and says why', async () => {
    serve();
    server.use(
      http.post('*/api/operator/preform/stock/save', () =>
        HttpResponse.json({ title: 'Conflict', status: 409, detail: 'The stock of this preform would go below zero.' }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await user.click(await screen.findByText('Big need'));
    await user.click(fillButton());
    const dialog = await screen.findByRole('dialog', { name: 'Fill preform stock' });
    await user.type(within(dialog).getByLabelText(/Preform stock/), '-999999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The stock of this preform would go below zero.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Fill preform stock' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Preform stock/)).toHaveValue('-999999');
  });

  it('shows 10 rows a page and clears the selection when another page loads', async () => {
    const many = numberedRows(12);
    const list = serve(many);
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await screen.findByText('Preform 12');
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByText('Preform 12'));
    expect(fillButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Preform 1')).toBeInTheDocument();
    expect(list.bodies.at(-1)?.pagination?.page).toBe(2);
    expect(bodyRows()).toHaveLength(2);
    expect(fillButton()).toBeDisabled();
  });

  it('next and previous continue by the cursor of the page before; a jump to a page no cursor leads to goes by number', async () => {
    // 55 rows, Preform 55 (largest order amount) first: page 1 is 55..46, page 2 is 45..36, page 6 is 5..1
    const many = numberedRows(55);
    const list = serve(many);
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await screen.findByText('Preform 55');
    expect(list.bodies[0]).not.toHaveProperty('after');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Preform 45')).toBeInTheDocument();
    expect(list.bodies.at(-1)).toEqual({ pagination: { page: 2, rowsPerPage: 10, sortBy: 'orderAmount', descending: true }, after: 'after-row-9' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Preform 35')).toBeInTheDocument();
    expect(list.bodies.at(-1)).toMatchObject({ pagination: { page: 3 }, after: 'after-row-19' });

    // previous: page 2 again, by the cursor kept from page 1
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Preform 45')).toBeInTheDocument();
    await waitFor(() => expect(list.bodies.at(-1)).toMatchObject({ pagination: { page: 2 }, after: 'after-row-9' }));
    expect(bodyRows()).toHaveLength(10);

    // page 6 is no neighbour of a page seen: by number; the rows are the same the cursor would give
    await user.click(screen.getByRole('button', { name: '6' }));
    expect(await screen.findByText('Preform 5')).toBeInTheDocument();
    expect(list.bodies.at(-1)).toEqual({ pagination: { page: 6, rowsPerPage: 10, sortBy: 'orderAmount', descending: true } });
    expect(bodyRows()).toHaveLength(5);
    expect(list.bodies.every((body) => body.after === undefined || body.pagination!.page > 1)).toBe(true);
  });

  it('says why a load failed and retries', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/operator/preformstock/get', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable.' }, { status: 500 })
          : HttpResponse.json({ rows: ROWS, count: 3 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Big need')).toBeInTheDocument();
  });
});

describe("operator '/stock' Export", { timeout: 30_000 }, () => {
  it("exports every warehouse's stock in the list's order", async () => {
    serve();
    const bodies = serveExport('operator/preformstock/export', 'preform-stock.csv');
    const saved = captureDownloads();
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const user = userEvent.setup();
    renderWithProviders(<OperatorStockPage />);
    await screen.findByText('Big need');
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['preform-stock.csv']));
    expect(bodies).toEqual([{ format: 'csv', sortBy: 'orderAmount', descending: true }]);
  });
});
