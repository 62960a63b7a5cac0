import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { captureDownloads } from '../downtime/downtime.test-utils';
import { exportAs, serveExport } from '../../test/exports.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import WarehouseStockPage from './WarehouseStockPage';

afterEach(() => vi.restoreAllMocks());

function renderWarehouse(id: number) {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/warehouses/stock/$id', component: WarehouseStockPage })]),
    history: createMemoryHistory({ initialEntries: [`/warehouses/stock/${id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe("admin '/warehouses/stock/{id}' Export", { timeout: 30_000 }, () => {
  it("exports the warehouse's stock in the list's current sort", async () => {
    const list: { pagination: { sortBy: string; descending: boolean } }[] = [];
    server.use(
      http.post('*/api/admin/preformstock/get', async ({ request }) => {
        list.push((await request.json()) as (typeof list)[number]);
        return HttpResponse.json({
          warehouse: { id: 3, warehouseName: 'Riga North', clientProductCount: 1 },
          rows: [
            {
              preformId: 9, preformWarehouseId: 3, Preform: { preformName: 'PET 28g Clear', material: 'PET', color: 'Clear' },
              PreformWarehouse: { warehouseName: 'Riga North' }, currentStock: 100, orderAmount: 50, futureBalance: 50,
            },
          ],
          count: 1,
        });
      }),
    );
    const bodies = serveExport('admin/preformstock/export', 'preform-stock-3.csv');
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWarehouse(3);
    await screen.findByText('PET 28g Clear');
    await user.click(screen.getByText('Preform'));
    await waitFor(() => expect(list.at(-1)?.pagination.sortBy).toBe('preformName'));
    const { descending } = list.at(-1)!.pagination;
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['preform-stock-3.csv']));
    expect(bodies).toEqual([{ preformWarehouseId: 3, format: 'csv', sortBy: 'preformName', descending }]);
  });

  it('speaks Swedish, with Swedish numbers', async () => {
    await speakLocale('sv');
    server.use(
      http.post('*/api/admin/preformstock/get', () =>
        HttpResponse.json({
          warehouse: { id: 3, warehouseName: 'Riga North', clientProductCount: 1 },
          rows: [
            {
              preformId: 9, preformWarehouseId: 3, Preform: { preformName: 'PET 28g Clear', material: 'PET', color: 'Clear' },
              PreformWarehouse: { warehouseName: 'Riga North' }, currentStock: 12500, orderAmount: 50, futureBalance: 12450,
            },
          ],
          count: 1,
        }),
      ),
    );
    renderWarehouse(3);
    await screen.findByText('PET 28g Clear');
    expect(screen.getByRole('link', { name: 'Preformlager' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fyll på lager' })).toBeDisabled();
    expect(screen.getByText('Framtida saldo')).toBeInTheDocument();
    expect(screen.getByText((_content, element) => element?.tagName === 'TD' && plainSpaces(element.textContent ?? '') === '12 500')).toBeInTheDocument();
  });
});
