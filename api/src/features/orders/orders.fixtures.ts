import type { Db } from '../../db/database.js';

/**
 * Test data builders for the orders features: each writes rows directly, so a test states only what matters to
 * it. Used by the *.test.ts files; nothing in the API imports them.
 */
let counter = 0;

/** Bills an order item: an invoice of the item's company with one line naming the item (as the invoices feature does). */
export async function invoiceItem(db: Db, itemId: number) {
  const item = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select(['o.company_id', 'i.planned_amount'])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .insertInto('invoices')
    .values({
      company_id: item.company_id,
      invoice_number: `INV-T-${++counter}-${itemId}`,
      delivery_date: '2026-12-01',
      invoice_total: 100,
      invoice_currency: 'EUR',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_lines')
    .values({
      invoice_id: invoice.id,
      order_item_id: itemId,
      article_no: 'X',
      product_name: 'X',
      quantity: item.planned_amount,
      unit_price: 50,
      line_total: 100,
    })
    .execute();
  return invoice.id;
}

/** Every order and item row of a company, and the audit log size: to prove that a refused request changed nothing. */
export async function companySnapshot(db: Db, companyId: string) {
  const [orders, items, audit] = await Promise.all([
    db.selectFrom('client_production_orders').selectAll().where('company_id', '=', companyId).orderBy('id').execute(),
    db
      .selectFrom('client_production_order_items as i')
      .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
      .selectAll('i')
      .where('o.company_id', '=', companyId)
      .orderBy('i.id')
      .execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { orders, items, auditRows: Number(audit.n) };
}
