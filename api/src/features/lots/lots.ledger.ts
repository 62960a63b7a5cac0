import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { now } from '../../lib/clock.js';

/**
 * The writes other domains make to lots (docs/traceability.md), each inside their own transaction:
 * - the supply board's delivery creates the supply order's lot (`receiveLot`), beside its 'supply_delivery' ledger row;
 * - recording produced bottles consumes the preforms FIFO from the lots (`consumeFifo`), beside its 'production'
 *   ledger row, with the same number of preforms.
 * The stock ledger stays the one truth of balances; lots only say which delivery the preforms came from.
 */

type Trx = Transaction<Database>;

/** The lot of a supply order added to stock: its supplier, preform, warehouse, the ordered amount, and the supplier's lot number when given. */
export async function receiveLot(
  trx: Trx,
  delivery: { supplyOrderId: number; supplierLotNumber?: string | null; deliveredAt?: Date },
): Promise<number> {
  const at = delivery.deliveredAt ?? now();
  const row = await trx
    .insertInto('lots')
    .columns(['supply_order_id', 'preform_id', 'warehouse_id', 'preform_supply_id', 'manufacturer_id', 'delivery_date', 'received_at', 'quantity', 'supplier_lot_number'])
    .expression((eb) =>
      eb
        .selectFrom('supply_orders as so')
        .innerJoin('preform_supplies as ps', 'ps.id', 'so.preform_supply_id')
        .select([
          'so.id',
          'so.preform_id',
          'so.preform_warehouse_id',
          'so.preform_supply_id',
          'ps.manufacturer_id',
          sql<string>`(${at}::timestamptz at time zone 'UTC')::date`.as('delivery_date'),
          sql<Date>`${at}::timestamptz`.as('received_at'),
          'so.ordered_amount',
          sql<string | null>`${delivery.supplierLotNumber?.trim() || null}::text`.as('supplier_lot_number'),
        ])
        .where('so.id', '=', delivery.supplyOrderId),
    )
    .onConflict((oc) => oc.column('supply_order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await trx.selectFrom('lots').select('id').where('supply_order_id', '=', delivery.supplyOrderId).executeTakeFirstOrThrow();
  return existing.id;
}

/** One row of a record's allocation, before it is written. */
interface Use {
  lotId: number | null;
  preforms: number;
}

/**
 * Splits a record's bottles over its uses in proportion to their preforms, in whole bottles that sum to the record's
 * bottles (largest remainder).
 */
export function splitBottles(bottles: number, uses: readonly Use[]): number[] {
  const total = uses.reduce((sum, use) => sum + use.preforms, 0);
  if (total === 0 || uses.length === 0) return uses.map((_, index) => (index === 0 ? bottles : 0));
  const exact = uses.map((use) => (bottles * use.preforms) / total);
  const whole = exact.map((value) => Math.trunc(value));
  let left = bottles - whole.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, rest: Math.abs(value - whole[index]) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    const step = Math.sign(left);
    whole[index] += step;
    left -= step;
  }
  return whole;
}

/** Writes a record's uses and moves the lots' consumed totals with them (one statement each). */
export async function writeUses(
  trx: Trx,
  record: { producedEntryId: number; orderItemId: number; preformId: number; warehouseId: number; bottles: number; subject: string },
  uses: readonly Use[],
  origin: 'fifo' | 'giveBack' | 'correction',
): Promise<void> {
  const kept = uses.filter((use) => use.preforms !== 0);
  if (kept.length === 0) return;
  const bottles = splitBottles(record.bottles, kept);
  await trx
    .insertInto('lot_consumptions')
    .values(
      kept.map((use, index) => ({
        produced_entry_id: record.producedEntryId,
        order_item_id: record.orderItemId,
        lot_id: use.lotId,
        preform_id: record.preformId,
        warehouse_id: record.warehouseId,
        preforms: use.preforms,
        bottles: bottles[index],
        origin,
        subject: record.subject,
      })),
    )
    .execute();
  await moveConsumed(trx, kept);
}

/** Adds each use's preforms to its lot's consumed total. */
export async function moveConsumed(trx: Trx, uses: readonly Use[]): Promise<void> {
  const byLot = new Map<number, number>();
  for (const use of uses) if (use.lotId !== null) byLot.set(use.lotId, (byLot.get(use.lotId) ?? 0) + use.preforms);
  if (byLot.size === 0) return;
  const values = sql.join([...byLot].map(([id, preforms]) => sql`(${id}::integer, ${preforms}::integer)`));
  await sql`
    update lots l set consumed = l.consumed + v.preforms, updated_at = now()
    from (values ${values}) as v(id, preforms)
    where l.id = v.id`.execute(trx);
}

/** A production record as consumeFifo and replayFifo take it. */
export interface FifoRecord {
  producedEntryId: number;
  orderItemId: number;
  preformId: number;
  warehouseId: number;
  preforms: number;
  bottles: number;
  subject: string;
}

/**
 * Past production records, each taking preforms, FIFO from the lots by consumeFifo's rule (the lots of the record's
 * preform and warehouse received by its time, oldest delivery first, the rest unlotted), worked out in memory over the
 * open lots read once, and written in a few statements. The demo seed replays half a year of a plant this way: one
 * consumeFifo per record made thousands of round trips, most of its start-up time. The records come in the order
 * they happened, `at` their produced entries' times; the lots are locked meanwhile, as consumeFifo locks them.
 */
export async function replayFifo(trx: Trx, records: readonly (FifoRecord & { at: Date })[]): Promise<void> {
  const taking = records.filter((record) => record.preforms > 0);
  if (!taking.length) return;
  const key = (preformId: number, warehouseId: number) => `${preformId} ${warehouseId}`;
  const pairs = [...new Map(taking.map((record) => [key(record.preformId, record.warehouseId), record])).values()];
  const open = await trx
    .selectFrom('lots')
    .select(['id', 'preform_id', 'warehouse_id', 'received_at', sql<number>`quantity - consumed`.as('remaining')])
    .where(sql<boolean>`consumed < quantity`)
    .where(sql<boolean>`(preform_id, warehouse_id) in (select * from unnest(${pairs.map((p) => p.preformId)}::int[], ${pairs.map((p) => p.warehouseId)}::int[]))`)
    .orderBy('delivery_date')
    .orderBy('id')
    .forUpdate()
    .execute();
  const lotsOf = new Map<string, { id: number; receivedAt: number; remaining: number }[]>();
  for (const lot of open) {
    const list = lotsOf.get(key(lot.preform_id, lot.warehouse_id)) ?? [];
    list.push({ id: lot.id, receivedAt: new Date(lot.received_at).getTime(), remaining: Number(lot.remaining) });
    lotsOf.set(key(lot.preform_id, lot.warehouse_id), list);
  }
  const rows: Insertable<Database['lot_consumptions']>[] = [];
  const consumed: Use[] = [];
  for (const record of taking) {
    const uses: Use[] = [];
    let left = record.preforms;
    for (const lot of lotsOf.get(key(record.preformId, record.warehouseId)) ?? []) {
      if (left === 0) break;
      if (lot.remaining <= 0 || lot.receivedAt > record.at.getTime()) continue;
      const take = Math.min(left, lot.remaining);
      uses.push({ lotId: lot.id, preforms: take });
      lot.remaining -= take;
      left -= take;
    }
    if (left > 0) uses.push({ lotId: null, preforms: left });
    consumed.push(...uses);
    const bottles = splitBottles(record.bottles, uses);
    uses.forEach((use, index) =>
      rows.push({
        produced_entry_id: record.producedEntryId,
        order_item_id: record.orderItemId,
        lot_id: use.lotId,
        preform_id: record.preformId,
        warehouse_id: record.warehouseId,
        preforms: use.preforms,
        bottles: bottles[index]!,
        origin: 'fifo',
        subject: record.subject,
      }),
    );
  }
  for (let from = 0; from < rows.length; from += 2_000) await trx.insertInto('lot_consumptions').values(rows.slice(from, from + 2_000)).execute();
  await moveConsumed(trx, consumed);
}

/**
 * A production record's preforms, from the lots. `preforms` is what the record's 'production' ledger row
 * took (positive) or gave back (negative; a lowered produced total) in the product's preform and warehouse.
 * - Taken: FIFO from the oldest open lot of that preform in that warehouse (delivery date, then lot id) among the lots
 *   received on or before the record's time (its produced entry's `created_at`): preforms are used when they are
 *   recorded, and a lot that arrived later cannot have been in them. The lots are locked so two records never take
 *   the same preforms; what the open lots do not cover is recorded unlotted.
 * - Given back: to what the item took, last taken first: its unlotted preforms first, then its lots newest first;
 *   beyond what it took (preforms taken before lots existed), unlotted.
 * The record's rows sum to `preforms`, and its bottles are split over them.
 */
export async function consumeFifo(
  trx: Trx,
  record: { producedEntryId: number; orderItemId: number; preformId: number; warehouseId: number; preforms: number; bottles: number; subject: string },
): Promise<void> {
  if (record.preforms === 0) return;
  const uses: Use[] = [];
  if (record.preforms > 0) {
    const entry = await trx.selectFrom('produced_entries').select('created_at').where('id', '=', record.producedEntryId).executeTakeFirstOrThrow();
    const open = await trx
      .selectFrom('lots')
      .select(['id', sql<number>`quantity - consumed`.as('remaining')])
      .where('preform_id', '=', record.preformId)
      .where('warehouse_id', '=', record.warehouseId)
      .where(sql<boolean>`consumed < quantity`)
      .where('received_at', '<=', entry.created_at)
      .orderBy('delivery_date')
      .orderBy('id')
      .forUpdate()
      .execute();
    let left = record.preforms;
    for (const lot of open) {
      if (left === 0) break;
      const take = Math.min(left, lot.remaining);
      uses.push({ lotId: lot.id, preforms: take });
      left -= take;
    }
    if (left > 0) uses.push({ lotId: null, preforms: left });
    await writeUses(trx, record, uses, 'fifo');
    return;
  }
  const taken = await trx
    .selectFrom('lot_consumptions as c')
    .leftJoin('lots as l', 'l.id', 'c.lot_id')
    .select(['c.lot_id', sql<number>`sum(c.preforms)::integer`.as('preforms')])
    .where('c.order_item_id', '=', record.orderItemId)
    .where('c.preform_id', '=', record.preformId)
    .where('c.warehouse_id', '=', record.warehouseId)
    .groupBy(['c.lot_id', 'l.delivery_date'])
    .having(sql<boolean>`sum(c.preforms) > 0`)
    .orderBy(sql`c.lot_id is not null`)
    .orderBy('l.delivery_date', 'desc')
    .orderBy('c.lot_id', 'desc')
    .execute();
  if (taken.some((row) => row.lot_id !== null)) {
    await trx
      .selectFrom('lots')
      .select('id')
      .where('id', 'in', taken.flatMap((row) => (row.lot_id === null ? [] : [row.lot_id])))
      .forUpdate()
      .execute();
  }
  let left = -record.preforms;
  for (const row of taken) {
    if (left === 0) break;
    const back = Math.min(left, row.preforms);
    uses.push({ lotId: row.lot_id, preforms: -back });
    left -= back;
  }
  if (left > 0) uses.push({ lotId: null, preforms: -left });
  await writeUses(trx, record, uses, 'giveBack');
}
