import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Claim, ClientItemLots, ClientProductionOrder } from '@generated/model';
import { orderFixture, orderItemFixture } from '../../test/orders.fixtures';
import { renderOrders } from './renderOrders.test-utils';

/** Order 12: NS-0500 due 09.03.2026, 48,000 of 80,000 produced (item 88); NS-1500 invoiced (item 90). */
const ORDER: ClientProductionOrder = orderFixture({
  hasInvoice: true,
  ClientProductionOrderItems: [
    orderItemFixture(),
    orderItemFixture({
      id: 90,
      clientProductId: 22,
      ClientProduct: { id: 22, articleNo: 'NS-1500', productName: 'Spring Water 1.5 L' },
      dueDate: '2026-02-16',
      plannedAmount: 20000,
      producedAmount: 20000,
      producedPart: 1,
      isClosed: true,
      hasInvoice: true,
    }),
  ],
});

const LOTS: ClientItemLots = {
  orderItemId: 88,
  lots: [{ id: 7, supplierLotNumber: 'RB-2603-114', deliveryDate: '2026-03-02', supplyOrderId: 41, manufacturerName: 'Retal Baltic Films', preformName: 'PET 28g PCO1810 Clear', preforms: 49000 }],
  // Preforms used before lot 7 was delivered: the line's unlotted share.
  unlottedPreforms: 51000,
  invoices: [],
};
/** Item 90 is billed by invoice 64. */
const INVOICED: ClientItemLots = { orderItemId: 90, lots: [], unlottedPreforms: 0, invoices: [{ id: 64, invoiceNumber: 'INV-2026-0342' }] };

