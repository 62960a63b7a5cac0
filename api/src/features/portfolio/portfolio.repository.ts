import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import type { CompanyScope } from '../../lib/scope.js';
import { orderableBy } from '../orders/orders.products.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];

/**
 * The live products the caller can order with their preform (portfolio cards): its own by article number, then the
 * sellers' products assigned to it as a buyer, marked with the seller's name (their bottle stock is the seller's: 0).
 */
export async function findPortfolioProducts(db: Executor, scope: CompanyScope): Promise<Schemas['PortfolioProduct'][]> {
  const company = scope.companyId;
  const rows = await db
    .selectFrom('client_products')
    .innerJoin('preforms as p', 'p.id', 'client_products.preform_id')
    .innerJoin('companies as owner', 'owner.id', 'client_products.company_id')
    .select([
      sql<boolean>`client_products.company_id <> ${company}`.as('assigned'),
      'owner.name as owner_name',
      'client_products.id',
      'client_products.article_no',
      'client_products.product_name',
      'client_products.preform_id',
      'client_products.preform_warehouse_id',
      'client_products.current_stock',
      'p.preform_name',
      'p.neck',
      'p.weight',
      'p.material',
      'p.color',
    ])
    .where(orderableBy(company))
    .where('client_products.deleted_at', 'is', null)
    .orderBy(sql`client_products.company_id <> ${company}`)
    .orderBy('client_products.article_no')
    .orderBy('client_products.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    articleNo: row.article_no,
    productName: row.product_name,
    preformId: row.preform_id,
    preformWarehouseId: row.preform_warehouse_id,
    currentStock: row.assigned ? 0 : Math.round(row.current_stock),
    ...(row.assigned ? { seller: row.owner_name } : {}),
    Preform: {
      preformName: row.preform_name,
      neck: row.neck,
      weight: row.weight,
      material: row.material,
      color: row.color,
    },
  }));
}

/**
 * 'Material stock': per warehouse, the preform stock of the (preform, warehouse) pairs the caller's live products
 * use; currentStock null when there is no balance row yet. One query, grouped in SQL.
 */
export async function findWarehouseStock(db: Executor, scope: CompanyScope): Promise<Schemas['WarehouseStock'][]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('client_products')
        .select(['preform_id', 'preform_warehouse_id'])
        .distinct()
        .where('company_id', '=', scope.companyId)
        .where('deleted_at', 'is', null)
        .as('pair'),
    )
    .innerJoin('preform_warehouses as w', 'w.id', 'pair.preform_warehouse_id')
    .innerJoin('preforms as p', 'p.id', 'pair.preform_id')
    .leftJoin('preform_stock as s', (join) =>
      join.onRef('s.preform_id', '=', 'pair.preform_id').onRef('s.warehouse_id', '=', 'pair.preform_warehouse_id'),
    )
    .select([
      'w.id',
      'w.warehouse_name',
      sql<{ preformId: number; preformName: string; currentStock: number | null }[]>`
        json_agg(json_build_object('preformId', p.id, 'preformName', p.preform_name, 'currentStock', s.current_stock)
                 order by p.preform_name, p.id)`.as('balances'),
    ])
    .groupBy(['w.id', 'w.warehouse_name'])
    .orderBy('w.warehouse_name')
    .orderBy('w.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    warehouseName: row.warehouse_name,
    StockBalances: row.balances.map((balance) => ({ ...balance, currentStock: balance.currentStock === null ? null : Number(balance.currentStock) })),
  }));
}

/** The company's clientType attribute and machines (FBs); undefined when the company is not in the table. */
export async function findCompany(db: Executor, scope: CompanyScope) {
  return db.selectFrom('companies').select(['client_type', 'fbs']).where('id', '=', scope.companyId).executeTakeFirst();
}

/** The caller's machines that are stopped now (an open stop: no end), the latest stop per machine, with its cause. */
export async function findStoppedMachines(db: Executor, scope: CompanyScope) {
  return db
    .selectFrom('downtime_history as h')
    .leftJoin('downtime_causes as dc', 'dc.id', 'h.cause_id')
    .distinctOn('h.machine_name')
    .select(['h.machine_name', 'h.target_start', 'dc.cause_name'])
    .where('h.company_id', '=', scope.companyId)
    .where('h.target_end', 'is', null)
    .orderBy('h.machine_name')
    .orderBy('h.target_start', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}
