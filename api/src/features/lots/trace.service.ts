import { sql } from 'kysely';
import { executePrepared } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { notFound } from '../../lib/problem.js';
import type { Scope } from '../../lib/scope.js';
import { findRecords, type Executor } from './lots.repository.js';

/**
 * Backward traces: from an order item or a claim to the production records, their preform lots and the
 * suppliers' deliveries. Set-based: whatever the number of items, three statements (the items, their records with
 * their lots, their lots with the deliveries). Exported for the claims (8D) feature: keep the signatures.
 */

interface TracedItemRow {
  id: number;
  order_id: number;
  order_no: string;
  company_id: string;
  company: string | null;
  article_no: string;
  product_name: string;
  due_date: string;
  produced_on: number | null;
}

/**
 * The items to trace with the item whose production records count for each: the item itself, or for a buyer's item
 * (its company's client type '1') the seller's item producing it (null while not planned).
 */
async function tracedItems(db: Executor, scope: Scope, where: ReturnType<typeof sql<boolean>>): Promise<TracedItemRow[]> {
  const company = scope.kind === 'company' ? scope.companyId : null;
  const rows = await executePrepared(db, sql<TracedItemRow>`
    select i.id, i.order_id, o.order_no, o.company_id, co.name as company, cp.article_no, cp.product_name, i.due_date,
           case when i.ref_production_order_item_id is not null then i.ref_production_order_item_id
                when co.client_type = '1' then null
                else i.id end as produced_on
    from client_production_order_items i
    join client_production_orders o on o.id = i.order_id
    join companies co on co.id = o.company_id
    join client_products cp on cp.id = i.client_product_id
    where ${where} and (${company}::text is null or o.company_id = ${company}::text)
    order by i.due_date, i.id`);
  return rows.rows;
}

interface LotUseRow {
  order_item_id: number;
  lot_id: number | null;
  supplier_lot_number: string | null;
  delivery_date: string | null;
  supply_order_id: number | null;
  manufacturer_name: string | null;
  preform_id: number | null;
  preform_name: string | null;
  warehouse_id: number | null;
  warehouse_name: string | null;
  ordered_amount: number | null;
  due_date: string | null;
  delivered_at: Date | null;
  preforms: number;
}

/** The net preforms each producing item took from each lot (null lot: unlotted), with the lot's delivery. */
async function lotUses(db: Executor, itemIds: readonly number[]): Promise<LotUseRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await executePrepared(db, sql<LotUseRow>`
    select c.order_item_id, c.lot_id, l.supplier_lot_number, l.delivery_date, l.supply_order_id, m.manufacturer_name,
           l.preform_id, p.preform_name, l.warehouse_id, w.warehouse_name, so.ordered_amount, so.due_date, so.delivered_at, c.preforms
    from (select order_item_id, lot_id, sum(preforms)::int as preforms
          from lot_consumptions where order_item_id = any(${sql.val([...itemIds])}::int[])
          group by order_item_id, lot_id having sum(preforms) > 0) c
    left join lots l on l.id = c.lot_id
    left join manufacturers m on m.id = l.manufacturer_id
    left join preforms p on p.id = l.preform_id
    left join preform_warehouses w on w.id = l.warehouse_id
    left join supply_orders so on so.id = l.supply_order_id
    order by l.delivery_date nulls last, l.id`);
  return rows.rows;
}

/** Distinct lots of some uses, oldest delivery first, with the preforms taken from each. */
function tracedLots(uses: readonly LotUseRow[]): Schemas['TracedLot'][] {
  const byLot = new Map<number, Schemas['TracedLot']>();
  for (const use of uses) {
    if (use.lot_id === null) continue;
    const lot = byLot.get(use.lot_id);
    if (lot) {
      lot.preforms += use.preforms;
      continue;
    }
    byLot.set(use.lot_id, {
      id: use.lot_id,
      supplierLotNumber: use.supplier_lot_number,
      deliveryDate: use.delivery_date!,
      supplyOrderId: use.supply_order_id!,
      manufacturerName: use.manufacturer_name!,
      preformId: use.preform_id!,
      preformName: use.preform_name!,
      preformWarehouseId: use.warehouse_id!,
      warehouseName: use.warehouse_name!,
      SupplyOrder: {
        id: use.supply_order_id!,
        orderedAmount: use.ordered_amount!,
        dueDate: use.due_date!,
        deliveredAt: use.delivered_at ? use.delivered_at.toISOString() : null,
      },
      preforms: use.preforms,
    });
  }
  return [...byLot.values()];
}

