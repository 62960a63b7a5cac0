import { describe, expect, it } from 'vitest';
import { fillQuantity, planTakes, stockAfterChange } from './stock-rules.js';

describe("'Fill preform stock'", () => {
  it('Increase adds the entered number to the stock; a negative number corrects it down', () => {
    expect(fillQuantity('increase', 500, 1_200)).toBe(500);
    expect(fillQuantity('increase', -300, 1_200)).toBe(-300);
  });

  it('Set records the difference that brings the stock to the entered number', () => {
    expect(fillQuantity('set', 1_500, 1_200)).toBe(300);
    expect(fillQuantity('set', 1_000, 1_200)).toBe(-200);
    expect(fillQuantity('set', 1_200, 1_200)).toBe(0);
  });
});

describe('bottles taken out of a product’s price periods', () => {
  const periods = [
    { id: 11, priceId: 3, stock: 40 }, // newest
    { id: 12, priceId: 2, stock: 25 }, // today's price
    { id: 13, priceId: 1, stock: 100 }, // oldest
  ];

  it("come out of the period of today's price first", () => {
    expect(planTakes(periods, 2, 20)).toEqual({ takes: [{ stockId: 12, quantity: 20 }], left: 0 });
    expect(planTakes(periods, 2, 25)).toEqual({ takes: [{ stockId: 12, quantity: 25 }], left: 0 });
  });

  it('then out of the other periods in the order given (newest first), each at most its stock', () => {
    expect(planTakes(periods, 2, 70)).toEqual({
      takes: [
        { stockId: 12, quantity: 25 },
        { stockId: 11, quantity: 40 },
        { stockId: 13, quantity: 5 },
      ],
      left: 0,
    });
  });

  it('without a price valid today, the periods are taken in the order given', () => {
    expect(planTakes(periods, undefined, 50)).toEqual({
      takes: [
        { stockId: 11, quantity: 40 },
        { stockId: 12, quantity: 10 },
      ],
      left: 0,
    });
  });

  it('skips empty periods and says what the stock could not give', () => {
    const thin = [
      { id: 21, priceId: 5, stock: 0 },
      { id: 22, priceId: 4, stock: 7 },
    ];
    expect(planTakes(thin, 5, 10)).toEqual({ takes: [{ stockId: 22, quantity: 7 }], left: 3 });
    expect(planTakes(thin, 5, 0)).toEqual({ takes: [], left: 0 });
    expect(planTakes([], 5, 4)).toEqual({ takes: [], left: 4 });
  });
});

describe('a produced quantity changes the bottle stock', () => {
  it('up by what was produced, down by a correction', () => {
    expect(stockAfterChange(100, 50)).toBe(150);
    expect(stockAfterChange(100, -40)).toBe(60);
    expect(stockAfterChange(100, 0)).toBe(100);
  });

  it('never below 0: a lowering past the stock is refused, one to exactly 0 is not', () => {
    expect(stockAfterChange(100, -100)).toBe(0);
    expect(stockAfterChange(100, -101)).toBe('belowZero');
  });
});
