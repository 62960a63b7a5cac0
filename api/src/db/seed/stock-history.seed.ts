import type { Db } from '../database.js';
import { preformsUsed } from '../../features/orders/agenda.service.js';
import { recordPastMovements, type Movement } from '../../features/stock/stock.repository.js';
import { nowMs } from '../../lib/clock.js';
import { OPENING_COUNTS, PREFORMS, WAREHOUSES } from './supply.seed.js';
import { demoUser } from './users.seed.js';

const DAY = 86_400_000;
/** The plant reorders a preform when its stock would last fewer days than this at its average usage… */
const REORDER_DAYS = 9;
/** …and orders this many days of it, in whole boxes. */
const ORDER_DAYS = 20;
/** No delivery is made up in the last days: what arrives then is the board's own cards. */
const QUIET_DAYS = 5;

type PastMovement = Movement & { at: Date };

/** The next weekday's 07:00 (UTC) after the instant: when a truck arrives. */
function nextDelivery(after: number): Date {
  const date = new Date(Math.floor(after / DAY) * DAY + DAY + 7 * 3_600_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * The preform stock's history, as the ledger would have recorded it: the operator's opening counts at the
 * start of the demo's half year, then every delivery (the board's delivered cards, and the earlier deliveries the plant
 * needed) and every produced entry's preforms (a `production` row, as the operator's dialog writes it: preformsUsed of
 * the entry's bottles), each at the instant it happened and in that order, so the balances after each row are the
 * stock of that moment and the supply plan's past consumption is real usage. Earlier deliveries are made up where the
 * stock would have fallen below REORDER_DAYS of the pair's average usage, ORDER_DAYS of it in whole boxes from the
 * supplier its products name, some a day or two after their due date (the suppliers' on-time figures). Written once:
 * false when the ledger has rows already, or when there is nothing to write.
 */
export async function seedStockHistory(db: Db): Promise<boolean> {
  if (await db.selectFrom('preform_stock_movements').select('id').limit(1).executeTakeFirst()) return false;
  return db.transaction().execute(async (trx) => {
    const entries = await trx
      .selectFrom('produced_entries as e')
      .innerJoin('client_production_order_items as i', 'i.id', 'e.order_item_id')
      .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
      .select([
        'e.order_item_id',
        'e.quantity',
        'e.produced_total',
        'e.subject',
        'e.created_at',
        'cp.preform_id',
        'cp.preform_warehouse_id',
        'cp.default_supply_id',
        'cp.scrap_rate',
        'cp.preform_scrap_start',
        'cp.preform_scrap_change_over',
      ])
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute();
    const delivered = await trx
      .selectFrom('supply_orders')
      .select(['id', 'preform_id', 'preform_warehouse_id', 'ordered_amount', 'delivered_at'])
      .where('order_status', '=', 'delivered')
      .where('delivered_at', 'is not', null)
      .execute();
    const [preforms, warehouses] = await Promise.all([
      trx.selectFrom('preforms').select(['id', 'preform_name', 'qty_per_box']).execute(),
      trx.selectFrom('preform_warehouses').select(['id', 'warehouse_name']).execute(),
    ]);
    if (!entries.length && !delivered.length) return false;

    const now = nowMs();
    const start = entries.length ? Math.floor(new Date(entries[0]!.created_at).getTime() / DAY) * DAY - DAY + 6 * 3_600_000 : now - 182 * DAY;
    const admin = demoUser('admin').id;
    const operator = demoUser('operator').id;
    const key = (preformId: number, warehouseId: number) => `${preformId} ${warehouseId}`;

    interface Pair {
      preformId: number;
      warehouseId: number;
      supplyId: number | null;
      events: PastMovement[];
    }
    const pairs = new Map<string, Pair>();
    const pairOf = (preformId: number, warehouseId: number) => {
      let pair = pairs.get(key(preformId, warehouseId));
      if (!pair) pairs.set(key(preformId, warehouseId), (pair = { preformId, warehouseId, supplyId: null, events: [] }));
      return pair;
    };
    for (const entry of entries) {
      const preformsTaken = preformsUsed(entry.produced_total, entry) - preformsUsed(entry.produced_total - entry.quantity, entry);
      if (preformsTaken === 0) continue;
      const pair = pairOf(entry.preform_id, entry.preform_warehouse_id);
      pair.supplyId ??= entry.default_supply_id;
      pair.events.push({
        preformId: pair.preformId,
        warehouseId: pair.warehouseId,
        quantity: -preformsTaken,
        reason: 'production',
        sourceType: 'order_item',
        sourceId: entry.order_item_id,
        subject: entry.subject,
        at: new Date(entry.created_at),
      });
    }
    for (const order of delivered)
      pairOf(order.preform_id, order.preform_warehouse_id).events.push({
        preformId: order.preform_id,
        warehouseId: order.preform_warehouse_id,
        quantity: order.ordered_amount,
        reason: 'supply_delivery',
        sourceType: 'supply_order',
        sourceId: order.id,
        subject: admin,
        at: new Date(order.delivered_at!),
      });
    const opening = new Map<string, number>();
    for (const [preformIndex, warehouseIndex, amount] of OPENING_COUNTS) {
      const preform = preforms.find((row) => row.preform_name === PREFORMS[preformIndex]?.name);
      const warehouse = warehouses.find((row) => row.warehouse_name === WAREHOUSES[warehouseIndex]);
      if (preform && warehouse) {
        pairOf(preform.id, warehouse.id);
        opening.set(key(preform.id, warehouse.id), amount);
      }
    }

    // Per pair, in time order: the opening count, then its events, with a delivery made up wherever the stock ran low.
    const movements: PastMovement[] = [];
    const madeUp: { pair: Pair; amount: number; arrival: Date; lateDays: number }[] = [];
    for (const pair of pairs.values()) {
      const boxSize = preforms.find((row) => row.id === pair.preformId)?.qty_per_box ?? 1_000;
      const used = -pair.events.filter((event) => event.reason === 'production').reduce((sum, event) => sum + event.quantity, 0);
      const perDay = used / Math.max(1, (now - start) / DAY);
      const order = Math.max(1, Math.ceil((ORDER_DAYS * perDay) / boxSize)) * boxSize;
      let balance = Math.max(opening.get(key(pair.preformId, pair.warehouseId)) ?? 0, perDay > 0 ? order : 0);
      movements.push({ preformId: pair.preformId, warehouseId: pair.warehouseId, quantity: balance, reason: 'fill_increase', subject: operator, at: new Date(start) });
      const events = [...pair.events].sort((a, b) => a.at.getTime() - b.at.getTime());
      let arrival: Date | null = null;
      for (const event of events) {
        if (arrival && arrival.getTime() <= event.at.getTime()) {
          madeUp.push({ pair, amount: order, arrival, lateDays: madeUp.length % 8 === 2 ? 2 : madeUp.length % 13 === 5 ? 1 : 0 });
          balance += order;
          arrival = null;
        }
        balance += event.quantity;
        movements.push(event);
        if (!arrival && pair.supplyId !== null && perDay > 0 && balance < REORDER_DAYS * perDay && event.at.getTime() < now - QUIET_DAYS * DAY)
          arrival = nextDelivery(event.at.getTime());
      }
    }

    // The made-up deliveries as delivered supply orders (their lots follow in the lots seed), then every row in time order.
    if (madeUp.length) {
      const day = (instant: number) => new Date(instant).toISOString().slice(0, 10);
      const orders = await trx
        .insertInto('supply_orders')
        .values(
          madeUp.map((delivery) => ({
            order_status: 'delivered' as const,
            stock: true,
            delivered_at: delivery.arrival,
            ordered_amount: delivery.amount,
            due_date: day(delivery.arrival.getTime() - delivery.lateDays * DAY),
            preform_id: delivery.pair.preformId,
            preform_warehouse_id: delivery.pair.warehouseId,
            preform_supply_id: delivery.pair.supplyId!,
            created_at: new Date(delivery.arrival.getTime() - 21 * DAY),
            updated_at: delivery.arrival,
          })),
        )
        .returning('id')
        .execute();
      madeUp.forEach((delivery, index) =>
        movements.push({
          preformId: delivery.pair.preformId,
          warehouseId: delivery.pair.warehouseId,
          quantity: delivery.amount,
          reason: 'supply_delivery',
          sourceType: 'supply_order',
          sourceId: orders[index]!.id,
          subject: admin,
          at: delivery.arrival,
        }),
      );
    }
    movements.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let from = 0; from < movements.length; from += 2_000) await recordPastMovements(trx, movements.slice(from, from + 2_000));
    return true;
  });
}
