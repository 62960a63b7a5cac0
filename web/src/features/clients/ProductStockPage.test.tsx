import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { ClientSummary } from '@generated/model';
import { BALTIC, NORDIC, nordicSummary, stockRowFixture } from './clientInventory.fixtures';
import { renderClientInventoryAt } from './clientInventory.test-utils';
// The page loads its dialog lazily; loading it up front keeps the tests within their time.
import './AdjustBalanceDialog';

const MARCH = stockRowFixture();
const APRIL = stockRowFixture({ id: 302, unitPrice: 63.2, currentStock: 1500, increaseStock: null, decreaseStock: 500, scrapAmount: 0, priceValidTo: '2026-04-30', version: 1 });

function serveStock(client: ClientSummary = nordicSummary) {
  const bodies = { lists: [] as unknown[], saves: [] as unknown[] };
  server.use(
    http.post('*/api/admin/client/products/stock/details/get', async ({ request }) => {
      bodies.lists.push(await request.json());
      return HttpResponse.json({
        product: { id: 21, productName: 'Spring Water 0.5 L', articleNo: 'NS-0500', clientId: NORDIC },
        client,
        rows: [APRIL, MARCH],
        count: 2,
      });
    }),
    http.post('*/api/admin/client/products/stock/details/save', async ({ request }) => {
      bodies.saves.push(await request.json());
      return HttpResponse.json({ ...APRIL, currentStock: 1200, version: 2 });
    }),
  );
  return bodies;
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('/clients/{clientid}/productstock/{id}', { timeout: 60_000 }, () => {
  it('shows the breadcrumb and unit price @1k, current stock, latest stock change (red decrease, green increase), scrap, price until; 10 per page', async () => {
    const api = serveStock();
    renderClientInventoryAt(`/clients/${NORDIC}/productstock/21`);
    const march = within(await screen.findByRole('row', { name: /31\.03\.2026/ }));
    for (const text of ['61.40', '84,000', '350']) expect(march.getByText(text)).toBeInTheDocument();
    expect(march.getByText('+12,000')).toHaveStyle({ color: 'var(--mantine-color-green-text)' });
    const april = within(rowOf('30\\.04\\.2026'));
    expect(april.getByText('−500')).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(screen.getByRole('link', { name: 'Nordic Springs AB' })).toHaveAttribute('href', `/clients/${NORDIC}`);
    expect(screen.getByRole('heading', { name: 'NS-0500 - Spring Water 0.5 L' })).toBeInTheDocument();
    expect(api.lists[0]).toEqual({ id: 21, pagination: { page: 1, rowsPerPage: 10, sortBy: 'priceValidTo', descending: true } });
  });

  it("a click on the current stock opens 'Adjust balance' with the hint 'Minimum stock level - 0'; below 0 is refused without sending", async () => {
    const api = serveStock();
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}/productstock/21`);
    await user.click(await screen.findByRole('button', { name: 'Adjust balance 1,500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust balance' }, { timeout: 8000 });
    expect(within(dialog).getByText('Minimum stock level - 0')).toBeInTheDocument();
    const input = within(dialog).getByLabelText(/Current stock/);
    expect(input).toHaveValue('1,500');
    await user.clear(input);
    await user.type(input, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minimum stock level - 0!')).toBeInTheDocument();
    expect(api.saves).toEqual([]);
    await user.clear(input);
    await user.type(input, '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves).toEqual([{ stock: { id: 302, currentStock: 1200, version: 1 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust balance' })).not.toBeInTheDocument());
    expect(await screen.findByText('Stock balance adjusted.')).toBeInTheDocument();
    await waitFor(() => expect(api.lists.length).toBeGreaterThan(1)); // the list reloads
  });

  it('a failed save keeps the dialog open and says why', async () => {
    serveStock();
    server.use(
      http.post('*/api/admin/client/products/stock/details/save', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'Someone else changed this stock meanwhile.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}/productstock/21`);
    await user.click(await screen.findByRole('button', { name: 'Adjust balance 84,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust balance' }, { timeout: 8000 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this stock meanwhile.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adjust balance' })).toBeInTheDocument();
  });

  it("'Adjust balance' is disabled for a buyer-type client and its tooltip says why; a click opens nothing and sends nothing", async () => {
    const api = serveStock({ id: BALTIC, company: 'Baltic Beverages SIA', fbs: [], clientType: '1' });
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${BALTIC}/productstock/21`);
    const button = await screen.findByRole('button', { name: 'Adjust balance 1,500' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Buyer-type client: its stock cannot be adjusted; only prices can be edited.');
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Adjust balance' })).not.toBeInTheDocument();
    expect(api.saves).toEqual([]);
  });

  it("a refusal (403) shows the server's reason, not a generic text", async () => {
    serveStock();
    const reason = 'Nordic Springs AB is a buyer-type client: stock cannot be edited for it; only prices can.';
    server.use(
      http.post('*/api/admin/client/products/stock/details/save', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403, detail: reason }, { status: 403, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}/productstock/21`);
    expect(await screen.findByRole('button', { name: 'Adjust balance 1,500' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: 'Adjust balance 1,500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust balance' }, { timeout: 8000 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(within(dialog).queryByText('Your account may not do this.')).not.toBeInTheDocument();
  });
});
