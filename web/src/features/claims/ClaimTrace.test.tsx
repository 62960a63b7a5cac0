import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { Claim, ClaimTrace, LotRecall, RecallItem } from '@generated/model';
import { claimFixture, renderClaims } from './renderClaims.test-utils';

/** Issue 17: the claim's trace on the staff claim page; a client sees its own item's lots only. */

const LOT = {
  id: 31,
  supplierLotNumber: 'SUP-8841',
  deliveryDate: '2026-03-02',
  supplyOrderId: 44,
  manufacturerName: 'Retal Baltic Films',
  preformId: 3,
  preformName: 'PET 28g PCO1810 Clear',
  preformWarehouseId: 1,
  warehouseName: 'Riga',
  SupplyOrder: { id: 44, orderedAmount: 120000, dueDate: '2026-03-01', deliveredAt: '2026-03-02T08:00:00Z' },
  preforms: 2448,
};
const TRACE: ClaimTrace = { claimId: 17, items: [{ orderItemId: 88 } as ClaimTrace['items'][number]], lots: [LOT], unlottedPreforms: 0 };
const item = (orderItemId: number, orderNo: string, bottlesFromLot: number): RecallItem => ({
  orderItemId,
  orderId: orderItemId,
  orderNo,
  articleNo: 'NS-0500',
  productName: 'Spring Water 0.5 L',
  dueDate: '2026-04-01',
  plannedAmount: 30000,
  producedAmount: 12000,
  preformsFromLot: bottlesFromLot,
  bottlesFromLot,
  isClosed: false,
  invoiceNumbers: [],
  producedOnItemId: null,
});
const RECALL = {
  delivered: [{ clientId: 'nordic', company: 'Nordic Springs AB', contact: null, items: [item(88, 'PO-24-0117', 2400)] }],
  open: [{ clientId: 'fjord', company: 'Fjord Water AS', contact: { name: 'Ola', email: 'ola@fjord.example' }, items: [item(95, 'FW-2026-007', 12000)] }],
  quarantine: { preforms: 90000, bottles: 12000 },
  clientCount: 2,
} as unknown as LotRecall;

function serve(face: 'admin' | 'client', claim: Claim, trace: ClaimTrace = TRACE) {
  const calls = { staffTrace: 0, clientLots: 0 };
  server.use(
    http.post(`*/api/${face}/claims/get`, () => HttpResponse.json(claim)),
    http.post('*/api/admin/claims/orders/filter', () => HttpResponse.json({ rows: [] })),
    http.post('*/api/admin/claims/products/filter', () => HttpResponse.json({ rows: [] })),
    http.post('*/api/client/claims/orders/filter', () => HttpResponse.json({ rows: [] })),
    http.get('*/api/client/products/get', () => HttpResponse.json({ clientProducts: [], warehouseStock: [] })),
    http.post('*/api/:role/lots/trace/claim/get', () => {
      calls.staffTrace += 1;
      return HttpResponse.json(trace);
    }),
    http.post('*/api/:role/lots/recall/get', () => HttpResponse.json(RECALL)),
    http.post('*/api/client/lots/claim/get', () => {
      calls.clientLots += 1;
      return HttpResponse.json({
        items: [{ orderItemId: 88, lots: [{ id: 31, supplierLotNumber: 'SUP-8841', deliveryDate: '2026-03-02', supplyOrderId: 44, manufacturerName: 'Retal Baltic Films', preformName: 'PET 28g PCO1810 Clear', preforms: 2448 }], unlottedPreforms: 1200 }],
      });
    }),
  );
  return calls;
}

describe("the claim's trace", { timeout: 30_000 }, () => {
  it("staff see the claimed item's lot with its supplier delivery, and the other affected order (not the claim's own)", async () => {
    serve('admin', claimFixture({ status: 'under investigation' }));
    renderClaims('/claims/17', 'admin');
    const trace = await screen.findByRole('region', { name: 'Trace' });
    const lots = await within(trace).findByRole('table', { name: 'Lots of the claimed item' });
    expect(within(lots).getByRole('row', { name: 'Lot 31 · SUP-8841 PET 28g PCO1810 Clear Retal Baltic Films 02.03.2026 #44 Riga 2,448' })).toBeInTheDocument();
    const others = await within(trace).findByRole('table', { name: 'Other orders made from these lots' });
    expect(within(others).getByRole('row', { name: 'FW-2026-007 Fjord Water AS NS-0500 Open Lot 31 · SUP-8841 12,000' })).toBeInTheDocument();
    expect(within(others).queryByText('PO-24-0117')).not.toBeInTheDocument();
  });

  it("staff see the claimed item's unlotted share beside its lots", async () => {
    serve('admin', claimFixture({ status: 'under investigation' }), { ...TRACE, unlottedPreforms: 51000 });
    renderClaims('/claims/17', 'admin');
    const trace = await screen.findByRole('region', { name: 'Trace' });
    await within(trace).findByRole('table', { name: 'Lots of the claimed item' });
    expect(within(trace).getByText('Without a lot: 51,000 preforms, used before a lot of the preform was delivered, or beyond the lots.')).toBeInTheDocument();
  });

  it('a claim whose preforms all came from no lot says so', async () => {
    serve('admin', claimFixture({ status: 'under investigation' }), { ...TRACE, lots: [], unlottedPreforms: 20000 });
    renderClaims('/claims/17', 'admin');
    expect(
      await screen.findByText(
        'No preform lot is recorded for NS-0500 in order PO-24-0117: its 20,000 preforms were used before a lot of the preform was delivered, or beyond the lots.',
      ),
    ).toBeInTheDocument();
  });

  it('a claim whose item has no recorded lot says so', async () => {
    serve('admin', claimFixture({ status: 'under investigation' }), { ...TRACE, lots: [] });
    renderClaims('/claims/17', 'admin');
    expect(await screen.findByText(/No preform lot is recorded for NS-0500 in order PO-24-0117/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Lots of the claimed item' })).not.toBeInTheDocument();
  });

  it('a claim whose order has no item of the product says there is nothing to trace', async () => {
    serve('admin', claimFixture({ status: 'under investigation' }), { claimId: 17, items: [], lots: [], unlottedPreforms: 0 });
    renderClaims('/claims/17', 'admin');
    expect(await screen.findByText('Order PO-24-0117 has no item of NS-0500: there is nothing to trace.')).toBeInTheDocument();
  });

  it("a client sees the lots of its own claim's item only, never the staff trace", async () => {
    const calls = serve('client', claimFixture());
    renderClaims('/claims/17', 'client');
    const lots = await screen.findByRole('table', { name: 'Lots of the claimed item' });
    expect(within(lots).getByRole('row', { name: 'Lot 31 · SUP-8841 PET 28g PCO1810 Clear 02.03.2026' })).toBeInTheDocument();
    expect(screen.getByText('Without a lot: 1,200 preforms, used before a lot of the preform was delivered, or beyond the lots.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trace' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fjord Water AS')).not.toBeInTheDocument();
    expect(calls).toEqual({ staffTrace: 0, clientLots: 1 });
  });
});
