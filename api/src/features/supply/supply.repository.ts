import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { preformSummaryOf } from '../preforms/preforms.repository.js';
import type { SupplyOrderStatus } from '../../db/tables/supply.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { now } from '../../lib/clock.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type SupplyOrderRow = Schemas['SupplyOrder'];

/** The editable fields of a supply order. */
export interface SupplyOrderValues {
  orderedAmount: number;
  dueDate: string;
  preformId: number;
  preformWarehouseId: number;
  preformSupplyId: number;
  clientProductionOrderId: number | null;
}

/** A card with everything it shows: preform, warehouse, supplier and linked production order, in one query. */
const cards = (db: Executor) =>
  db
    .selectFrom('supply_orders as o')
    .innerJoin('preforms as p', 'p.id', 'o.preform_id')
    .innerJoin('preform_warehouses as w', 'w.id', 'o.preform_warehouse_id')
    .innerJoin('preform_supplies as s', 's.id', 'o.preform_supply_id')
    .innerJoin('manufacturers as m', 'm.id', 's.manufacturer_id')
    .select([
      'o.id',
      'o.order_status',
      'o.ordered_amount',
      'o.due_date',
      'o.preform_id',
      'o.preform_warehouse_id',
      'o.preform_supply_id',
      'o.stock',
      'o.client_production_order_id',
      'o.version',
      'p.preform_name',
      'p.neck',
      'p.material',
      'p.color',
      'p.weight',
      'p.qty_per_box',
      'w.warehouse_name',
      's.manufacturer_id',
      'm.manufacturer_name',
      // A lookup per card, not a join: production orders grow for years, and a hash join would read them all.
      (eb) =>
        eb
          .selectFrom('client_production_orders as po')
          .select('po.order_no')
          .whereRef('po.id', '=', 'o.client_production_order_id')
          .as('order_no'),
      // The delivery's lot (unique per supply order), looked up per card as well.
      (eb) => eb.selectFrom('lots as l').select('l.id').whereRef('l.supply_order_id', '=', 'o.id').as('lot_id'),
      (eb) => eb.selectFrom('lots as l').select('l.supplier_lot_number').whereRef('l.supply_order_id', '=', 'o.id').as('supplier_lot_number'),
    ]);

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['executeTakeFirstOrThrow']>>;

const toCard = (row: CardRow): SupplyOrderRow => ({
  id: row.id,
  orderStatus: row.order_status,
  orderedAmount: row.ordered_amount,
  dueDate: row.due_date,
  preformId: row.preform_id,
  preformWarehouseId: row.preform_warehouse_id,
  preformSupplyId: row.preform_supply_id,
  stock: row.stock,
  clientProductionOrderId: row.client_production_order_id,
  Preform: preformSummaryOf(row),
  PreformWarehouse: { id: row.preform_warehouse_id, warehouseName: row.warehouse_name },
  PreformSupply: {
    id: row.preform_supply_id,
    manufacturerId: row.manufacturer_id,
    Manufacturer: { id: row.manufacturer_id, manufacturerName: row.manufacturer_name },
  },
  ClientProductionOrder:
    row.client_production_order_id === null || row.order_no === null ? null : { id: row.client_production_order_id, orderNo: row.order_no },
  Lot: row.lot_id === null ? null : { id: row.lot_id, supplierLotNumber: row.supplier_lot_number ?? null },
  version: row.version,
});

/** Where a column continues: after (pending, ordered: ascending) or before (delivered: descending) the last card shown. */
export interface ColumnPage {
  status: SupplyOrderStatus;
  /** Due date of the last card shown, and its id to continue within that date. */
  from?: { dueDate: string; id?: number };
  limit?: number;
}

/**
 * One board column. pending and ordered: due date ascending, continuing after `from`. delivered: newest first,
 * continuing before `from`. At most `limit` cards. Both read through the (status, due date desc, id desc) index.
 */
