import type { ClientListRow, ClientProduct, ClientSummary, ProductStockRow } from '@generated/model';

// Test data for the client inventory's tests (companies, products, machines of the demo), never shown by the app.
/* eslint-disable lingui/no-unlocalized-strings */

export const NORDIC = '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40';
export const BALTIC = 'c4a9e2b7-1f63-4d0a-8e25-9b7f3a6d5c18';

/** Tests: a row of /clients (the contract's example), with `overrides`. */
export function clientRowFixture(overrides: Partial<ClientListRow> = {}): ClientListRow {
  return {
    id: NORDIC,
    company: 'Nordic Springs AB',
    fbs: ['FB-04', 'FB-07'],
    clientType: '0',
    productsCount: 6,
    overdueAmount: null,
    createdTimestamp: '2025-11-04T09:12:00Z',
    enabled: true,
    ...overrides,
  };
}

export const nordicSummary: ClientSummary = { id: NORDIC, company: 'Nordic Springs AB', fbs: ['FB-04', 'FB-07'], clientType: '0' };

/** Tests: a product of Nordic Springs (the contract's example: NS-0500, 84,000 bottles, 61.40 @1k), with `overrides`. */
export function productFixture(overrides: Partial<ClientProduct> = {}): ClientProduct {
  return {
    id: 21,
    clientId: NORDIC,
    productName: 'Spring Water 0.5 L',
    articleNo: 'NS-0500',
    altName: null,
    machineNames: 'FB-04,FB-09',
    scrapRate: 0.025,
    preformScrapStart: 300,
    preformScrapChangeOver: 150,
    preformId: 3,
    preformWarehouseId: 1,
    defaultSupplyId: 7,
    currentStock: 84000,
    wip: true,
    deletedAt: null,
    Preform: { id: 3, preformName: 'PET 28g', neck: 'PCO1810', weight: 28, material: 'PET', color: 'Clear' },
    PreformWarehouse: { id: 1, warehouseName: 'Riga North' },
    currentPrice: { unitPrice: 61.4, validFrom: '2026-03-01', validTo: '2026-03-31' },
    version: 3,
    ...overrides,
  };
}

/** Tests: a price period's bottle stock of product 21, with `overrides`. */
export function stockRowFixture(overrides: Partial<ProductStockRow> = {}): ProductStockRow {
  return { id: 301, unitPrice: 61.4, currentStock: 84000, increaseStock: 12000, decreaseStock: null, scrapAmount: 350, priceValidTo: '2026-03-31', version: 4, ...overrides };
}