/**
 * The unlotted share of some uses: preforms used before any lot of their preform and warehouse had arrived (or beyond
 * what the lots held). Shown beside the lots, so that one lot never looks like the whole source.
 */
const unlottedOf = (uses: readonly LotUseRow[]) => uses.filter((use) => use.lot_id === null).reduce((sum, use) => sum + use.preforms, 0);

async function traceItems(db: Executor, items: readonly TracedItemRow[]): Promise<{ traces: Schemas['ItemTrace'][]; uses: LotUseRow[] }> {
  const producing = [...new Set(items.flatMap((item) => (item.produced_on === null ? [] : [item.produced_on])))];
  const [records, uses] = await Promise.all([findRecords(db, { itemIds: producing }), lotUses(db, producing)]);
  const traces = items.map((item) => {
    const own = uses.filter((use) => use.order_item_id === item.produced_on);
    return {
      orderItemId: item.id,
      orderId: item.order_id,
      orderNo: item.order_no,
      clientId: item.company_id,
      company: item.company,
      articleNo: item.article_no,
      productName: item.product_name,
      dueDate: item.due_date,
      producedOnItemId: item.produced_on,
      records: records.filter((record) => record.orderItemId === item.produced_on),
      lots: tracedLots(own),
      unlottedPreforms: unlottedOf(own),
    };
  });
  return { traces, uses: uses.filter((use) => items.some((item) => item.produced_on === use.order_item_id)) };
}

/** The backward trace of an order item the scope sees (404 otherwise). */
export async function traceOfItem(db: Executor, scope: Scope, orderItemId: number): Promise<Schemas['ItemTrace']> {
  const items = await tracedItems(db, scope, sql<boolean>`i.id = ${orderItemId}`);
  if (items.length === 0) throw notFound('Order item');
  return (await traceItems(db, items)).traces[0];
}

/**
 * The backward trace of a claim the scope sees (404 otherwise; a company sees the claims it filed): the items of the
 * claim's order with the claim's product, and all their lots together.
 */
export async function traceOfClaim(db: Executor, scope: Scope, claimId: number): Promise<Schemas['ClaimTrace']> {
  const company = scope.kind === 'company' ? scope.companyId : null;
  const claim = await db
    .selectFrom('claims')
    .select(['id', 'client_product_id', 'client_production_order_id'])
    .where('id', '=', claimId)
    .$if(company !== null, (query) => query.where('company_id', '=', company!))
    .executeTakeFirst();
  if (!claim) throw notFound('Claim');
  // The claim's company is checked above; the order's items are traced whoever's order it names.
  const items = await tracedItems(
    db,
    { kind: 'allCompanies' },
    sql<boolean>`i.order_id = ${claim.client_production_order_id} and i.client_product_id = ${claim.client_product_id}`,
  );
  const { traces, uses } = await traceItems(db, items);
  return { claimId: claim.id, items: traces, lots: tracedLots(uses), unlottedPreforms: unlottedOf(uses) };
}

/** How a document names a lot: the portal's lot id, and the supplier's lot number when entered. */
export const lotLabel = (lot: { id: number; supplierLotNumber: string | null }) =>
  lot.supplierLotNumber ? `Lot ${lot.id} (${lot.supplierLotNumber})` : `Lot ${lot.id}`;

/**
 * The lots of some order items, for documents (the declaration of conformity): per item, the labels of the lots its
 * bottles were made from (a buyer's item: its seller's item's), oldest delivery first. One statement.
 */
export async function lotLabelsOfItems(db: Executor, itemIds: readonly number[]): Promise<Map<number, string[]>> {
  const labels = new Map<number, string[]>();
  if (itemIds.length === 0) return labels;
  const rows = await executePrepared(db, sql<{ item_id: number; id: number; supplier_lot_number: string | null }>`
    select i.id as item_id, l.id, l.supplier_lot_number
    from client_production_order_items i
    join lateral (
      select c.lot_id from lot_consumptions c
      where c.order_item_id = coalesce(i.ref_production_order_item_id, i.id) and c.lot_id is not null
      group by c.lot_id having sum(c.preforms) > 0
    ) u on true
    join lots l on l.id = u.lot_id
    where i.id = any(${sql.val([...itemIds])}::int[])
    order by i.id, l.delivery_date, l.id`);
  for (const row of rows.rows) labels.set(row.item_id, [...(labels.get(row.item_id) ?? []), lotLabel({ id: row.id, supplierLotNumber: row.supplier_lot_number })]);
  return labels;
}
