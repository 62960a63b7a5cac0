/* eslint-disable lingui/no-unlocalized-strings -- test data: the demo's names of preforms, warehouses and companies */
import type { ItemTrace, Lot, LotRecall, LotStockRow, RecallItem } from '@generated/model';

/** A lot of PET 28g in Riga North from Retal Baltic Films, 250,000 delivered, 90,000 consumed. */
export function lotFixture(overrides: Partial<Lot> = {}): Lot {
  return {
    id: 7,
    supplierLotNumber: 'RB-2603-114',
    supplyOrderId: 41,
    deliveryDate: '2026-03-16',
    quantity: 250000,
    consumed: 90000,
    remaining: 160000,
    state: 'open',
    preformId: 3,
    Preform: { id: 3, preformName: 'PET 28g PCO1810 Clear', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qtyPerBox: 1250 },
    preformWarehouseId: 1,
    PreformWarehouse: { id: 1, warehouseName: 'Riga North' },
    preformSupplyId: 7,
    Manufacturer: { id: 1, manufacturerName: 'Retal Baltic Films' },
    version: 1,
    ...overrides,
  };
}

export function recallItemFixture(overrides: Partial<RecallItem> = {}): RecallItem {
  return {
    orderItemId: 88,
    orderId: 12,
    orderNo: 'PO-24-0117',
    articleNo: 'NS-0500',
    productName: 'Spring Water 0.5 L',
    dueDate: '2026-03-09',
    plannedAmount: 80000,
    producedAmount: 80000,
    preformsFromLot: 81600,
    bottlesFromLot: 80000,
    isClosed: true,
    invoiceNumbers: ['INV-2026-0342'],
    producedOnItemId: null,
    ...overrides,
  };
}

/** Nordic Springs got bottles (invoiced); Fjord Water has an open item still to stop. */
/** The answer as the API shapes it for a request: a summary (no items), one client's items, or all of it. */
export function recallAnswer(body: { summary?: boolean; clientId?: string }, lot: Lot = lotFixture()): LotRecall {
  const whole = recallFixture(lot);
  const shape = (clients: LotRecall['open']) =>
    clients.filter((client) => body.clientId === undefined || client.clientId === body.clientId).map((client) => (body.summary ? { ...client, items: [] } : client));
  return { ...whole, delivered: shape(whole.delivered), open: shape(whole.open) };
}


export function recallFixture(lot: Lot = lotFixture()): LotRecall {
  return {
    lot,
    delivered: [
      {
        clientId: '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40',
        company: 'Nordic Springs AB',
        contact: { name: 'Nils Berg', email: 'billing@nordicsprings.se' },
        items: [recallItemFixture()],
        itemCount: 1,
        bottlesFromLot: 80000,
      },
    ],
    open: [
      {
        clientId: '5a1c9e0b-7f3d-4c2a-8b6e-1d4f0a9c7e21',
        company: 'Fjord Water AS',
        contact: null,
        items: [
          recallItemFixture({
            orderItemId: 95,
            orderId: 14,
            orderNo: 'FW-26-0031',
            articleNo: 'FW-0500S',
            productName: 'Fjord Sparkling 0.5 L',
            dueDate: '2026-03-20',
            plannedAmount: 60000,
            producedAmount: 8000,
            preformsFromLot: 8400,
            bottlesFromLot: 8000,
            isClosed: false,
            invoiceNumbers: [],
          }),
        ],
        itemCount: 1,
        bottlesFromLot: 8000,
      },
    ],
    quarantine: { preforms: 160000, bottles: 8000 },
    clientCount: 2,
  };
}

export function stockFixture(lot: Lot = lotFixture()): LotStockRow {
  return {
    preformId: lot.preformId,
    Preform: lot.Preform,
    preformWarehouseId: lot.preformWarehouseId,
    PreformWarehouse: lot.PreformWarehouse,
    currentStock: 210000,
    inLots: 200000,
    unlotted: 10000,
    lots: [
      { id: lot.id, supplierLotNumber: lot.supplierLotNumber, deliveryDate: lot.deliveryDate, supplyOrderId: lot.supplyOrderId, manufacturerName: 'Retal Baltic Films', remaining: 160000 },
      { id: 9, supplierLotNumber: null, deliveryDate: '2026-03-24', supplyOrderId: 47, manufacturerName: 'Alpla Preform Centre', remaining: 40000 },
    ],
  };
}

export function itemTraceFixture(overrides: Partial<ItemTrace> = {}): ItemTrace {
  const lotRef = { id: 7, supplierLotNumber: 'RB-2603-114', deliveryDate: '2026-03-16', supplyOrderId: 41, manufacturerName: 'Retal Baltic Films' };
  return {
    orderItemId: 95,
    orderId: 14,
    orderNo: 'FW-26-0031',
    clientId: '5a1c9e0b-7f3d-4c2a-8b6e-1d4f0a9c7e21',
    company: 'Fjord Water AS',
    articleNo: 'FW-0500S',
    productName: 'Fjord Sparkling 0.5 L',
    dueDate: '2026-03-20',
    producedOnItemId: 95,
    records: [
      {
        producedEntryId: 31,
        orderItemId: 95,
        // After lot 9's delivery (24 March): a correction may name it.
        recordedAt: '2026-03-25T10:00:00Z',
        recordedBy: 'Olga Operator',
        bottles: 8000,
        preforms: 8400,
        preformId: 3,
        preformWarehouseId: 1,
        lots: [
          { lot: lotRef, preforms: 8000 },
          { lot: null, preforms: 400 },
        ],
      },
    ],
    lots: [
      {
        ...lotRef,
        preformId: 3,
        preformName: 'PET 28g PCO1810 Clear',
        preformWarehouseId: 1,
        warehouseName: 'Riga North',
        SupplyOrder: { id: 41, orderedAmount: 250000, dueDate: '2026-03-16', deliveredAt: '2026-03-16T08:00:00Z' },
        preforms: 8000,
      },
    ],
    unlottedPreforms: 400,
    ...overrides,
  };
}
