import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import type { ClientDetailsTable, ProductStockReason } from '../../db/tables/clients.js';
import { recordUpdate, versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { now, today } from '../../lib/clock.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type ClientProduct = Schemas['ClientProduct'];
export type ClientSummary = Schemas['ClientSummary'];
export type ProductPrice = Schemas['ProductPrice'];
export type ProductStockRow = Schemas['ProductStockRow'];
export type ClientDetails = Schemas['ClientDetails'];
export type CurrentPrice = NonNullable<ClientProduct['currentPrice']>;

/** Today as YYYY-MM-DD (UTC), the day whose price is the "current" one. */
export const todayIso = () => today();

// ---------------------------------------------------------------------------------------------- companies

export interface Company {
  id: string;
  name: string;
  fbs: string[];
  clientType: '0' | '1';
}

export async function findCompany(db: Executor, id: string): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(['id', 'name', 'fbs', 'client_type']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, fbs: row.fbs, clientType: row.client_type };
}

export const toSummary = (company: Company): ClientSummary => ({
  id: company.id,
  company: company.name,
  fbs: company.fbs,
  clientType: company.clientType,
});

export async function findCompanies(db: Executor, ids: string[]): Promise<Company[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('companies').select(['id', 'name', 'fbs', 'client_type']).where('id', 'in', ids).execute();
  return rows.map((row) => ({ id: row.id, name: row.name, fbs: row.fbs, clientType: row.client_type }));
}

// ----------------------------------------------------------------------------------------------- products

/** Live products with preform, warehouse and the price valid on `today` (at most one: periods never overlap). */
const productQuery = (db: Executor, today: string) =>
  db
    .selectFrom('client_products as cp')
    .innerJoin('preforms as p', 'p.id', 'cp.preform_id')
    .innerJoin('preform_warehouses as w', 'w.id', 'cp.preform_warehouse_id')
    .leftJoin('product_prices as pp', (join) =>
      join.onRef('pp.client_product_id', '=', 'cp.id').on('pp.valid_from', '<=', today).on('pp.valid_to', '>=', today),
    )
    .where('cp.deleted_at', 'is', null)
    .select([
      'cp.id',
      'cp.company_id',
      'cp.product_name',
      'cp.article_no',
      'cp.alt_name',
      'cp.machine_names',
      'cp.scrap_rate',
      'cp.preform_scrap_start',
      'cp.preform_scrap_change_over',
      'cp.preform_id',
      'cp.preform_warehouse_id',
      'cp.default_supply_id',
      'cp.current_stock',
      'cp.wip',
      'cp.planned_seconds_per_item',
      'cp.deleted_at',
      'cp.version',
      'p.preform_name',
      'p.neck',
      'p.weight',
      'p.material',
      'p.color',
      'w.warehouse_name',
      'pp.unit_price',
      'pp.valid_from',
      'pp.valid_to',
    ]);

type ProductDbRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

const toProduct = (row: ProductDbRow): ClientProduct => ({
  id: row.id,
  clientId: row.company_id,
  productName: row.product_name,
  articleNo: row.article_no,
  altName: row.alt_name,
  machineNames: row.machine_names,
  scrapRate: row.scrap_rate,
  preformScrapStart: row.preform_scrap_start,
  preformScrapChangeOver: row.preform_scrap_change_over,
  preformId: row.preform_id,
  preformWarehouseId: row.preform_warehouse_id,
  defaultSupplyId: row.default_supply_id,
  currentStock: row.current_stock,
  wip: row.wip,
  // The OEE's rate, sent only when set.
  ...(row.planned_seconds_per_item !== null ? { plannedSecondsPerItem: row.planned_seconds_per_item } : {}),
  deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  Preform: {
    id: row.preform_id,
    preformName: row.preform_name,
    neck: row.neck as ClientProduct['Preform']['neck'],
    weight: row.weight,
    material: row.material as ClientProduct['Preform']['material'],
    color: row.color as ClientProduct['Preform']['color'],
  },
  PreformWarehouse: { id: row.preform_warehouse_id, warehouseName: row.warehouse_name },
  currentPrice:
    row.unit_price === null || row.valid_from === null || row.valid_to === null
      ? null
      : { unitPrice: row.unit_price, validFrom: row.valid_from, validTo: row.valid_to },
  version: row.version,
});

