import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ProductStockReason } from '../../db/tables/clients.js';
import { planTakes, stockAfterChange } from '../stock/stock-rules.js';
import * as repository from './client-inventory.repository.js';

type Trx = Transaction<Database>;

interface MovementContext {
  reason: ProductStockReason;
  source: { type: string; id: number } | null;
  subject: string;
}

/**
 * Takes `quantity` bottles out of a product's stock: out of the period of the price valid today first, then out of
 * the other periods, newest first; one ledger row per period touched. The caller has locked the product row and
 * checked that its stock holds `quantity`; answers how many could not be taken (0 when the stock holds them).
 */
export async function takeFromPeriods(trx: Trx, productId: number, quantity: number, today: string, context: MovementContext): Promise<number> {
  const current = await repository.priceOn(trx, productId, today);
  const periods = await repository.lockStockRows(trx, productId);
  const { takes, left } = planTakes(
    periods.map((row) => ({ id: row.id, priceId: row.price_id, stock: row.current_stock })),
    current?.id,
    quantity,
  );
  for (const take of takes) {
    await repository.applyMovement(trx, { stockId: take.stockId, productId, quantity: -take.quantity, ...context });
  }
  return left;
}

/** Puts `quantity` bottles into the period of `priceId` (its stock row created when missing), as one ledger row. */
export async function putIntoPeriod(trx: Trx, productId: number, priceId: number, quantity: number, context: MovementContext) {
  const row = await repository.stockRowForPrice(trx, productId, priceId);
  return repository.applyMovement(trx, { stockId: row.id, productId, quantity, ...context });
}

/**
 * For production records (the operator's produced quantities): changes a product's bottle stock by `delta` through
 * the period ledger, so `client_products.current_stock` stays the sum of its price periods. Produced bottles go into
 * the period of the price valid today (else the latest period that has started, else the earliest one); a lowering
 * takes them back out like a reclassification does. Locks the product row; answers the product's stock after it,
 * `'belowZero'` when a lowering exceeds the stock, or `'noPrice'` when the product has no price period at all (bottle
 * stock is kept per price period). Call it inside the caller's transaction; nothing is written when it refuses.
 */
export async function recordBottleStockChange(
  trx: Trx,
  movement: { productId: number; delta: number; subject: string; source: { type: string; id: number } | null; today: string },
): Promise<number | 'belowZero' | 'noPrice'> {
  const [product] = await repository.lockProducts(trx, [movement.productId]);
  if (!product) throw new Error(`client product ${movement.productId} not found`);
  const context = { reason: 'production' as const, source: movement.source, subject: movement.subject };
  const after = stockAfterChange(product.currentStock, movement.delta);
  if (after === 'belowZero') return after;
  if (movement.delta < 0) {
    await takeFromPeriods(trx, product.id, -movement.delta, movement.today, context);
    return after;
  }
  if (movement.delta > 0) {
    const priceId = await repository.periodForProduction(trx, product.id, movement.today);
    if (priceId === undefined) return 'noPrice';
    await putIntoPeriod(trx, product.id, priceId, movement.delta, context);
  }
  return after;
}
