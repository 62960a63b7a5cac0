import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { lotFixture, stockFixture } from './lots.fixtures';
import { renderLots } from './renderLots.test-utils';

describe('/lots/stock: the preform stock by lot', { timeout: 30_000 }, () => {
  it('shows per preform and warehouse the ledger balance, what the open lots hold (oldest first) and what no lot explains; filters by warehouse', async () => {
    const tallinn = { ...stockFixture(lotFixture({ id: 11, preformWarehouseId: 3, PreformWarehouse: { id: 3, warehouseName: 'Tallinn' } })), currentStock: 5000, inLots: 0, unlotted: 5000, lots: [] };
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/:role/lots/stock/get', async ({ request }) => {
        const body = (await request.json()) as { preformWarehouseId?: number };
        bodies.push(body);
        return HttpResponse.json({ rows: body.preformWarehouseId === 3 ? [tallinn] : [stockFixture(), tallinn] });
      }),
    );
    const user = userEvent.setup();
    renderLots('/lots/stock', 'operator');
    expect(await screen.findByRole('heading', { name: 'Stock by lot' })).toBeInTheDocument();
    const riga = within(await screen.findByRole('row', { name: /Riga North/ }));
    for (const text of ['210,000', '200,000', '10,000']) expect(riga.getByText(text)).toBeInTheDocument();
    const links = riga.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['RB-2603-114 · Retal Baltic Films · delivered 16.03.2026', 'Lot 9 (no lot number) · Alpla Preform Centre · delivered 24.03.2026']);
    expect(links[0]).toHaveAttribute('href', '/lots/7');
    await user.click(screen.getByLabelText('Warehouse', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Tallinn' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Riga North/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Tallinn/ })).toHaveTextContent('5,000');
    expect(bodies).toContainEqual({ preformWarehouseId: 3 });
  });
});
