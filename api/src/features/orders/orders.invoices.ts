import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * The one definition of "has an invoice" for orders: it locks an item (part 4) and blocks deleting its order.
 *
 * Invoices are the documents feature's (migration 0006): an invoice line names the order item it bills
 * (`invoice_lines.order_item_id`, at most one line per item), and an invoice may name its order
 * (`invoices.order_id`). Both links live on the invoice side, so there is no column on the item that could
 * disagree with them; if invoices come to link items another way, only this file changes.
 */
export const itemHasInvoice = (itemAlias: string) =>
  sql<boolean>`exists (select 1 from invoice_lines il where il.order_item_id = ${sql.ref(`${itemAlias}.id`)})`;

/** An order has an invoice when one of its items is billed or an invoice names the order itself. */
export const orderHasInvoice = (orderAlias: string) =>
  orderHasInvoiceGiven(
    orderAlias,
    sql<boolean>`exists (select 1 from client_production_order_items ii join invoice_lines il on il.order_item_id = ii.id
                where ii.order_id = ${sql.ref(`${orderAlias}.id`)})`,
  );

/**
 * The same, for a caller that has already read whether one of the order's items is billed (`itemBilled`, e.g.
 * `bool_or` of `itemHasInvoice` over the items it reads anyway).
 */
export const orderHasInvoiceGiven = (orderAlias: string, itemBilled: RawBuilder<unknown>) =>
  sql<boolean>`(exists (select 1 from invoices inv where inv.order_id = ${sql.ref(`${orderAlias}.id`)}) or ${itemBilled})`;

/** The ids among `orderIds` of orders that have an invoice (callers scope `orderIds` to the tenant first). */
export async function ordersWithInvoices(db: Kysely<Database> | Transaction<Database>, orderIds: number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await db.selectFrom('client_production_orders as o').select('o.id').where('o.id', 'in', orderIds).where(orderHasInvoice('o')).execute();
  return rows.map((row) => row.id);
}
