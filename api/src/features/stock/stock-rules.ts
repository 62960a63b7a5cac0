/**
 * The stock rules that need no database: what a 'Fill preform stock' entry writes to the ledger, and which price
 * periods a take of bottles comes out of. The services lock the rows, apply these rules and write the ledger.
 */

export type FillMethod = 'increase' | 'set';

/**
 * The ledger quantity of a 'Fill preform stock' entry: `increase` adds the entered number (a negative one corrects
 * the stock down); `set` records the difference that brings the balance to the entered number.
 */
export function fillQuantity(method: FillMethod, entered: number, balance: number): number {
  return method === 'set' ? entered - balance : entered;
}

export interface StockPeriod {
  /** The stock row of the period. */
  id: number;
  /** The price the period belongs to. */
  priceId: number;
  /** Bottles in the period now. */
  stock: number;
}

export interface PlannedTakes {
  /** One entry per period touched, in the order they are taken from; never a zero quantity. */
  takes: { stockId: number; quantity: number }[];
  /** What the periods could not give (0 when their stock holds the quantity). */
  left: number;
}

/**
 * Takes `quantity` bottles out of a product's price periods: out of the period of the price valid today first,
 * then out of the others in the order given (the repository gives them newest first), each at most its stock.
 */
export function planTakes(periods: readonly StockPeriod[], currentPriceId: number | undefined, quantity: number): PlannedTakes {
  const ordered = [...periods.filter((period) => period.priceId === currentPriceId), ...periods.filter((period) => period.priceId !== currentPriceId)];
  const takes: PlannedTakes['takes'] = [];
  let left = quantity;
  for (const period of ordered) {
    const take = Math.min(left, period.stock);
    if (take <= 0) continue;
    takes.push({ stockId: period.id, quantity: take });
    left -= take;
  }
  return { takes, left };
}

/**
 * A production record's change of a product's bottle stock: the stock after it, or `'belowZero'` when a lowering
 * takes more than the stock holds (bottle stock never goes below 0).
 */
export function stockAfterChange(currentStock: number, delta: number): number | 'belowZero' {
  const after = currentStock + delta;
  return after < 0 ? 'belowZero' : after;
}
