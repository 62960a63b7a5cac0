import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { ClientSummary } from '@generated/model';
import { NORDIC, nordicSummary, productFixture } from './clientInventory.fixtures';
import { renderClientInventoryAt } from './clientInventory.test-utils';
import { nextMonthPeriod } from './PricesDialog';
// The page loads its dialogs lazily; loading them up front keeps the tests within their time.
import './PricesDialog';
import './ReclassificationDialog';
import './ClientDetailsDialog';
import './ProductDialog';
import './BuyersDialog';
import { ORDINARY_WEDNESDAY, pinClock } from '../../test/clock.test-utils';
import { enterText } from '../../test/render.test-utils';

const WATER = productFixture();
const SODA = productFixture({ id: 22, productName: 'Sparkling 1.5 L', articleNo: 'NS-1500', machineNames: 'FB-07', currentStock: 0, currentPrice: null });

function servePortfolio(client: ClientSummary = nordicSummary) {
  const bodies: Record<string, unknown[]> = { products: [], deleted: [], prices: [], reclassified: [], details: [] };
  server.use(
    http.post('*/api/admin/client/products/get', async ({ request }) => {
      bodies.products.push(await request.json());
      return HttpResponse.json({ client, rows: [WATER, SODA], count: 2 });
    }),
    http.post('*/api/admin/client/products/delete', async ({ request }) => {
      bodies.deleted.push(await request.json());
      return HttpResponse.json({ ok: true });
    }),
    http.post('*/api/admin/client/product/prices/get', () => HttpResponse.json({ rows: [], currentPrice: null })),
    http.post('*/api/admin/client/details/get', () => HttpResponse.json({ info: null, language: 'en' })),
  );
  return bodies;
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const select = (name: string) => within(row(name)).getByRole('checkbox');

/** Opens the portfolio, selects Spring Water 0.5 L alone and picks `item` of the Action menu; answers its (lazy) dialog. */
async function openAction(user: ReturnType<typeof userEvent.setup>, item: string, dialog: string) {
  renderClientInventoryAt(`/clients/${NORDIC}`);
  await screen.findByText('Sparkling 1.5 L');
  await user.click(select('Spring Water'));
  await user.click(screen.getByRole('button', { name: 'Action' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: dialog }, { timeout: 8000 });
}

describe('/clients/{id} client portfolio', { timeout: 60_000 }, () => {
  // Any ordinary day: a new price proposes next month and the list says which price is valid today, whichever day that is.
  pinClock(ORDINARY_WEDNESDAY);
  it('shows the breadcrumb, the company and Machine IDs, Title, Article no., Preform, Current price @1k, Bottle stock; productName ascending, 20 per page', async () => {
    const bodies = servePortfolio();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    const water = within(await screen.findByRole('row', { name: /Spring Water 0.5 L/ }));
    for (const text of ['NS-0500', 'PCO1810 - PET 28g 28 g - PET - Clear', '€61.40', '84,000']) expect(water.getByText(text)).toBeInTheDocument();
    // FB-04 is the client's machine (blue), FB-09 is not (red).
    expect(water.getByText('FB-04').closest('[title]')).toHaveAttribute('title', 'Assigned to the client');
    expect(water.getByText('FB-09').closest('[title]')).toHaveAttribute('title', 'Not assigned to the client');
    expect(screen.getByRole('heading', { name: 'Nordic Springs AB' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client inventory' })).toHaveAttribute('href', '/clients');
    expect(bodies.products[0]).toEqual({ clientId: NORDIC, pagination: { page: 1, rowsPerPage: 20, sortBy: 'productName', descending: false } });
  });

  it('the Action menu needs exactly one selected row; Delete selected asks before deleting', async () => {
    const bodies = servePortfolio();
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    await screen.findByText('Sparkling 1.5 L');
    const action = screen.getByRole('button', { name: 'Action' });
    const remove = screen.getByRole('button', { name: 'Delete selected' });
    expect(action).toBeDisabled();
    expect(remove).toBeDisabled();
    await user.click(select('Spring Water'));
    expect(action).toBeEnabled();
    await user.click(select('Sparkling'));
    expect(action).toBeDisabled();
    await user.click(remove);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete these 2 items?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies.deleted).toEqual([{ ids: [21, 22] }]));
  });

  it('for a Buyer-type client every editing button is disabled except Prices', async () => {
    servePortfolio({ ...nordicSummary, clientType: '1' });
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    await screen.findByText('Sparkling 1.5 L');
    await user.click(select('Spring Water'));
    expect(screen.getByRole('button', { name: 'Client details' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Action' }));
    expect(await screen.findByRole('menuitem', { name: 'Prices' })).toBeEnabled();
    for (const name of ['Edit', 'Assign Buyers', 'Reclassification']) expect(screen.getByRole('menuitem', { name })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Prices' }));
    expect(await screen.findByRole('dialog', { name: 'Product prices' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('a row click goes to /clients/{clientId}/productstock/{productId}', async () => {
    servePortfolio();
    server.use(http.post('*/api/admin/client/products/stock/details/get', () => HttpResponse.json({ product: { id: 21, productName: 'Spring Water 0.5 L', articleNo: 'NS-0500', clientId: NORDIC }, client: nordicSummary, rows: [], count: 0 })));
    const user = userEvent.setup();
    const router = renderClientInventoryAt(`/clients/${NORDIC}`);
    expect(await screen.findByRole('link', { name: 'Stock of Spring Water 0.5 L' })).toHaveAttribute('href', `/clients/${NORDIC}/productstock/21`);
    await user.click(await screen.findByText('Spring Water 0.5 L'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${NORDIC}/productstock/21`));
  });

  it("'Product prices': a new price proposes next month's full period, needs a unit price, and a refused period keeps the dialog open saying why", async () => {
    servePortfolio();
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/admin/client/product/prices/save', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(
          { type: 'about:blank', title: 'Bad Request', status: 400, errors: [{ field: 'price.validFrom', code: 'overlap', message: 'This period overlaps the price valid from 2026-04-01 to 2026-04-30; a product has one price per day.' }] },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    const dialog = await openAction(user, 'Prices', 'Product prices');
    expect(within(dialog).getByText('No price valid today.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'New price' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Unit price @1k/), '63.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const period = nextMonthPeriod();
    await waitFor(() => expect(saved).toEqual([{ price: { unitPrice: 63.2, ...period, clientProductId: 21, clientId: NORDIC } }]));
    expect(await within(dialog).findByText(/This period overlaps the price valid from 2026-04-01/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Product prices' })).toBeInTheDocument();
  });

  it("'Product reclassification' needs the new product and at most the current stock ('Max Quantity - {max}.')", async () => {
    const bodies = servePortfolio();
    server.use(
      http.post('*/api/admin/client/products/reclasification/save', async ({ request }) => {
        bodies.reclassified.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    const dialog = await openAction(user, 'Reclassification', 'Product reclassification');
    await user.type(within(dialog).getByLabelText(/Quantity/), '90000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Max Quantity - 84000.')).toBeInTheDocument();
    expect(within(dialog).getByText('Field is required.')).toBeInTheDocument(); // the new product
    expect(bodies.reclassified).toEqual([]);
    await user.click(within(dialog).getByLabelText(/New product/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'NS-1500 - Sparkling 1.5 L' }));
    await user.clear(within(dialog).getByLabelText(/Quantity/));
    await user.type(within(dialog).getByLabelText(/Quantity/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies.reclassified).toEqual([{ oldClientProductId: 21, newClientProdcuctId: 22, quantity: 5000 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product reclassification' })).not.toBeInTheDocument());
  });

  it("'Client Details' requires company, address, city, country, billing email and currency, and sends the trimmed details and the company's language", async () => {
    const bodies = servePortfolio();
    const languages: unknown[] = [];
    server.use(
      http.post('*/api/admin/client/details/save', async ({ request }) => {
        bodies.details.push(await request.json());
        return HttpResponse.json({});
      }),
      http.post('*/api/admin/client/language/save', async ({ request }) => {
        languages.push(await request.json());
        return HttpResponse.json({ clientId: NORDIC, language: 'sv' });
      }),
    );
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    await screen.findByText('Sparkling 1.5 L');
    await user.click(screen.getByRole('button', { name: 'Client details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Details' }, { timeout: 8000 });
    expect(await within(dialog).findByLabelText(/Company/)).toHaveValue('Nordic Springs AB');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Field is required.')).toHaveLength(5)); // address, city, country, email, currency
    expect(bodies.details).toEqual([]);
    await enterText(user, within(dialog).getByLabelText(/Address/), ' Källvägen 12 ');
    await enterText(user, within(dialog).getByLabelText(/City/), 'Jönköping');
    await enterText(user, within(dialog).getByLabelText(/Country/), 'Sweden');
    await enterText(user, within(dialog).getByLabelText(/Billing email/), 'invoices@nordicsprings.se');
    await user.click(within(dialog).getByLabelText(/Currency/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'SEK' }));
    expect(within(dialog).getByLabelText(/Language/, { selector: 'input' })).toHaveValue('English');
    await user.click(within(dialog).getByLabelText(/Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies.details).toHaveLength(1));
    expect(languages).toEqual([{ clientId: NORDIC, language: 'sv' }]);
    expect(bodies.details[0]).toEqual({
      info: {
        clientId: NORDIC, billingCompany: 'Nordic Springs AB', billingFirstName: null, billingLastName: null, billingRegistrationNumber: null,
        billingVATRegistrationNumber: null, billingAddress: 'Källvägen 12', billingCity: 'Jönköping', billingState: null, billingPostCode: null,
        billingCountry: 'Sweden', billingEmail: 'invoices@nordicsprings.se', currency: 'SEK', shift_start: null, shift_end: null,
      },
    });
  });
  it("'Product data' (New) requires title, article no., machines, preform, warehouse and default supplier; the scrap rate is entered in percent and sent divided by 100", async () => {
    const bodies = servePortfolio();
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/admin/preforms/get', () =>
        HttpResponse.json({ rows: [{ id: 3, preformName: 'PET 28g', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qtyPerBox: 1250, PreformSupplies: [], productCount: 1, version: 0 }], count: 1 }),
      ),
      http.post('*/api/admin/warehouses/get', () => HttpResponse.json({ rows: [{ id: 1, warehouseName: 'Riga North', clientProductCount: 3 }], count: 1 })),
      http.post('*/api/admin/preform/suppliers/get', () =>
        HttpResponse.json({ rows: [{ id: 7, preformId: 3, manufacturerId: 1, Manufacturer: { id: 1, manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14 }, ClientProducts: [] }] }),
      ),
      http.post('*/api/admin/client/products/save', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(productFixture({ id: 23 }));
      }),
    );
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    await screen.findByText('Sparkling 1.5 L');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product data' }, { timeout: 8000 });
    const input = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
    expect(input(/Default supplier/)).toBeDisabled();
    expect(input(/Default supplier/)).toHaveAttribute('placeholder', 'Select preform first');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Field is required.')).toHaveLength(6));
    expect(saved).toEqual([]);
    await enterText(user, input(/Title/), 'Still Water 1 L');
    await enterText(user, input(/Article no\./), 'NS-1000');
    await user.click(input(/Machines/));
    await user.click(await screen.findByRole('option', { name: 'FB-07' }));
    await user.click(input(/^Preform\s*\*?$/));
    await user.click(await screen.findByRole('option', { name: 'PCO1810 - PET 28g 28 g - PET - Clear' }));
    await user.click(input(/Warehouse/));
    await user.click(await screen.findByRole('option', { name: 'Riga North' }));
    // The preform's only supplier is taken as the default one.
    await waitFor(() => expect(input(/Default supplier/)).toHaveValue('Retal Baltic Films'));
    await user.type(input(/Scrap rate/), '2.5');
    // issue 15: the planned run time per item, the OEE's performance rate
    await user.type(input(/Run time per item/), '0.12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          product: {
            clientId: NORDIC, productName: 'Still Water 1 L', articleNo: 'NS-1000', altName: null, machineNames: 'FB-07', preformId: 3,
            preformWarehouseId: 1, defaultSupplyId: 7, scrapRate: 0.025, preformScrapStart: 0, preformScrapChangeOver: 0, plannedSecondsPerItem: 0.12,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product data' })).not.toBeInTheDocument());
    expect(bodies.products.length).toBeGreaterThan(1); // the list reloads
  });
  it("'Assigned Buyers' shows the product's buyers, offers the buyer-type clients and replaces the list on Save", async () => {
    servePortfolio();
    const saved: unknown[] = [];
    const clientBodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/client/product/buyers/get', () => HttpResponse.json([{ clientId: 'buyer-1', company: 'Baltic Brew SIA' }])),
      http.post('*/api/admin/clients/get', async ({ request }) => {
        clientBodies.push(await request.json());
        return HttpResponse.json({
          rows: [
            { id: 'buyer-1', company: 'Baltic Brew SIA', fbs: [], clientType: '1', productsCount: 1, overdueAmount: null, createdTimestamp: '2026-01-12T14:30:00Z', enabled: true },
            { id: 'buyer-2', company: 'Riga Kvass SIA', fbs: [], clientType: '1', productsCount: 0, overdueAmount: null, createdTimestamp: '2026-01-12T14:30:00Z', enabled: true },
          ],
          count: 2,
        });
      }),
      http.post('*/api/admin/client/product/buyers/save', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    const dialog = await openAction(user, 'Assign Buyers', 'Assigned Buyers');
    // The assigned buyer is a pill of the selection (the save below keeps it).
    expect(await within(dialog).findByText('Baltic Brew SIA', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    // Opening the select lists the first buyer-type clients by company.
    await user.click(within(dialog).getByLabelText(/Buyers/, { selector: 'input' }));
    await waitFor(() => expect(clientBodies).toContainEqual(expect.objectContaining({ filter: { clientType: '1' } })));
    await user.click(await screen.findByRole('option', { name: 'Riga Kvass SIA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ clientIds: ['buyer-1', 'buyer-2'], clientProductId: 21 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assigned Buyers' })).not.toBeInTheDocument());
  });

  it("'Assigned Buyers' searches the buyer-type clients on the server by the typed company: one beyond the first page is found", async () => {
    servePortfolio();
    const buyers = Array.from({ length: 150 }, (_, index) => ({
      id: `buyer-${index + 1}`, company: `Buyer ${String(index + 1).padStart(3, '0')} SIA`, fbs: [], clientType: '1', productsCount: 0, overdueAmount: null, createdTimestamp: '2026-01-12T14:30:00Z', enabled: true,
    }));
    const searches: unknown[] = [];
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/admin/client/product/buyers/get', () => HttpResponse.json([{ clientId: 'buyer-1', company: 'Buyer 001 SIA' }])),
      http.post('*/api/admin/clients/get', async ({ request }) => {
        const body = (await request.json()) as { filter: { clientType: string; search?: string }; pagination: { rowsPerPage: number } };
        searches.push(body.filter);
        const found = buyers.filter((buyer) => !body.filter.search || buyer.company.toLowerCase().includes(body.filter.search.toLowerCase()));
        return HttpResponse.json({ rows: found.slice(0, body.pagination.rowsPerPage), count: found.length });
      }),
      http.post('*/api/admin/client/product/buyers/save', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    const dialog = await openAction(user, 'Assign Buyers', 'Assigned Buyers');
    const input = within(dialog).getByLabelText(/Buyers/, { selector: 'input' });
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Buyer 002 SIA' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Buyer 142 SIA' })).not.toBeInTheDocument();
    await user.type(input, 'buyer 142');
    await user.click(await screen.findByRole('option', { name: 'Buyer 142 SIA' }, { timeout: 3000 }));
    expect(searches).toContainEqual({ clientType: '1', search: 'buyer 142' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ clientIds: ['buyer-1', 'buyer-142'], clientProductId: 21 }]));
  });

  it("'Product data' searches preforms and warehouses on the server by the typed name: ones beyond the first page are found", async () => {
    servePortfolio();
    const preforms = Array.from({ length: 150 }, (_, index) => ({
      id: index + 1, preformName: `PET ${index + 1}g`, neck: 'PCO1810', material: 'PET', color: 'Clear', weight: index + 1, qtyPerBox: 1250, PreformSupplies: [], productCount: 0, version: 0,
    }));
    const warehouses = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, warehouseName: `Store ${String(index + 1).padStart(3, '0')}`, clientProductCount: 0 }));
    const page = <T extends { id: number }>(rows: T[], name: (row: T) => string) => async ({ request }: { request: Request }) => {
      const body = (await request.json()) as { filter?: string; pagination: { rowsPerPage: number } };
      filters.push(body.filter);
      const found = rows.filter((row) => !body.filter || name(row).toLowerCase().includes(body.filter.toLowerCase()));
      return HttpResponse.json({ rows: found.slice(0, body.pagination.rowsPerPage), count: found.length });
    };
    const filters: (string | undefined)[] = [];
    server.use(
      http.post('*/api/admin/preforms/get', page(preforms, (row) => row.preformName)),
      http.post('*/api/admin/warehouses/get', page(warehouses, (row) => row.warehouseName)),
      http.post('*/api/admin/preform/suppliers/get', () => HttpResponse.json({ rows: [] })),
    );
    const user = userEvent.setup();
    renderClientInventoryAt(`/clients/${NORDIC}`);
    await screen.findByText('Sparkling 1.5 L');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product data' }, { timeout: 8000 });
    const input = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
    await user.type(input(/^Preform\s*\*?$/), 'PET 142');
    await user.click(await screen.findByRole('option', { name: 'PCO1810 - PET 142g 142 g - PET - Clear' }, { timeout: 3000 }));
    await user.click(input(/Warehouse/));
    expect(await screen.findByRole('option', { name: 'Store 001' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Store 137' })).not.toBeInTheDocument();
    await user.type(input(/Warehouse/), 'store 137');
    await user.click(await screen.findByRole('option', { name: 'Store 137' }, { timeout: 3000 }));
    expect(filters).toEqual(expect.arrayContaining(['PET 142', 'store 137']));
    expect(input(/^Preform\s*\*?$/)).toHaveValue('PCO1810 - PET 142g 142 g - PET - Clear');
    expect(input(/Warehouse/)).toHaveValue('Store 137');
  });

  it("Edit opens 'Product data' with the product's values, the scrap rate in percent", async () => {
    servePortfolio();
    server.use(
      http.post('*/api/admin/preforms/get', () => HttpResponse.json({ rows: [], count: 0 })),
      http.post('*/api/admin/warehouses/get', () => HttpResponse.json({ rows: [], count: 0 })),
      http.post('*/api/admin/preform/suppliers/get', () => HttpResponse.json({ rows: [{ id: 7, preformId: 3, manufacturerId: 1, Manufacturer: { id: 1, manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14 }, ClientProducts: [] }] })),
    );
    const user = userEvent.setup();
    const dialog = await openAction(user, 'Edit', 'Product data');
    const input = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
    expect(input(/Title/)).toHaveValue('Spring Water 0.5 L');
    expect(input(/Article no\./)).toHaveValue('NS-0500');
    expect(input(/Scrap rate/)).toHaveValue('2.5');
    expect(input(/^Preform\s*\*?$/)).toHaveValue('PCO1810 - PET 28g 28 g - PET - Clear');
    expect(input(/Warehouse/)).toHaveValue('Riga North');
    await waitFor(() => expect(input(/Default supplier/)).toHaveValue('Retal Baltic Films'));
  });
});