const productSortColumns = {
  productName: 'cp.product_name',
  articleNo: 'cp.article_no',
  machineNames: 'cp.machine_names',
  currentStock: 'cp.current_stock',
  currentPrice: 'pp.unit_price',
  id: 'cp.id',
};

/** A client's live products with their current price and bottle stock: one query for the page, one for the count. */
export async function findProducts(db: Executor, clientId: string, today: string, pagination?: PaginationInput) {
  const base = productQuery(db, today).where('cp.company_id', '=', clientId);
  const rowsQuery = pagination
    ? paginate(base, pagination, productSortColumns, { sortBy: 'productName', descending: false, tieBreaker: 'cp.id' })
    : base.orderBy('cp.product_name').orderBy('cp.id');
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('client_products')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('company_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toProduct), count: total.count };
}

export async function findProduct(db: Executor, id: number, today: string): Promise<ClientProduct | undefined> {
  const row = await productQuery(db, today).where('cp.id', '=', id).executeTakeFirst();
  return row && toProduct(row);
}

export interface LockedProduct {
  id: number;
  companyId: string;
  productName: string;
  currentStock: number;
  version: number;
}

/** Locks live products (FOR UPDATE, in id order so two transactions never wait on each other crosswise). */
export async function lockProducts(trx: Executor, ids: number[]): Promise<LockedProduct[]> {
  if (!ids.length) return [];
  const rows = await trx
    .selectFrom('client_products')
    .select(['id', 'company_id', 'product_name', 'current_stock', 'version'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    productName: row.product_name,
    currentStock: row.current_stock,
    version: row.version,
  }));
}

export interface ProductValues {
  productName: string;
  articleNo: string;
  altName: string | null;
  machineNames: string;
  scrapRate: number;
  preformScrapStart: number;
  preformScrapChangeOver: number;
  preformId: number;
  preformWarehouseId: number;
  defaultSupplyId: number;
  /** Seconds per item; null clears it, undefined leaves it as it is. */
  plannedSecondsPerItem?: number | null;
}

const productColumns = (values: ProductValues) => ({
  product_name: values.productName,
  article_no: values.articleNo,
  alt_name: values.altName,
  machine_names: values.machineNames,
  scrap_rate: values.scrapRate,
  preform_scrap_start: values.preformScrapStart,
  preform_scrap_change_over: values.preformScrapChangeOver,
  preform_id: values.preformId,
  preform_warehouse_id: values.preformWarehouseId,
  default_supply_id: values.defaultSupplyId,
  ...(values.plannedSecondsPerItem !== undefined ? { planned_seconds_per_item: values.plannedSecondsPerItem } : {}),
});

