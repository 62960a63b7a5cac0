import type { ClientProductionOrder, OrderItem } from '@generated/model';

/** Tests: an order as the API answers it (the contract's example), with `overrides`. */
export function orderFixture(overrides: Partial<ClientProductionOrder> = {}): ClientProductionOrder {
  return {
    id: 12,
    orderNo: 'PO-24-0117',
    clientId: '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40',
    company: 'Nordic Springs AB',
    closed: 0,
    createdAt: '2026-03-02T08:15:00Z',
    purchaseDate: null,
    producedPart: 0,
    producedStart: null,
    producedEnd: null,
    producedArticles: '',
    workInProgress: 0,
    hasInvoice: false,
    ClientProductionOrderItems: [],
    version: 1,
    ...overrides,
  };
}

/** Tests: an order item of order 12 (NS-0500, 80,000 planned, 48,000 produced), with `overrides`. */
export function orderItemFixture(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 88,
    clientProductionOrderId: 12,
    clientProductId: 21,
    ClientProduct: { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
    dueDate: '2026-03-09',
    plannedAmount: 80000,
    producedAmount: 48000,
    producedPart: 0.6,
    isClosed: false,
    isBuyerConfirmed: false,
    isSellerConfirmed: false,
    hasInvoice: false,
    updatedAt: '2026-03-05T13:40:00Z',
    refProductionOrderId: null,
    refProductionOrder: null,
    refProductionOrderItemId: null,
    refProductionOrderItem: null,
    version: 6,
    ...overrides,
  };
}
