import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { CurrentUser, MachineStatus, PortfolioProduct, WarehouseStock } from '@generated/model';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import PortfolioPage from './PortfolioPage';

const me: CurrentUser = {
  id: 'u-1',
  roles: ['client'],
  face: 'client',
  clientType: 'client',
  clientId: '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40',
  company: 'Nordic Springs AB',
  fullName: 'Karin Lindqvist',
  email: 'karin@nordicsprings.se',
  clientTypeAttribute: '0',
  documentsRole: 'client',
  supportEmail: 'orders@example.com',
  language: null,
  companyLanguage: 'sv',
};

const product: PortfolioProduct = {
  id: 21,
  articleNo: 'NS-0500',
  productName: 'Spring Water 0.5 L',
  preformId: 3,
  preformWarehouseId: 1,
  currentStock: 84000,
  Preform: { preformName: 'PET 28g', neck: 'PCO1810', weight: 28, material: 'PET', color: 'Clear' },
};

const warehouse: WarehouseStock = {
  id: 1,
  warehouseName: 'Riga North',
  StockBalances: [
    { preformId: 3, preformName: 'PET 28g PCO1810 Clear', currentStock: 180000 },
    { preformId: 4, preformName: 'PET 42g 38mm Blue', currentStock: 2_500_000 },
    { preformId: 5, preformName: 'PET 19g Green', currentStock: 0 },
    { preformId: 6, preformName: 'PET 33g Brown', currentStock: null },
  ],
};

function serve({ user = me, products = [product], stock = [warehouse], machines = [] as MachineStatus[] } = {}) {
  server.use(
    http.get('*/api/me', () => HttpResponse.json(user)),
    http.get('*/api/client/products/get', () => HttpResponse.json({ clientProducts: products, warehouseStock: stock })),
    http.get('*/api/client/machine/status/get', () => HttpResponse.json(machines)),
  );
}