export async function insertProduct(trx: Executor, companyId: string, values: ProductValues): Promise<number> {
  const row = await trx
    .insertInto('client_products')
    .values({ company_id: companyId, ...productColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a live product of `companyId` only when `version` is still the stored one; false otherwise. */
export async function updateProduct(trx: Executor, id: number, companyId: string, version: number, values: ProductValues) {
  const row = await versionedUpdate(trx, 'client_products', version, productColumns(values))
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Products among `ids` that have order items still open (the item and its order not closed). */
export async function productsWithOpenItems(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select('i.client_product_id')
    .distinct()
    .where('i.client_product_id', 'in', ids)
    .where('i.is_closed', '=', false)
    .where('o.closed', '=', 0)
    .execute();
  return rows.map((row) => row.client_product_id);
}

export async function softDeleteProducts(trx: Executor, ids: number[]) {
  await recordUpdate(trx, 'client_products', { deleted_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

// ------------------------------------------------------------------------------------------------ details

const toDetails = (row: Selectable<ClientDetailsTable>): ClientDetails => ({
  clientId: row.company_id,
  billingCompany: row.billing_company,
  billingFirstName: row.billing_first_name,
  billingLastName: row.billing_last_name,
  billingRegistrationNumber: row.billing_registration_number,
  billingVATRegistrationNumber: row.billing_vat_registration_number,
  billingAddress: row.billing_address,
  billingCity: row.billing_city,
  billingState: row.billing_state,
  billingPostCode: row.billing_post_code,
  billingCountry: row.billing_country,
  billingEmail: row.billing_email,
  currency: row.currency,
  shift_start: row.shift_start,
  shift_end: row.shift_end,
  version: row.version,
});

export async function findDetails(db: Executor, companyId: string): Promise<ClientDetails | undefined> {
  const row = await db.selectFrom('client_details').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  return row && toDetails(row);
}

export type DetailsValues = Omit<ClientDetails, 'clientId' | 'version'>;

const detailsColumns = (values: DetailsValues) => ({
  billing_company: values.billingCompany,
  billing_first_name: values.billingFirstName,
  billing_last_name: values.billingLastName,
  billing_registration_number: values.billingRegistrationNumber,
  billing_vat_registration_number: values.billingVATRegistrationNumber,
  billing_address: values.billingAddress,
  billing_city: values.billingCity,
  billing_state: values.billingState,
  billing_post_code: values.billingPostCode,
  billing_country: values.billingCountry,
  billing_email: values.billingEmail,
  currency: values.currency,
  shift_start: values.shift_start,
  shift_end: values.shift_end,
});

/** Creates the details; undefined when they exist already (someone created them meanwhile). */
export async function insertDetails(trx: Executor, companyId: string, values: DetailsValues) {
  const row = await trx
    .insertInto('client_details')
    .values({ company_id: companyId, ...detailsColumns(values) })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toDetails(row);
}

export async function updateDetails(trx: Executor, companyId: string, version: number, values: DetailsValues) {
  const row = await versionedUpdate(trx, 'client_details', version, detailsColumns(values))
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  return row && toDetails(row);
}

// ------------------------------------------------------------------------------------------------- prices

const priceQuery = (db: Executor) =>
  db
    .selectFrom('product_prices as pp')
    .innerJoin('client_products as cp', 'cp.id', 'pp.client_product_id')
    .select(['pp.id', 'pp.unit_price', 'pp.valid_from', 'pp.valid_to', 'pp.client_product_id', 'pp.version', 'cp.company_id']);

type PriceDbRow = Awaited<ReturnType<ReturnType<typeof priceQuery>['executeTakeFirstOrThrow']>>;

const toPrice = (row: PriceDbRow): ProductPrice => ({
  id: row.id,
  unitPrice: row.unit_price,
  validFrom: row.valid_from,
  validTo: row.valid_to,
  clientProductId: row.client_product_id,
  clientId: row.company_id,
  version: row.version,
});

/** Price periods of a product, newest first. */
export async function findPrices(db: Executor, productId: number): Promise<ProductPrice[]> {
  const rows = await priceQuery(db).where('pp.client_product_id', '=', productId).orderBy('pp.valid_from', 'desc').execute();
  return rows.map(toPrice);
}

export async function findPrice(db: Executor, id: number): Promise<ProductPrice | undefined> {
  const row = await priceQuery(db).where('pp.id', '=', id).executeTakeFirst();
  return row && toPrice(row);
}

/** The price period of a product that contains `day`, if any. */
export async function priceOn(db: Executor, productId: number, day: string) {
  return db
    .selectFrom('product_prices')
    .select(['id', 'unit_price', 'valid_from', 'valid_to'])
    .where('client_product_id', '=', productId)
    .where('valid_from', '<=', day)
    .where('valid_to', '>=', day)
    .executeTakeFirst();
}

export async function currentPriceOf(db: Executor, productId: number, today: string): Promise<CurrentPrice | null> {
  const row = await priceOn(db, productId, today);
  return row ? { unitPrice: row.unit_price, validFrom: row.valid_from, validTo: row.valid_to } : null;
}

/** Another period of the product that shares a day with [from, to]. */
export async function overlappingPrice(db: Executor, productId: number, from: string, to: string, exceptId?: number) {
  let query = db
    .selectFrom('product_prices')
    .select(['id', 'valid_from', 'valid_to'])
    .where('client_product_id', '=', productId)
    .where('valid_from', '<=', to)
    .where('valid_to', '>=', from);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.orderBy('valid_from').executeTakeFirst();
}

export async function insertPrice(trx: Executor, productId: number, values: { unitPrice: number; validFrom: string; validTo: string }) {
  const row = await trx
    .insertInto('product_prices')
    .values({ client_product_id: productId, unit_price: values.unitPrice, valid_from: values.validFrom, valid_to: values.validTo })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePrice(
  trx: Executor,
  id: number,
  productId: number,
  version: number,
  values: { unitPrice: number; validFrom: string; validTo: string },
) {
  const row = await versionedUpdate(trx, 'product_prices', version, {
    unit_price: values.unitPrice,
    valid_from: values.validFrom,
    valid_to: values.validTo,
  })
    .where('id', '=', id)
    .where('client_product_id', '=', productId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// -------------------------------------------------------------------------------------------------- stock

const stockQuery = (db: Executor) =>
  db
    .selectFrom('product_stock as s')
    .innerJoin('product_prices as pp', 'pp.id', 's.price_id')
    .select([
      's.id',
      's.client_product_id',
      's.current_stock',
      's.increase_stock',
      's.decrease_stock',
      's.scrap_amount',
      's.version',
      'pp.unit_price',
      'pp.valid_to',
    ]);

type StockDbRow = Awaited<ReturnType<ReturnType<typeof stockQuery>['executeTakeFirstOrThrow']>>;

const toStockRow = (row: StockDbRow): ProductStockRow => ({
  id: row.id,
  unitPrice: row.unit_price,
  currentStock: row.current_stock,
  increaseStock: row.increase_stock,
  decreaseStock: row.decrease_stock,
  scrapAmount: row.scrap_amount,
  priceValidTo: row.valid_to,
  version: row.version,
});

const stockSortColumns = { priceValidTo: 'pp.valid_to', unitPrice: 'pp.unit_price', currentStock: 's.current_stock', id: 's.id' };

/**
 * A product's stock per price period (page size 10, newest period first by default), counted in SQL; the count's
 * statement also answers the header (the live product and its company, null when either is missing), so the page
 * costs two statements.
 */
export async function findStockRows(db: Executor, productId: number, pagination?: PaginationInput) {
  const base = stockQuery(db).where('s.client_product_id', '=', productId);
  const rowsQuery = pagination
    ? paginate(base, pagination, stockSortColumns, { sortBy: 'priceValidTo', descending: true, tieBreaker: 's.id' })
    : base.orderBy('pp.valid_to', 'desc').orderBy('s.id', 'desc');
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('product_stock')
      .select(sql<number>`count(*)::int`.as('count'))
      .select(
        sql<{ id: number; productName: string; articleNo: string; clientId: string } | null>`(
          select json_build_object('id', cp.id, 'productName', cp.product_name, 'articleNo', cp.article_no, 'clientId', cp.company_id)
            from client_products cp where cp.id = ${productId} and cp.deleted_at is null)`.as('product'),
      )
      .select(
        sql<{ id: string; name: string; fbs: string[]; clientType: '0' | '1' } | null>`(
          select json_build_object('id', c.id, 'name', c.name, 'fbs', c.fbs, 'clientType', c.client_type)
            from client_products cp join companies c on c.id = cp.company_id where cp.id = ${productId})`.as('company'),
      )
      .where('client_product_id', '=', productId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toStockRow), count: total.count, product: total.product, company: total.company };
}

export async function findStockRow(db: Executor, id: number): Promise<(ProductStockRow & { clientProductId: number }) | undefined> {
  const row = await stockQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row && { ...toStockRow(row), clientProductId: row.client_product_id };
}

/** Period rows of a product, locked, the one of `priceId` first, then the newest periods. */
export async function lockStockRows(trx: Executor, productId: number) {
  return trx
    .selectFrom('product_stock as s')
    .innerJoin('product_prices as pp', 'pp.id', 's.price_id')
    .select(['s.id', 's.price_id', 's.current_stock', 's.version'])
    .where('s.client_product_id', '=', productId)
    .orderBy('pp.valid_to', 'desc')
    .orderBy('s.id', 'desc')
    .forUpdate('s')
    .execute();
}

/** The stock row of a price period, created empty when missing; locked. */
export async function stockRowForPrice(trx: Executor, productId: number, priceId: number) {
  await trx
    .insertInto('product_stock')
    .values({ client_product_id: productId, price_id: priceId })
    .onConflict((oc) => oc.column('price_id').doNothing())
    .execute();
  return trx
    .selectFrom('product_stock')
    .select(['id', 'current_stock', 'version'])
    .where('price_id', '=', priceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface Movement {
  stockId: number;
  productId: number;
  /** Signed, not 0. */
  quantity: number;
  reason: ProductStockReason;
  source: { type: string; id: number } | null;
  subject: string;
}

/**
 * One stock movement: the period row's balance and latest change, a ledger row, and the product's total
 * (`client_products.current_stock`, the sum of its periods), all in the caller's transaction. The period's
 * `current_stock >= 0` check refuses a movement below zero.
 */
export async function applyMovement(trx: Executor, movement: Movement): Promise<number> {
  const row = await trx
    .updateTable('product_stock')
    .set((eb) => ({
      current_stock: eb('current_stock', '+', movement.quantity),
      increase_stock: movement.quantity > 0 ? movement.quantity : null,
      decrease_stock: movement.quantity < 0 ? -movement.quantity : null,
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', movement.stockId)
    .where('client_product_id', '=', movement.productId)
    .returning('current_stock')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('product_stock_movements')
    .values({
      product_stock_id: movement.stockId,
      client_product_id: movement.productId,
      quantity: movement.quantity,
      balance_after: row.current_stock,
      reason: movement.reason,
      source_type: movement.source?.type ?? null,
      source_id: movement.source?.id ?? null,
      subject: movement.subject,
      at: now(),
    })
    .execute();
  await trx
    .updateTable('client_products')
    .set((eb) => ({ current_stock: eb('current_stock', '+', movement.quantity) }))
    .where('id', '=', movement.productId)
    .execute();
  return row.current_stock;
}

// ------------------------------------------------------------------------------------------------- buyers

export async function findBuyers(db: Executor, productId: number) {
  const rows = await db
    .selectFrom('product_buyers as b')
    .innerJoin('companies as c', 'c.id', 'b.buyer_company_id')
    .select(['c.id', 'c.name'])
    .where('b.client_product_id', '=', productId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ clientId: row.id, company: row.name }));
}

/** Makes `buyerIds` exactly the product's buyers. */
export async function replaceBuyers(trx: Executor, productId: number, buyerIds: string[]) {
  let remove = trx.deleteFrom('product_buyers').where('client_product_id', '=', productId);
  if (buyerIds.length) remove = remove.where('buyer_company_id', 'not in', buyerIds);
  await remove.execute();
  if (buyerIds.length) {
    await trx
      .insertInto('product_buyers')
      .values(buyerIds.map((id) => ({ client_product_id: productId, buyer_company_id: id })))
      .onConflict((oc) => oc.columns(['client_product_id', 'buyer_company_id']).doNothing())
      .execute();
  }
}

/** Where produced bottles go: the price valid on `today`, else the latest period started by then, else the earliest. */
export async function periodForProduction(db: Executor, productId: number, today: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_prices')
    .select('id')
    .where('client_product_id', '=', productId)
    .orderBy(sql`(valid_from <= ${today}) desc, case when valid_from <= ${today} then valid_from end desc nulls last, valid_from asc`)
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
