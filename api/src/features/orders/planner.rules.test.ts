import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractPath } from '../../lib/contract.js';
import { checkPlannedAmount, MIN_ORDER_QUANTITY, producedForQuantity, quantityFloor } from './planner.rules.js';

describe('Planner new production order: quantity required and at least 1000 (or the already produced amount if greater than 0)', () => {
  it('at least 1000 while nothing is produced', () => {
    expect(quantityFloor(0)).toEqual({ minimum: 1000, code: 'minimum' });
    expect(checkPlannedAmount(999, 0)).toMatchObject({ field: 'item.refProductionOrderItem.plannedAmount', code: 'minimum', minimum: 1000, message: 'MOQ - 1000.' });
    expect(checkPlannedAmount(1000, 0)).toBeUndefined();
  });

  it('the already produced amount when that is above 0, below 1000 too (not the larger of the two)', () => {
    expect(quantityFloor(1)).toEqual({ minimum: 1, code: 'producedMinimum' });
    expect(quantityFloor(600)).toEqual({ minimum: 600, code: 'producedMinimum' });
    expect(checkPlannedAmount(600, 600)).toBeUndefined();
    expect(checkPlannedAmount(599, 600)).toMatchObject({ code: 'producedMinimum', minimum: 600 });
  });

  it('the already produced amount above 1000: one bottle less is refused, with the amount in the message', () => {
    expect(checkPlannedAmount(48_000, 48_000)).toBeUndefined();
    expect(checkPlannedAmount(47_999, 48_000)).toEqual({
      field: 'item.refProductionOrderItem.plannedAmount',
      code: 'producedMinimum',
      minimum: 48_000,
      message: 'At least the 48,000 bottles already produced.',
    });
  });

  it("reads the produced amount of the seller's referenced item when there is one, else the planner item's", () => {
    expect(producedForQuantity({ produced_amount: 5 }, { produced_amount: 7000 })).toBe(7000);
    expect(producedForQuantity({ produced_amount: 5 }, { produced_amount: 0 })).toBe(0);
    expect(producedForQuantity({ produced_amount: 5 }, undefined)).toBe(5);
  });

  it("the minimum order quantity is the contract's order item minimum", () => {
    const contract = JSON.parse(readFileSync(contractPath, 'utf8'));
    expect(contract.components.schemas.OrderItemInput.properties.plannedAmount.minimum).toBe(MIN_ORDER_QUANTITY);
  });
});
