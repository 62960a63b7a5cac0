import type { AgendaItem } from '../../../../generated/web/model';

let nextId = 1;

/** An open order item as the agenda call answers it. */
export function agendaItem(dueDate: string, orderNo = 'PO-1', overrides: Partial<AgendaItem> = {}): AgendaItem {
  const id = nextId++;
  return {
    id,
    clientProductionOrderId: 12,
    clientProductId: 21,
    ClientProduct: { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
    dueDate,
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
    ClientProductionOrder: { id: 12, orderNo, closed: 0, company: 'Nordic Springs AB' },
    ...overrides,
  };
}
