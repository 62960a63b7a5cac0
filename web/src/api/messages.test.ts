import { describe, expect, it } from 'vitest';
import { MESSAGES, messageFor } from './messages';

describe('the message catalogue (part 8)', () => {
  it.each([
    [{ field: 'manufacturer.defaultLeadTime', code: 'minimum', limit: 0 }, 'Specify lead time more then 0.'],
    [{ field: 'manufacturer.boxQtyPerTruck', code: 'minimum', limit: 1 }, 'Specify quantity more then 0!'],
    [{ field: 'preform.weight', code: 'maximum', limit: 200 }, 'Specify weight between 1 and 200 g.'],
    [{ field: 'Order.orderedAmount', code: 'minimum', limit: 1000 }, 'Field has to be between 1,000 and 10,000,000.'],
    [{ field: 'Order.ClientProductionOrderItems.0.plannedAmount', code: 'minimum', limit: 1000 }, 'MOQ - 1000.'],
    [{ field: 'Order.orderNo', code: 'required' }, 'Provide order number.'],
    [{ field: 'Order.dueDate', code: 'required' }, 'Pick a day.'],
    [{ field: 'stock.currentStock', code: 'minimum', limit: 0 }, 'Minimum stock level - 0!'],
    [{ field: 'quantity', code: 'maxQuantity', limit: 120 }, 'Max Quantity - 120.'],
    [{ field: 'preformStock', code: 'maximum', limit: 10_000_000 }, 'Field has to be between -10,000,000 and 10,000,000.'],
    [{ field: 'anything', code: 'type', empty: true }, 'Field is required.'],
    [{ field: 'anything', code: 'type', empty: false }, 'Field has to be a number.'],
  ])('%o reads %s', (issue, text) => {
    expect(messageFor(issue)).toBe(text);
  });
});

describe('other messages (part 8)', () => {
  it("a failed CSV download reads 'Browser denied file download...'", () => {
    expect(MESSAGES.downloadDenied).toBe('Browser denied file download...');
  });
});
