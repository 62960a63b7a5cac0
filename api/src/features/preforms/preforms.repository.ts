import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import type { PreformTable } from '../../db/tables/preforms.js';
import { recordUpdate, versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { likePattern } from '../../lib/search.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];

export type PreformSupplyRow = Schemas['PreformSupply'];
export type PreformRow = Schemas['Preform'];
export type WarehouseRow = Schemas['Warehouse'];

export interface PreformValues {
  preformName: string;
  neck: Schemas['Neck'];
  material: Schemas['Material'];
  color: Schemas['Color'];
  weight: number;
  qtyPerBox: number;
}

/** `%` and `_` typed by the user match themselves, not any characters. */

const preformSortColumns = {
  preformName: 'preforms.preform_name',
  neck: 'preforms.neck',
  material: 'preforms.material',
  color: 'preforms.color',
  weight: 'preforms.weight',
  productCount: 'product_count',
  id: 'preforms.id',
};

const livePreforms = (db: Executor, filter: string | undefined) => {
  let query = db.selectFrom('preforms').where('preforms.deleted_at', 'is', null);
  if (filter) query = query.where('preforms.preform_name', 'ilike', likePattern(filter));
  return query;
};

const toPreform = (
  row: Selectable<PreformTable> & { product_count: number },
  supplies: Map<number, PreformSupplyRow[]>,
): PreformRow => ({
  id: row.id,
  preformName: row.preform_name,
  neck: row.neck,
  material: row.material,
  color: row.color,
  weight: row.weight,
  qtyPerBox: row.qty_per_box,
  PreformSupplies: supplies.get(row.id) ?? [],
  productCount: row.product_count,
  version: row.version,
});

/** Client products made from the preform (not deleted): a correlated count, evaluated only for the rows returned. */
const productCount = sql<number>`(select count(*)::int from client_products cp where cp.preform_id = preforms.id and cp.deleted_at is null)`;

/** One page of preforms (name filter), sorted and limited in SQL, with their suppliers, and the total count. */
export async function findPreforms(db: Executor, filter: string | undefined, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(livePreforms(db, filter).selectAll('preforms').select(productCount.as('product_count')), pagination, preformSortColumns, {
      sortBy: 'preformName',
      descending: false,
      tieBreaker: 'preforms.id',
    }).execute(),
    livePreforms(db, filter).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const supplies = await findSupplies(db, rows.map((row) => row.id));
  return { rows: rows.map((row) => toPreform(row, supplies)), count: total.count };
}

/** A preform that is not deleted, with its suppliers. */
export async function findPreform(db: Executor, id: number): Promise<PreformRow | undefined> {
  const row = await livePreforms(db, undefined)
    .selectAll('preforms')
    .select(productCount.as('product_count'))
    .where('preforms.id', '=', id)
    .executeTakeFirst();
  return row && toPreform(row, await findSupplies(db, [id]));
}

/**
 * The selected suppliers of the given preforms, each with its manufacturer and the client products whose default
 * supplier it is (by name): one statement for any number of preforms (no query per row), so that a list of preforms
 * stays within three statements (page, count, suppliers).
 */
export async function findSupplies(db: Executor, preformIds: number[]): Promise<Map<number, PreformSupplyRow[]>> {
  const result = new Map<number, PreformSupplyRow[]>();
  if (preformIds.length === 0) return result;
  const supplies = await db
    .selectFrom('preform_supplies as s')
    .innerJoin('manufacturers as m', 'm.id', 's.manufacturer_id')
    .select(['s.id', 's.preform_id', 's.manufacturer_id', 'm.manufacturer_name', 'm.default_lead_time'])
    .select(
      sql<PreformSupplyRow['ClientProducts']>`coalesce((
        select json_agg(json_build_object('id', cp.id, 'productName', cp.product_name, 'articleNo', cp.article_no)
                        order by cp.product_name, cp.id)
          from client_products cp
         where cp.default_supply_id = s.id and cp.deleted_at is null), '[]'::json)`.as('client_products'),
    )
    .where('s.preform_id', 'in', preformIds)
    .where('s.deleted_at', 'is', null)
    .orderBy('m.manufacturer_name')
    .orderBy('s.id')
    .execute();
  for (const supply of supplies) {
    const list = result.get(supply.preform_id) ?? [];
    list.push({
      id: supply.id,
      preformId: supply.preform_id,
      manufacturerId: supply.manufacturer_id,
      Manufacturer: { id: supply.manufacturer_id, manufacturerName: supply.manufacturer_name, defaultLeadTime: supply.default_lead_time },
      ClientProducts: supply.client_products,
    });
    result.set(supply.preform_id, list);
  }
  return result;
}

/** The columns a list selects to show a preform (card, plan row), as the contract's summary. */
export interface PreformSummaryColumns {
  preform_id: number;
  preform_name: string;
  neck: Schemas['Neck'];
  material: Schemas['Material'];
  color: Schemas['Color'];
  weight: number;
  qty_per_box: number;
}

/** The contract's PreformSummary from a joined row's preform columns: one mapping for every domain that shows a preform. */
export const preformSummaryOf = (row: PreformSummaryColumns): Schemas['PreformSummary'] => ({
  id: row.preform_id,
  preformName: row.preform_name,
  neck: row.neck,
  material: row.material,
  color: row.color,
  weight: row.weight,
  qtyPerBox: row.qty_per_box,
});

/** Whether the preform exists and is not deleted. */
export async function preformExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('preforms').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** Whether `preformSupplyId` is a current (not deselected) supplier of `preformId`. */
export async function isCurrentSupplierOf(db: Executor, preformSupplyId: number, preformId: number): Promise<boolean> {
  const row = await db
    .selectFrom('preform_supplies')
    .select('id')
    .where('id', '=', preformSupplyId)
    .where('preform_id', '=', preformId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these manufacturer ids exist. */
export async function existingManufacturers(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('manufacturers').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

const preformColumns = (values: PreformValues) => ({
  preform_name: values.preformName,
  neck: values.neck,
  material: values.material,
  color: values.color,
  weight: values.weight,
  qty_per_box: values.qtyPerBox,
});

export async function insertPreform(db: Executor, values: PreformValues): Promise<number> {
  const row = await db.insertInto('preforms').values(preformColumns(values)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is still the stored one (and the preform is not deleted); false otherwise. */
export async function updatePreform(db: Executor, id: number, version: number, values: PreformValues): Promise<boolean> {
  const row = await versionedUpdate(db, 'preforms', version, preformColumns(values))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Selected suppliers that would be deselected by keeping only `keep`, and that client products still use as
 * their default supplier. Locks those supplier rows so no product can start using one meanwhile.
 */
export async function usedSuppliersOutside(db: Executor, preformId: number, keep: number[]) {
  let query = db
    .selectFrom('preform_supplies as s')
    .innerJoin('manufacturers as m', 'm.id', 's.manufacturer_id')
    .select(['s.id', 's.manufacturer_id', 'm.manufacturer_name'])
    .where('s.preform_id', '=', preformId)
    .where('s.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('client_products as cp')
          .select('cp.id')
          .whereRef('cp.default_supply_id', '=', 's.id')
          .where('cp.deleted_at', 'is', null),
      ),
    )
    .forUpdate('s');
  if (keep.length) query = query.where('s.manufacturer_id', 'not in', keep);
  return query.execute();
}

/** Makes exactly `manufacturerIds` the selected suppliers: others are marked deselected, missing ones added or reselected. */
export async function setSuppliers(db: Executor, preformId: number, manufacturerIds: number[]): Promise<void> {
  await db
    .updateTable('preform_supplies')
    .set({ deleted_at: sql<Date>`now()` })
    .where('preform_id', '=', preformId)
    .where('deleted_at', 'is', null)
    .where('manufacturer_id', 'not in', manufacturerIds)
    .execute();
  await db
    .insertInto('preform_supplies')
    .values(manufacturerIds.map((manufacturerId) => ({ preform_id: preformId, manufacturer_id: manufacturerId })))
    .onConflict((oc) => oc.columns(['preform_id', 'manufacturer_id']).doUpdateSet({ deleted_at: null }))
    .execute();
}

/** Locks the live preforms among `ids` (for an all-or-nothing delete) and returns their ids. */
export async function lockPreforms(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('preforms')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Preforms among `ids` that client products are made from, with their names. */
export async function preformsWithProducts(db: Executor, ids: number[]) {
  return db
    .selectFrom('preforms as p')
    .select(['p.id', 'p.preform_name'])
    .where('p.id', 'in', ids)
    .where((eb) =>
      eb.exists(eb.selectFrom('client_products as cp').select('cp.id').whereRef('cp.preform_id', '=', 'p.id').where('cp.deleted_at', 'is', null)),
    )
    .orderBy('p.preform_name')
    .execute();
}

/** Preforms among `ids` with supply orders still to be delivered. */
export async function preformsWithOpenSupplyOrders(db: Executor, ids: number[]) {
  return db
    .selectFrom('preforms as p')
    .select(['p.id', 'p.preform_name'])
    .where('p.id', 'in', ids)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('supply_orders as o')
          .select('o.id')
          .whereRef('o.preform_id', '=', 'p.id')
          .where('o.order_status', 'in', ['pending', 'ordered']),
      ),
    )
    .orderBy('p.preform_name')
    .execute();
}

/** Marks preforms deleted (they stay for the stock history and delivered supply orders that refer to them). */
export async function softDeletePreforms(db: Executor, ids: number[]): Promise<void> {
  await recordUpdate(db, 'preforms', { deleted_at: sql<Date>`now()` }).where('id', 'in', ids).execute();
}

const warehouseSortColumns = { warehouseName: 'w.warehouse_name', clientProductCount: 'client_product_count', id: 'w.id' };

/** Client products stored in the warehouse (not deleted). */
const clientProductCount = sql<number>`(select count(*)::int from client_products cp where cp.preform_warehouse_id = w.id and cp.deleted_at is null)`;

/** Warehouses matching `filter` (part of the name), one page of them, and their total count. */
export async function findWarehouses(db: Executor, filter: string | undefined, pagination: PaginationInput) {
  const base = () => {
    let query = db.selectFrom('preform_warehouses as w');
    if (filter) query = query.where('w.warehouse_name', 'ilike', likePattern(filter));
    return query;
  };
  const [rows, total] = await Promise.all([
    paginate(base().select(['w.id', 'w.warehouse_name', clientProductCount.as('client_product_count')]), pagination, warehouseSortColumns, {
      sortBy: 'warehouseName',
      descending: false,
      tieBreaker: 'w.id',
    }).execute(),
    base().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row): WarehouseRow => ({ id: row.id, warehouseName: row.warehouse_name, clientProductCount: row.client_product_count })),
    count: total.count,
  };
}

/**
 * The warehouse of `id` as its wire object (json, null when there is none), as an expression for another
 * statement to select: the warehouse stock page reads its breadcrumb in its count statement (stock.repository.ts).
 */
export const warehouseJson = (id: number) => sql<WarehouseRow | null>`
  (select json_build_object('id', w.id, 'warehouseName', w.warehouse_name, 'clientProductCount', ${clientProductCount})
     from preform_warehouses w where w.id = ${id})`;
