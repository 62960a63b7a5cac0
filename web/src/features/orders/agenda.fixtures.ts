import type { AgendaItem } from '@generated/model';
import { orderItemFixture } from '../../test/orders.fixtures';

let nextId = 1;

/** An open order item as the agenda call answers it, due on `dueDate`, of order `orderNo`. */
export function agendaItem(dueDate: string, orderNo = 'PO-1', overrides: Partial<AgendaItem> = {}): AgendaItem {
  return {
    ...orderItemFixture({ id: nextId++, dueDate }),
    ClientProductionOrder: { id: 12, orderNo, closed: 0, company: 'Nordic Springs AB' },
    ...overrides,
  };
}
