import { sql, type Kysely, type Transaction } from 'kysely';
import { executePrepared, executeRows, type Database } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { isDefaultSort, paginate, type PaginationInput } from '../../lib/pagination.js';
import { preformSummaryOf, type PreformSummaryColumns } from '../preforms/preforms.repository.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A lot with its preform, warehouse and supplier's manufacturer: one statement, joins by primary key. */
const lotsQuery = (db: Executor) =>
  db
    .selectFrom('lots as l')
    .innerJoin('preforms as p', 'p.id', 'l.preform_id')
    .innerJoin('preform_warehouses as w', 'w.id', 'l.warehouse_id')
    .innerJoin('manufacturers as m', 'm.id', 'l.manufacturer_id')
    .select([
      'l.id',
      'l.supplier_lot_number',
      'l.supply_order_id',
      'l.delivery_date',
      'l.quantity',
      'l.consumed',
      'l.preform_id',
      'l.warehouse_id',
      'l.preform_supply_id',
      'l.manufacturer_id',
      'l.version',
      'p.preform_name',
      'p.neck',
      'p.material',
      'p.color',
      'p.weight',
      'p.qty_per_box',
      'w.warehouse_name',
      'm.manufacturer_name',
    ]);

type LotRow = Awaited<ReturnType<ReturnType<typeof lotsQuery>['executeTakeFirstOrThrow']>>;

export const toLot = (row: LotRow): Schemas['Lot'] => ({
  id: row.id,
  supplierLotNumber: row.supplier_lot_number,
  supplyOrderId: row.supply_order_id,
  deliveryDate: row.delivery_date,
  quantity: row.quantity,
  consumed: row.consumed,
  remaining: row.quantity - row.consumed,
  state: row.consumed < row.quantity ? 'open' : 'usedUp',
  preformId: row.preform_id,
  Preform: preformSummaryOf(row),
  preformWarehouseId: row.warehouse_id,
  PreformWarehouse: { id: row.warehouse_id, warehouseName: row.warehouse_name },
  preformSupplyId: row.preform_supply_id,
  Manufacturer: { id: row.manufacturer_id, manufacturerName: row.manufacturer_name },
  version: row.version,
});

export interface LotFilter {
  preformId?: number;
  preformWarehouseId?: number;
  manufacturerId?: number;
  state?: Schemas['LotState'];
  supplierLotNumber?: string;
}

const SORT_COLUMNS = { deliveryDate: 'l.delivery_date', remaining: 'remaining_sort', id: 'l.id' };
const LIST_ORDER = { sortBy: 'deliveryDate', descending: true, tieBreaker: 'l.id' };

/**
 * One page of lots and the number of lots matching: two statements, the page read in the sort's index order up to
 * its last row (lots_list for the default sort); the count read from `lot_state_counts` when the state is the only
 * filter, else through the narrowest index the filter allows. The kept count and the page of the open lots screen (or of
 * every lot: no other filter, the default sort) run prepared: planning cost more than running the page, and
 * its generic plan is the custom plans', on the first and a deep page alike. Not the used-up lots' page: its generic
 * plan is slower than the custom plan when few lots are used up; nor other filters' or sorts' texts
 * (docs/performance.md).
 */
export async function findLots(db: Executor, filter: LotFilter, pagination: PaginationInput): Promise<{ rows: Schemas['Lot'][]; count: number }> {
  const text = filter.supplierLotNumber?.trim();
  // Every filter but the state: without any, the count is kept beside the lots (lot_state_counts).
  const others = [
    filter.preformId === undefined ? null : sql`l.preform_id = ${filter.preformId}`,
    filter.preformWarehouseId === undefined ? null : sql`l.warehouse_id = ${filter.preformWarehouseId}`,
    filter.manufacturerId === undefined ? null : sql`l.manufacturer_id = ${filter.manufacturerId}`,
    text ? sql`strpos(lower(l.supplier_lot_number), lower(${text})) > 0` : null,
  ].filter((condition) => condition !== null);
  const conditions = [
    ...others,
    filter.state === 'open' ? sql`l.consumed < l.quantity` : null,
    filter.state === 'usedUp' ? sql`l.consumed >= l.quantity` : null,
  ].filter((condition) => condition !== null);
  const where = conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
  const page = paginate(lotsQuery(db).where(where).select(sql<number>`l.quantity - l.consumed`.as('remaining_sort')), pagination, SORT_COLUMNS, LIST_ORDER);
  const [rows, total] = await Promise.all([
    executeRows(db, page, others.length === 0 && filter.state !== 'usedUp' && isDefaultSort(pagination, SORT_COLUMNS, LIST_ORDER)),
    others.length === 0 ? stateCount(db, filter.state) : countQuery(db).where(where).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toLot), count: total.count };
}