const claim = (overrides: Partial<Claim>): Claim => ({
  id: 17,
  clientId: ORDER.clientId,
  company: 'Nordic Springs AB',
  status: 'under investigation',
  clientProductId: 21,
  ClientProduct: { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
  clientProductionOrderId: 12,
  ClientProductionOrder: { id: 12, orderNo: 'PO-24-0117' },
  amount: 2400,
  deliveryDate: '2026-03-10',
  description: 'Black specks in the preform.',
  immediateAction: null,
  rootCouse: null,
  correctiveActions: null,
  Uploads: [],
  createdAt: '2026-03-11T08:00:00Z',
  version: 1,
  ...overrides,
});

/** Serves the order, each item's lots and invoices, and the claims; returns the bodies of the lots, claims and declaration calls. */
function serve() {
  const bodies = { lots: [] as unknown[], claims: [] as unknown[], declaration: [] as unknown[] };
  server.use(
    http.post('*/api/client/orders/get', () => HttpResponse.json(ORDER)),
    http.get('*/api/client/orders/clientproducts', () => HttpResponse.json([])),
    http.post('*/api/client/lots/item/get', async ({ request }) => {
      const body = (await request.json()) as { id: number };
      bodies.lots.push(body);
      return HttpResponse.json(body.id === 88 ? LOTS : body.id === 90 ? INVOICED : { orderItemId: body.id, lots: [], unlottedPreforms: 0, invoices: [] });
    }),
    http.post('*/api/client/claims/filter', async ({ request }) => {
      bodies.claims.push(await request.json());
      // the order's claims: one on NS-0500 (this line), one on NS-1500; and one of another order whose text matched
      const rows = [claim({}), claim({ id: 18, clientProductId: 22, ClientProduct: { id: 22, articleNo: 'NS-1500', productName: 'Spring Water 1.5 L' } }), claim({ id: 19, clientProductionOrderId: 13 })];
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post('*/api/client/declaration/download', async ({ request }) => {
      bodies.declaration.push(await request.json());
      return new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="DECLARATION OF CONFORMITY INV-2026-0342.pdf"' },
      });
    }),
  );
  return bodies;
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:doc');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const region = (scope: HTMLElement, name: string) => within(within(scope).getByRole('region', { name }));

describe('the order editor: one view per line', { timeout: 30_000 }, () => {
  it("a line's Details show its production progress, its preform lots with its unlotted share, no declaration before the invoice, and the claim on it only", async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Details of NS-0500, 09.03.2026' }));
    const drawer = await screen.findByRole('dialog', { name: 'Line NS-0500, 09.03.2026' });
    expect(region(drawer, 'Production').getByText('48,000 of 80,000 bottles produced')).toBeInTheDocument();
    expect(region(drawer, 'Production').getByLabelText('Progress 60%')).toBeInTheDocument();
    const lots = region(drawer, 'Preform lots');
    expect(await lots.findByText('RB-2603-114')).toBeInTheDocument();
    expect(lots.getByText(/PET 28g PCO1810 Clear · Retal Baltic Films · delivered 02\.03\.2026 · 49,000 preforms/)).toBeInTheDocument();
    // One lot is not the whole source: the preforms no lot covers are shown beside it.
    expect(lots.getByText('49,000 of 100,000 preforms from lots, 51,000 without a lot.')).toBeInTheDocument();
    expect(lots.getByText(/used before a lot of the preform was delivered, or beyond the lots · 51,000 preforms/)).toBeInTheDocument();
    expect(bodies.lots).toEqual([{ id: 88 }]);
    expect(region(drawer, 'Declaration of conformity').getByText('Not invoiced yet: the declaration of conformity comes with the invoice.')).toBeInTheDocument();
    const claims = region(drawer, 'Claims');
    expect(await claims.findByRole('link', { name: 'Claim 17' })).toHaveAttribute('href', '/claims/17');
    // its status as the claims list words it, not the stored value
    expect(claims.getByText(/· Under Investigation · 2,400 bottles rejected ·/)).toBeInTheDocument();
    expect(claims.queryByRole('link', { name: 'Claim 18' })).not.toBeInTheDocument();
    expect(claims.queryByRole('link', { name: 'Claim 19' })).not.toBeInTheDocument();
    expect(bodies.claims[0]).toMatchObject({ filter: 'PO-24-0117' });
  });

  it("an invoiced line downloads the declaration of conformity of the invoice billing it; Escape closes the view and the History button stays", async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Details of NS-1500, 16.02.2026' }));
    const drawer = await screen.findByRole('dialog', { name: 'Line NS-1500, 16.02.2026' });
    expect(region(drawer, 'Preform lots').getByText(/No preform lot recorded yet/)).toBeInTheDocument();
    await user.click(await region(drawer, 'Declaration of conformity').findByRole('button', { name: 'Declaration of conformity INV-2026-0342' }));
    await waitFor(() => expect(saved).toEqual(['DECLARATION OF CONFORMITY INV-2026-0342.pdf']));
    expect(bodies.declaration).toEqual([{ id: 64 }]);
    expect(region(drawer, 'Declaration of conformity').getAllByRole('button')).toHaveLength(1);
    expect(await region(drawer, 'Claims').findByRole('link', { name: 'Claim 18' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Line NS-1500, 16.02.2026' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'History of NS-1500, 16.02.2026' })).toBeInTheDocument();
  });

  it('a buyer (no invoices of its own) is told the declaration comes with its supplier’s invoice', async () => {
    serve();
    const user = userEvent.setup();
    renderOrders('/orders/12', 'buyer');
    await user.click(await screen.findByRole('button', { name: 'Details of NS-1500, 16.02.2026' }));
    const drawer = await screen.findByRole('dialog', { name: 'Line NS-1500, 16.02.2026' });
    expect(region(drawer, 'Declaration of conformity').getByText('Invoiced. The declaration of conformity comes with the invoice from your supplier.')).toBeInTheDocument();
  });

  it('on a phone each saved line card has its Details, opening the view over the whole screen', async () => {
    serve();
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = wide;
    });
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Details of NS-0500, 09.03.2026' }));
    const drawer = await screen.findByRole('dialog', { name: 'Line NS-0500, 09.03.2026' });
    expect(await region(drawer, 'Preform lots').findByText('RB-2603-114')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add new item to order' })).not.toBeInTheDocument();
  });
});