describe("client 'Portfolio' (/profile)", () => {
  it("shows the company, the contact's full name and e-mail, and a card per product with article no., title, neck, weight, material and colour", async () => {
    serve();
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByRole('heading', { name: 'Nordic Springs AB' })).toBeInTheDocument();
    expect(screen.getByText(/Karin Lindqvist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'karin@nordicsprings.se' })).toHaveAttribute('href', 'mailto:karin@nordicsprings.se');
    const card = within(await screen.findByRole('article', { name: 'NS-0500 Spring Water 0.5 L' }));
    for (const text of ['NS-0500', 'Spring Water 0.5 L', 'PCO1810', '28 g', 'PET', 'Clear']) expect(card.getByText(text)).toBeInTheDocument();
  });

  it("shows 'The {machine} machine has been stopped by cause : {cause}!' for each stopped machine only", async () => {
    serve({
      machines: [
        { machineName: 'FB-04', DowntimeCause: { causeName: 'Mould change' }, stoppedSince: '2026-03-10T06:20:00Z' },
        { machineName: 'FB-07', DowntimeCause: null, stoppedSince: null },
      ],
    });
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByText('The FB-04 machine has been stopped by cause : Mould change!')).toBeInTheDocument();
    expect(screen.queryByText(/The FB-07 machine/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('lists under a stopped machine the open order items it was making (article, due date, remaining quantity), from the live state', async () => {
    serve({
      machines: [
        {
          machineName: 'FB-04',
          DowntimeCause: { causeName: 'Mould change' },
          stoppedSince: '2026-03-10T06:20:00Z',
          state: 'stopped',
          affectedItems: [
            { id: 311, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L', dueDate: '2026-03-12', remainingQuantity: 18000 },
            { id: 312, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L', dueDate: '2026-03-16', remainingQuantity: 2500 },
          ],
        },
        // a machine whose collector is dead reads 'unknown': no stop banner, even with an old stop start
        { machineName: 'FB-07', DowntimeCause: null, stoppedSince: '2026-03-09T10:00:00Z', state: 'unknown', affectedItems: [] },
        { machineName: 'FB-08', DowntimeCause: null, stoppedSince: null, state: 'running' },
      ],
    });
    renderWithProviders(<PortfolioPage />);
    const banner = (await screen.findByText('The FB-04 machine has been stopped by cause : Mould change!')).closest('[role="alert"]') as HTMLElement;
    const items = within(within(banner).getByRole('list', { name: 'Order items affected by the FB-04 stop' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'NS-0500 Spring Water 0.5 L, due 12.03.2026, 18,000 still to produce',
      'NS-1500 Sparkling Water 1.5 L, due 16.03.2026, 2,500 still to produce',
    ]);
    expect(screen.queryByText(/The FB-07 machine/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The FB-08 machine/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("'Material stock' per warehouse abbreviates with k and M, and a line is red when its stock is zero or missing", async () => {
    serve();
    renderWithProviders(<PortfolioPage />);
    const block = within(await screen.findByRole('region', { name: 'Material stock Riga North' }));
    expect(block.getByText('180k')).toBeInTheDocument();
    expect(block.getByText('2.5M')).toBeInTheDocument();
    const line = (name: string) => block.getByText(name).parentElement!;
    expect(line('PET 28g PCO1810 Clear')).not.toHaveAttribute('data-empty');
    expect(line('PET 19g Green')).toHaveAttribute('data-empty', 'true');
    expect(line('PET 33g Brown')).toHaveAttribute('data-empty', 'true');
  });

  it("hides 'Material stock' when the company's clientType attribute is '1'", async () => {
    serve({ user: { ...me, clientTypeAttribute: '1' } });
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByRole('article', { name: 'NS-0500 Spring Water 0.5 L' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Material stock' })).not.toBeInTheDocument();
    expect(screen.queryByText('180k')).not.toBeInTheDocument();
  });

  it("a buyer's portfolio lists the seller products it can order, marked read-only with the seller", async () => {
    const juice: PortfolioProduct = { ...product, id: 50, articleNo: 'AC-1000', productName: 'Birch Juice 1 L', currentStock: 0, seller: 'Aqua Converters Oy' };
    serve({ user: { ...me, clientType: 'buyer', clientTypeAttribute: '1' }, products: [product, juice] });
    renderWithProviders(<PortfolioPage />);
    const assigned = await screen.findByRole('article', { name: 'AC-1000 Birch Juice 1 L' });
    expect(within(assigned).getByText('Read-only')).toBeInTheDocument();
    expect(within(assigned).getByText('Sold by Aqua Converters Oy')).toBeInTheDocument();
    const own = screen.getByRole('article', { name: 'NS-0500 Spring Water 0.5 L' });
    expect(within(own).queryByText('Read-only')).not.toBeInTheDocument();
  });

  it('says when there are no products yet, and why a load failed, with Retry', async () => {
    let failures = 1;
    serve({ products: [] });
    server.use(
      http.get('*/api/client/products/get', () =>
        failures-- > 0
          ? HttpResponse.json({ title: 'Service Unavailable', status: 503, detail: 'The database is not reachable.' }, { status: 503 })
          : HttpResponse.json({ clientProducts: [], warehouseStock: [] }),
      ),
    );
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No products in your portfolio yet/)).toBeInTheDocument();
  });
});

describe("'Portfolio' in Swedish", () => {
  it('reads its texts from the catalogue and writes days and numbers as Swedish does', async () => {
    serve({
      machines: [
        {
          machineName: 'FB-04',
          DowntimeCause: { causeName: 'Mould change' },
          stoppedSince: '2026-03-10T06:20:00Z',
          state: 'stopped',
          affectedItems: [{ id: 311, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L', dueDate: '2026-03-12', remainingQuantity: 18000 }],
        },
      ],
    });
    await speakLocale('sv');
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByText('Maskinen FB-04 har stoppats av orsaken: Mould change!')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Orderrader som påverkas av stoppet på FB-04' })).getAllByRole('listitem');
    expect(items.map((item) => plainSpaces(item.textContent))).toEqual(['NS-0500 Spring Water 0.5 L, leverans 2026-03-12, 18 000 kvar att tillverka']);
    expect(screen.getByRole('heading', { name: 'Produkter' })).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'NS-0500 Spring Water 0.5 L' }));
    expect(card.getByText('Vikt')).toBeInTheDocument();
    expect(card.getByText('Färg')).toBeInTheDocument();
    const block = within(await screen.findByRole('region', { name: 'Materiallager Riga North' }));
    expect(block.getByText('2,5M')).toBeInTheDocument();
  });
});