const countQuery = (db: Executor) => db.selectFrom('lots as l').select(sql<number>`count(*)::int`.as('count'));

/**
 * The number of lots in a state (or of all lots) without counting them: `lot_state_counts`, kept by the lots' statement
 * triggers (the lot-state-counts module), instead of counting every open lot on each page.
 */
async function stateCount(db: Executor, state: Schemas['LotState'] | undefined): Promise<{ count: number }> {
  const result = await executePrepared(
    db,
    sql<{ count: number }>`select coalesce(sum(lots), 0)::int as count from lot_state_counts where ${state === undefined ? sql`true` : sql`state = ${state}`}`,
  );
  return result.rows[0]!;
}

export async function findLot(db: Executor, id: number): Promise<Schemas['Lot'] | undefined> {
  const row = await lotsQuery(db).where('l.id', '=', id).executeTakeFirst();
  return row && toLot(row);
}

/** Sets the supplier lot number when the version matches; undefined otherwise. */
export async function updateSupplierLotNumber(trx: Executor, id: number, version: number, supplierLotNumber: string | null) {
  return trx
    .updateTable('lots')
    .set((eb) => ({ supplier_lot_number: supplierLotNumber, version: eb('version', '+', 1), updated_at: sql<Date>`now()` }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Stock by lot per preform and warehouse: the ledger's balance (preform_stock) with the open lots, oldest first, in
 * one statement (the lots of each pair through the FIFO index).
 */
export async function findLotStock(db: Executor, filter: { preformId?: number; preformWarehouseId?: number }): Promise<Schemas['LotStockRow'][]> {
  const rows = await sql<PreformSummaryColumns & {
    warehouse_id: number;
    current_stock: number;
    warehouse_name: string;
    lots: { id: number; supplierLotNumber: string | null; deliveryDate: string; supplyOrderId: number; manufacturerName: string; remaining: number }[];
  }>`
    select s.preform_id, s.warehouse_id, coalesce(s.current_stock, 0)::int as current_stock,
           p.preform_name, p.neck, p.material, p.color, p.weight, p.qty_per_box, w.warehouse_name,
           coalesce(open.lots, '[]'::json) as lots
    from preform_stock s
    join preforms p on p.id = s.preform_id
    join preform_warehouses w on w.id = s.warehouse_id
    left join lateral (
      select json_agg(json_build_object('id', l.id, 'supplierLotNumber', l.supplier_lot_number, 'deliveryDate', l.delivery_date,
                                        'supplyOrderId', l.supply_order_id, 'manufacturerName', m.manufacturer_name,
                                        'remaining', l.quantity - l.consumed) order by l.delivery_date, l.id) as lots
      from lots l join manufacturers m on m.id = l.manufacturer_id
      where l.preform_id = s.preform_id and l.warehouse_id = s.warehouse_id and l.consumed < l.quantity
    ) open on true
    where (s.current_stock is not null or open.lots is not null)
      and (${filter.preformId ?? null}::int is null or s.preform_id = ${filter.preformId ?? null}::int)
      and (${filter.preformWarehouseId ?? null}::int is null or s.warehouse_id = ${filter.preformWarehouseId ?? null}::int)
    order by w.warehouse_name, p.preform_name, s.preform_id, s.warehouse_id`.execute(db);
  return rows.rows.map((row) => {
    const inLots = row.lots.reduce((sum, lot) => sum + lot.remaining, 0);
    return {
      preformId: row.preform_id,
      Preform: preformSummaryOf(row),
      preformWarehouseId: row.warehouse_id,
      PreformWarehouse: { id: row.warehouse_id, warehouseName: row.warehouse_name },
      currentStock: row.current_stock,
      inLots,
      unlotted: row.current_stock - inLots,
      lots: row.lots,
    };
  });
}

/** The lot columns of a trace, as JSON built in SQL. */
const lotRefJson = sql`json_build_object('id', l.id, 'supplierLotNumber', l.supplier_lot_number, 'deliveryDate', l.delivery_date,
  'supplyOrderId', l.supply_order_id, 'manufacturerName', m.manufacturer_name)`;

/**
 * Production records with their lots, for a set of items (or one record): one statement, the records' rows through
 * the item (or record) index, each lot by primary key. Newest record first.
 */
export async function findRecords(db: Executor, where: { itemIds: readonly number[] } | { entryId: number }): Promise<Schemas['ProductionRecordLots'][]> {
  const condition =
    'entryId' in where
      ? sql`e.id = ${where.entryId}`
      : where.itemIds.length === 0
        ? sql`false`
        : sql`e.order_item_id = any(${sql.val([...where.itemIds])}::int[])`;
  const rows = await sql<{
    id: number;
    order_item_id: number;
    created_at: Date;
    recorded_by: string;
    quantity: number;
    preform_id: number | null;
    warehouse_id: number | null;
    product_preform_id: number;
    product_warehouse_id: number;
    preforms: number;
    lots: Schemas['LotUse'][];
  }>`
    select e.id, e.order_item_id, e.created_at, e.recorded_by, e.quantity,
           cp.preform_id as product_preform_id, cp.preform_warehouse_id as product_warehouse_id,
           u.preform_id, u.warehouse_id, coalesce(u.preforms, 0)::int as preforms, coalesce(u.lots, '[]'::json) as lots
    from produced_entries e
    join client_production_order_items i on i.id = e.order_item_id
    join client_products cp on cp.id = i.client_product_id
    left join lateral (
      select min(c.preform_id) as preform_id, min(c.warehouse_id) as warehouse_id, sum(c.preforms) as preforms,
             json_agg(json_build_object('lot', case when l.id is null then null else ${lotRefJson} end, 'preforms', c.preforms)
                      order by l.delivery_date nulls last, l.id) as lots
      from (select c.lot_id, min(c.preform_id) as preform_id, min(c.warehouse_id) as warehouse_id, sum(c.preforms)::int as preforms
            from lot_consumptions c where c.produced_entry_id = e.id group by c.lot_id) c
      left join lots l on l.id = c.lot_id
      left join manufacturers m on m.id = l.manufacturer_id
      where c.preforms <> 0
    ) u on true
    where ${condition}
    order by e.id desc`.execute(db);
  return rows.rows.map((row) => ({
    producedEntryId: row.id,
    orderItemId: row.order_item_id,
    recordedAt: row.created_at.toISOString(),
    recordedBy: row.recorded_by,
    bottles: row.quantity,
    preforms: Math.max(0, row.preforms),
    preformId: row.preform_id ?? row.product_preform_id,
    preformWarehouseId: row.warehouse_id ?? row.product_warehouse_id,
    lots: row.lots.map((use) => ({ lot: use.lot, preforms: Math.abs(use.preforms) })),
  }));
}

/** The stored uses of a record, by lot (net), locked with the record's lots for a correction. */
export async function recordUses(trx: Transaction<Database>, entryId: number) {
  return trx
    .selectFrom('lot_consumptions')
    .select(['lot_id', 'order_item_id', 'preform_id', 'warehouse_id', sql<number>`sum(preforms)::int`.as('preforms'), sql<number>`sum(bottles)::int`.as('bottles')])
    .where('produced_entry_id', '=', entryId)
    .groupBy(['lot_id', 'order_item_id', 'preform_id', 'warehouse_id'])
    .execute();
}

export async function lockEntry(trx: Transaction<Database>, entryId: number) {
  return trx.selectFrom('produced_entries').select(['id', 'order_item_id', 'quantity', 'created_at']).where('id', '=', entryId).forUpdate().executeTakeFirst();
}

export async function lockLots(trx: Transaction<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('lots')
    .select(['id', 'preform_id', 'warehouse_id', 'quantity', 'consumed', 'received_at', 'delivery_date'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function deleteRecordUses(trx: Transaction<Database>, entryId: number) {
  await trx.deleteFrom('lot_consumptions').where('produced_entry_id', '=', entryId).execute();
}
