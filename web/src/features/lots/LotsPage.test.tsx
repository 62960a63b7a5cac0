import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Lot, StaffLotsGetLotsBody } from '@generated/model';
import { lotFixture, stockFixture } from './lots.fixtures';
import { renderLots } from './renderLots.test-utils';

/** Serves the lots list (the given rows, whatever the filters) and the stock by lot; returns the list bodies per role. */
function serveLots(rows: Lot[]) {
  const calls: { role: string; body: StaffLotsGetLotsBody }[] = [];
  server.use(
    http.post('*/api/:role/lots/get', async ({ request, params }) => {
      calls.push({ role: String(params.role), body: (await request.json()) as StaffLotsGetLotsBody });
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post('*/api/:role/lots/stock/get', () => HttpResponse.json({ rows: [stockFixture(), { ...stockFixture(), preformWarehouseId: 2, PreformWarehouse: { id: 2, warehouseName: 'Tallinn' } }] })),
    http.post('*/api/admin/manufacturers/get', () =>
      HttpResponse.json({ rows: [{ id: 1, manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14, boxQtyPerTruck: 26, version: 0 }], count: 1 }),
    ),
  );
  return calls;
}

const LOTS = [lotFixture(), lotFixture({ id: 9, supplierLotNumber: null, deliveryDate: '2026-03-24', quantity: 40000, consumed: 40000, remaining: 0, state: 'usedUp', Manufacturer: { id: 2, manufacturerName: 'Alpla Preform Centre' } })];

describe('/lots: the preform lots', { timeout: 30_000 }, () => {
  it('asks for the open lots, newest delivery first, 20 a page, and shows lot, preform, warehouse, supplier, delivery, quantities and state', async () => {
    const calls = serveLots(LOTS);
    renderLots('/lots');
    expect(await screen.findByRole('heading', { name: 'Preform lots' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /RB-2603-114/ });
    for (const text of ['PET 28g PCO1810 Clear', 'Riga North', 'Retal Baltic Films', '16.03.2026', '250,000', '160,000', 'Open']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('row', { name: /Lot 9 \(no lot number\)/ })).getByText('Used up')).toBeInTheDocument();
    expect(calls[0]).toEqual({ role: 'admin', body: { state: 'open', pagination: { page: 1, rowsPerPage: 20, sortBy: 'deliveryDate', descending: true } } });
  });

  it('filters by the supplier lot number, warehouse, supplier and state, each from page 1', async () => {
    const calls = serveLots(LOTS);
    const user = userEvent.setup();
    renderLots('/lots');
    await screen.findByRole('row', { name: /RB-2603-114/ });
    await user.type(screen.getByRole('textbox', { name: 'Supplier lot number' }), 'RB-26');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ supplierLotNumber: 'RB-26', state: 'open' }));
    await user.click(screen.getByLabelText('Warehouse', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Tallinn' }));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ supplierLotNumber: 'RB-26', preformWarehouseId: 2 }));
    await user.click(screen.getByLabelText('Supplier', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Retal Baltic Films' }));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ manufacturerId: 1 }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)!.body).not.toHaveProperty('state'));
    expect(calls.at(-1)!.body.pagination.page).toBe(1);
  });

  it('a click on a row opens its lot', async () => {
    serveLots(LOTS);
    const user = userEvent.setup();
    const router = renderLots('/lots');
    const row = await screen.findByRole('row', { name: /RB-2603-114/ });
    // the lot is a real link (open in a new tab, copy the address)
    expect(within(row).getByRole('link', { name: 'Lot RB-2603-114' })).toHaveAttribute('href', '/lots/7');
    await user.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lots/7'));
  });

  it('Enter on a focused row opens its lot', async () => {
    serveLots(LOTS);
    const user = userEvent.setup();
    const router = renderLots('/lots');
    await screen.findByRole('row', { name: /RB-2603-114/ });
    screen.getByRole('row', { name: /Lot 9 \(no lot number\)/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lots/9'));
  });

  it('the operator calls as operator and has no supplier filter (the manufacturers are the admin’s)', async () => {
    const calls = serveLots(LOTS);
    renderLots('/lots', 'operator');
    await screen.findByRole('row', { name: /RB-2603-114/ });
    expect(calls[0]!.role).toBe('operator');
    expect(screen.queryByLabelText('Supplier', { selector: 'input' })).not.toBeInTheDocument();
  });
});
