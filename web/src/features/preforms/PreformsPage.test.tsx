import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { enterText, renderWithProviders } from '../../test/render.test-utils';
import type { Preform } from '@generated/model';
import { speakLocale } from '../../test/locale.test-utils';
import PreformsPage from './PreformsPage';
// The page loads its dialog lazily; loading it up front keeps the tests within their time.
import './PreformDialog';

const supply = (manufacturerId: number, manufacturerName: string, products: number) => ({
  id: manufacturerId + 10,
  preformId: 1,
  manufacturerId,
  Manufacturer: { id: manufacturerId, manufacturerName, defaultLeadTime: 14 },
  ClientProducts: Array.from({ length: products }, (_, index) => ({ id: index + 1, productName: 'Spring Water 0.5 L', articleNo: 'NS-0500' })),
});
const preform = (id: number, preformName: string, productCount: number, supplies = [supply(1, 'Retal Baltic Films', productCount)]): Preform => ({
  id, preformName, neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28.5, qtyPerBox: 1250, PreformSupplies: supplies, productCount, version: 2,
});
const USED = preform(1, 'PET 28g used', 4, [supply(1, 'Retal Baltic Films', 1), supply(2, 'Plastipak Bohemia', 0)]);
const FREE = preform(2, 'PP 19g free', 0);

function serve() {
  const deleted: unknown[] = [];
  server.use(
    http.post('*/api/admin/preforms/get', () => HttpResponse.json({ rows: [USED, FREE], count: 2 })),
    http.post('*/api/admin/preforms/delete', async ({ request }) => { deleted.push(await request.json()); return HttpResponse.json({ ok: true }); }),
    http.post('*/api/admin/manufacturers/get', () =>
      HttpResponse.json({
        rows: [
          { id: 1, manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14, boxQtyPerTruck: 30, version: 0 },
          { id: 2, manufacturerName: 'Plastipak Bohemia', defaultLeadTime: 21, boxQtyPerTruck: 30, version: 0 },
        ],
        count: 2,
      }),
    ),
  );
  return { deleted };
}

const select = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) })).getByRole('checkbox');

