import { replayFifo, receiveLot } from '../../features/lots/lots.ledger.js';
import { preformsUsed } from '../../features/orders/agenda.service.js';
import type { Db } from '../database.js';

/**
 * The demo's preform lots, as the portal would have made them: every delivered supply order gets its lot
 * (every other one with a supplier lot number), through the supply board's function, then every produced entry takes
 * its preforms FIFO from the lots that had arrived by its time, oldest entry first, by the operator's dialog's rule
 * (replayFifo: the half year at once). Runs after every seed that writes deliveries and produced entries; what already
 * has its lot or its uses is left alone.
 */
export async function seedLots(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deliveries = await trx
      .selectFrom('supply_orders as so')
      .select(['so.id', 'so.delivered_at'])
      .where('so.order_status', '=', 'delivered')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('lots as l').select('l.id').whereRef('l.supply_order_id', '=', 'so.id'))))
      .orderBy('so.delivered_at')
      .orderBy('so.id')
      .execute();
    for (const [index, delivery] of deliveries.entries()) {
      const number = index % 2 === 0 ? `RB-${String(2611 + index).padStart(4, '0')}-${String(100 + delivery.id).padStart(4, '0')}` : null;
      await receiveLot(trx, { supplyOrderId: delivery.id, supplierLotNumber: number, deliveredAt: delivery.delivered_at ?? undefined });
    }
    const entries = await trx
      .selectFrom('produced_entries as e')
      .innerJoin('client_production_order_items as i', 'i.id', 'e.order_item_id')
      .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
      .select(['e.id', 'e.order_item_id', 'e.quantity', 'e.produced_total', 'e.subject', 'e.created_at', 'cp.preform_id', 'cp.preform_warehouse_id', 'cp.scrap_rate', 'cp.preform_scrap_start', 'cp.preform_scrap_change_over'])
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('lot_consumptions as c').select('c.id').whereRef('c.produced_entry_id', '=', 'e.id'))))
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute();
    await replayFifo(
      trx,
      entries.map((entry) => ({
        producedEntryId: entry.id,
        orderItemId: entry.order_item_id,
        preformId: entry.preform_id,
        warehouseId: entry.preform_warehouse_id,
        preforms: preformsUsed(entry.produced_total, entry) - preformsUsed(entry.produced_total - entry.quantity, entry),
        bottles: entry.quantity,
        subject: entry.subject,
        at: new Date(entry.created_at),
      })),
    );
    return deliveries.length > 0 || entries.length > 0;
  });
}
