import { describe, expect, it } from 'vitest';
import { MESSAGES, messageFor, planMessageFor, PLANNER_MESSAGES } from './messages';

describe('the message catalogue (part 8)', () => {
  it.each([
    [{ field: 'manufacturer.defaultLeadTime', code: 'minimum', limit: 0 }, 'Specify lead time more then 0.'],
    [{ field: 'manufacturer.boxQtyPerTruck', code: 'minimum', limit: 1 }, 'Specify quantity more then 0!'],
    [{ field: 'preform.weight', code: 'maximum', limit: 200 }, 'Specify weight between 1 and 200 g.'],
    [{ field: 'Order.orderedAmount', code: 'minimum', limit: 1000 }, 'Field has to be between 1,000 and 10,000,000.'],
    // The supply amount's message says its true range (part 5: up to 10,000,000), not part 8's '1,000,000'.
    [{ field: 'Order.orderedAmount', code: 'maximum', limit: 10_000_000 }, 'Field has to be between 1,000 and 10,000,000.'],
    [{ field: 'Order.ClientProductionOrderItems.0.plannedAmount', code: 'minimum', limit: 1000 }, 'MOQ - 1000.'],
    [{ field: 'Order.orderNo', code: 'required' }, 'Provide order number.'],
    [{ field: 'Order.ClientProductionOrderItems', code: 'minimum', limit: 1 }, 'Provide at least one production order line.'],
    [{ field: 'Order.dueDate', code: 'required' }, 'Pick a day.'],
    [{ field: 'Order.ClientProductionOrderItems.2.dueDate', code: 'weekday' }, 'Pick a day.'],
    [{ field: 'stock.currentStock', code: 'minimum', limit: 0 }, 'Minimum stock level - 0!'],
    [{ field: 'quantity', code: 'maxQuantity', limit: 120 }, 'Max Quantity - 120.'],
    [{ field: 'preformStock', code: 'maximum', limit: 10_000_000 }, 'Field has to be between -10,000,000 and 10,000,000.'],
    [{ field: 'anything', code: 'type', empty: true }, 'Field is required.'],
    [{ field: 'anything', code: 'type', empty: false }, 'Field has to be a number.'],
  ])('%o reads %s', (issue, text) => {
    expect(messageFor(issue)).toBe(text);
  });

  it("has part 8's fallback for an invalid submit and the supply amount's range", () => {
    expect(MESSAGES.fixFields).toBe('Please fix field errors.');
    expect(MESSAGES.supplyAmount).toBe('Field has to be between 1,000 and 10,000,000.');
  });
});

describe('the forecast editor texts', () => {
  const range = { min: 0, max: 100_000_000 };
  it.each([
    [{ field: 'Plan.ClientProductionPlanItems.3.plannedAmount', code: 'maximum', limit: 100_000_000 }, 'Field has to be between 0 and 100,000,000.'],
    [{ field: 'Plan.ClientProductionPlanItems.3.plannedAmount', code: 'minimum', limit: 0 }, 'Field has to be between 0 and 100,000,000.'],
    [{ field: 'Plan.ClientProductionPlanItems.3.plannedAmount', code: 'multipleOf', limit: 1 }, 'Field has to be a whole number.'],
    [{ field: 'Plan.periodTo', code: 'periodOrder' }, 'The period must not end before it starts.'],
    [{ field: 'Plan.periodFrom', code: 'required' }, 'Pick a day.'],
    [{ field: 'plannedAmount', code: 'required' }, 'Field is required.'],
  ])('%o reads %s', (issue, text) => {
    expect(planMessageFor(issue, range)).toBe(text);
  });
});

describe('other messages (part 8)', () => {
  it("a failed CSV download reads 'Browser denied file download...'", () => {
    expect(MESSAGES.downloadDenied).toBe('Browser denied file download...');
  });
});

describe("the planner's texts (part 5 'Planner new production order')", () => {
  it('names the produced amount, the purchase date and the item date in list format', () => {
    expect(PLANNER_MESSAGES.producedMinimum(12500)).toBe('At least the 12,500 bottles already produced.');
    expect(PLANNER_MESSAGES.afterPurchaseDate('25.03.2026')).toBe('Deliver at must be on or before the purchase date 25.03.2026.');
    expect(PLANNER_MESSAGES.earlierDay('18.03.2026')).toBe('An item can be moved only to a day on or after its date (18.03.2026).');
    expect(PLANNER_MESSAGES.weekendDay).toMatch(/Saturday and Sunday are unavailable/);
  });
});

describe("the API's rule codes in part 8's words", () => {
  it("a 'Deliver at' before the earliest selectable day (the API's `earliest`) reads 'Pick a day.'", () => {
    expect(messageFor({ field: 'Order.ClientProductionOrderItems.0.dueDate', code: 'earliest' })).toBe('Pick a day.');
  });

  it("the planner's quantity: the MOQ reads 'MOQ - 1000.', the produced floor names the produced amount", () => {
    expect(messageFor({ field: 'refProductionOrderItem.plannedAmount', code: 'minimum', limit: 1000 })).toBe('MOQ - 1000.');
    expect(messageFor({ field: 'refProductionOrderItem.plannedAmount', code: 'producedMinimum', limit: 12000 })).toBe('At least the 12,000 bottles already produced.');
  });

  it("an operator's entry outside 0 to 99,999 reads like the produced amount", () => {
    expect(messageFor({ field: 'item.producedQuantity', code: 'maximum', limit: 99999 })).toBe('Field has to be between 0 and 99,999.');
    expect(messageFor({ field: 'item.producedQuantity', code: 'minimum', limit: 0 })).toBe('Field has to be between 0 and 99,999.');
  });
});