describe('/preforms', { timeout: 30_000 }, () => {
  it('lists name, neck, material, color, weight g, suppliers and product count', async () => {
    serve();
    renderWithProviders(<PreformsPage />);
    const row = within(await screen.findByRole('row', { name: /PET 28g used/ }));
    for (const text of ['PCO1810', 'PET', 'Clear', '28.5', 'Retal Baltic Films, Plastipak Bohemia', '4']) expect(row.getByText(text)).toBeInTheDocument();
  });

  it('speaks Swedish, with Swedish decimals, and its dialog too', async () => {
    await speakLocale('sv');
    serve();
    const user = userEvent.setup();
    renderWithProviders(<PreformsPage />);
    const row = within(await screen.findByRole('row', { name: /PET 28g used/ }));
    expect(row.getByText('28,5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preformlager' })).toBeInTheDocument();
    expect(screen.getByText('Vikt g')).toBeInTheDocument();
    await user.click(screen.getByText('PET 28g used'));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera preform' });
    expect(within(dialog).getByLabelText(/^Antal per kartong/)).toHaveValue('1\u00a0250');
  });

  it("'Delete selected' is disabled with no selection or when a selected preform has client products, and asks before deleting", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderWithProviders(<PreformsPage />);
    await screen.findByText('PP 19g free');
    const remove = screen.getByRole('button', { name: 'Delete selected' });
    expect(remove).toBeDisabled();
    await user.click(select('PET 28g used'));
    expect(remove).toBeDisabled();
    await user.click(select('PET 28g used'));
    await user.click(select('PP 19g free'));
    expect(remove).toBeEnabled();
    await user.click(remove);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleted).toEqual([{ ids: [2] }]));
  });

  it("'New preform' starts as PET, Clear, PCO1810 and shows the part 5 messages without sending", async () => {
    let saves = 0;
    serve();
    server.use(http.post('*/api/admin/preform/save', () => { saves++; return HttpResponse.json(FREE); }));
    const user = userEvent.setup();
    renderWithProviders(<PreformsPage />);
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New preform' }, { timeout: 8000 }); // the dialog loads lazily
    const input = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
    expect(input(/^Neck/)).toHaveValue('PCO1810');
    expect(input(/^Material/)).toHaveValue('PET');
    expect(input(/^Color/)).toHaveValue('Clear');
    await user.type(input(/^Name/), '   ');
    await user.type(input(/^Weight/), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Specify weight between 1 and 200 g.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Field is required.')).toHaveLength(3); // name (blank once trimmed), quantity per box, suppliers
    expect(saves).toBe(0);
  });

  it('edits on row click; suppliers used by client products are locked, and the edit sends id, version and trimmed values', async () => {
    serve();
    let sent: { preform: Record<string, unknown> } | undefined;
    server.use(http.post('*/api/admin/preform/save', async ({ request }) => { sent = (await request.json()) as typeof sent; return HttpResponse.json(USED); }));
    const user = userEvent.setup();
    renderWithProviders(<PreformsPage />);
    await user.click(await screen.findByText('PET 28g used'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit preform' }, { timeout: 8000 });
    expect(await within(dialog).findByLabelText('Retal Baltic Films (in use by client products)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Remove Retal Baltic Films')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Remove Plastipak Bohemia'));
    const name = within(dialog).getByLabelText(/^Name/, { selector: 'input' });
    await user.clear(name);
    await enterText(user, name, '  PET 28g renamed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.preform).toEqual({
      id: 1, version: 2, preformName: 'PET 28g renamed', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28.5, qtyPerBox: 1250, PreformSuppliesSelected: [1],
    });
  });

  it("'Suppliers' searches the manufacturers on the server by the typed text: one beyond the first page is found and stays chosen", async () => {
    serve();
    // 150 manufacturers; the server answers at most a page of 20, filtered by name.
    const makers = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, manufacturerName: `Maker ${String(index + 1).padStart(3, '0')}`, defaultLeadTime: 14, boxQtyPerTruck: 30, version: 0 }));
    const filters: (string | undefined)[] = [];
    let sent: { preform: { PreformSuppliesSelected: number[] } } | undefined;
    server.use(
      http.post('*/api/admin/manufacturers/get', async ({ request }) => {
        const { filter } = (await request.json()) as { filter?: string };
        filters.push(filter);
        const found = makers.filter((maker) => !filter || maker.manufacturerName.toLowerCase().includes(filter.toLowerCase()));
        return HttpResponse.json({ rows: found.slice(0, 20), count: found.length });
      }),
      http.post('*/api/admin/preform/save', async ({ request }) => { sent = (await request.json()) as typeof sent; return HttpResponse.json(FREE); }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PreformsPage />);
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New preform' }, { timeout: 8000 });
    const suppliers = within(dialog).getByLabelText(/^Suppliers/, { selector: 'input' });
    await user.click(suppliers);
    // Opening lists the first page only: Maker 142 is not among them.
    expect(await screen.findByRole('option', { name: 'Maker 001' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Maker 142' })).not.toBeInTheDocument();
    await user.type(suppliers, 'ker 142');
    await user.click(await screen.findByRole('option', { name: 'Maker 142' }, { timeout: 3000 }));
    expect(filters).toContain('ker 142');
    // The chosen supplier keeps its name while another search shows other manufacturers.
    await user.type(suppliers, 'Maker 00');
    expect(await screen.findByRole('option', { name: 'Maker 001' }, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Maker 142', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await enterText(user, within(dialog).getByLabelText(/^Name/, { selector: 'input' }), 'PET 30g');
    await user.type(within(dialog).getByLabelText(/^Weight/, { selector: 'input' }), '30');
    await user.type(within(dialog).getByLabelText(/^Quantity per box/, { selector: 'input' }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent?.preform.PreformSuppliesSelected).toEqual([142]));
  });
});