export async function findSupplyOrders(db: Executor, column: ColumnPage): Promise<SupplyOrderRow[]> {
  const descending = column.status === 'delivered';
  const direction = descending ? 'desc' : 'asc';
  let query = cards(db).where('o.order_status', '=', column.status);
  const { from } = column;
  if (from?.id !== undefined) {
    const beyond = descending ? sql`<` : sql`>`;
    query = query.where(sql<boolean>`(o.due_date, o.id) ${beyond} (${from.dueDate}::date, ${from.id}::int)`);
  } else if (from) {
    query = query.where('o.due_date', descending ? '<' : '>', from.dueDate);
  }
  query = query.orderBy('o.due_date', direction).orderBy('o.id', direction);
  if (column.limit !== undefined) query = query.limit(column.limit);
  return (await query.execute()).map(toCard);
}

export async function findSupplyOrder(db: Executor, id: number): Promise<SupplyOrderRow | undefined> {
  const row = await cards(db).where('o.id', '=', id).executeTakeFirst();
  return row && toCard(row);
}

/** The stored state of an order, for deciding what a save means (not locked: the conditional updates guard). */
export async function findOrderState(db: Executor, id: number) {
  return db
    .selectFrom('supply_orders')
    .select([
      'id',
      'order_status',
      'version',
      'ordered_amount',
      'due_date',
      'preform_id',
      'preform_warehouse_id',
      'preform_supply_id',
      'client_production_order_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

const orderColumns = (values: SupplyOrderValues) => ({
  ordered_amount: values.orderedAmount,
  due_date: values.dueDate,
  preform_id: values.preformId,
  preform_warehouse_id: values.preformWarehouseId,
  preform_supply_id: values.preformSupplyId,
  client_production_order_id: values.clientProductionOrderId,
});

export async function insertSupplyOrder(db: Executor, values: SupplyOrderValues): Promise<number> {
  const row = await db
    .insertInto('supply_orders')
    .values({ ...orderColumns(values), order_status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes status (not to delivered) and, when `values` is given, the fields, only if the version is still the
 * stored one and the order is not delivered (and, for field edits, still pending). Undefined when nothing matched.
 */
export async function updateSupplyOrder(
  db: Executor,
  id: number,
  version: number,
  status: Exclude<SupplyOrderStatus, 'delivered'>,
  values: SupplyOrderValues | null,
) {
  let query = versionedUpdate(db, 'supply_orders', version, { ...(values ? orderColumns(values) : {}), order_status: status })
    .where('id', '=', id)
    .where('order_status', '<>', 'delivered');
  if (values) query = query.where('order_status', '=', 'pending');
  return query.returning('id').executeTakeFirst();
}

/**
 * Moves an order to delivered. `order_status <> 'delivered'` in the WHERE makes this the single winner among
 * concurrent identical requests: the row lock serialises them, and the others re-check the committed row and
 * match nothing. Answers what the stock needs, or undefined when nothing matched.
 */
export async function markDelivered(db: Executor, id: number, version: number, values: SupplyOrderValues | null) {
  let query = versionedUpdate(db, 'supply_orders', version, {
    ...(values ? orderColumns(values) : {}),
    order_status: 'delivered' as const,
    stock: true,
    delivered_at: now(),
  })
    .where('id', '=', id)
    .where('order_status', '<>', 'delivered');
  if (values) query = query.where('order_status', '=', 'pending');
  return query.returning(['id', 'preform_id', 'preform_warehouse_id', 'ordered_amount']).executeTakeFirst();
}

/** Deletes a pending order (with the version, when given). Undefined when nothing matched. */
export async function deletePendingOrder(db: Executor, id: number, version: number | undefined) {
  let query = db.deleteFrom('supply_orders').where('id', '=', id).where('order_status', '=', 'pending');
  if (version !== undefined) query = query.where('version', '=', version);
  return query.returning('id').executeTakeFirst();
}

