import path from 'node:path';
import pg from 'pg';
import { embeddedSuperuserUrl, runningPostgresPort } from '../../api/src/db/embedded.js';

/**
 * A connection to the e2e portal's embedded PostgreSQL, for arranging what the contract cannot create (a spec
 * acts and asserts through the browser only). The portal's data folder is E2E_DATA_DIR.
 */
export async function withPortalDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = path.join(process.env.E2E_DATA_DIR!, 'postgres');
  const port = runningPostgresPort(dataDir);
  if (!port) throw new Error('the e2e portal has no running PostgreSQL');
  const client = new pg.Client({ connectionString: embeddedSuperuserUrl(dataDir, port) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new unconfirmed, unsent invoice of the company that billed `orderNo` (a copy of the seeded one, lines
 * included, under a number of its own), so a spec that confirms an invoice can run again on the same portal.
 */
export async function copyInvoiceOfOrder(orderNo: string, invoiceNumber: string): Promise<void> {
  await withPortalDatabase(async (client) => {
    const source = await client.query<{ id: number }>(
      'select i.id from invoices i join client_production_orders o on o.id = i.order_id where o.order_no = $1 order by i.id limit 1',
      [orderNo],
    );
    if (source.rows.length !== 1) throw new Error(`no seeded invoice of ${orderNo}`);
    await client.query(
      `with copy as (
         insert into invoices (company_id, invoice_number, order_id, delivery_date, invoice_total, invoice_currency, exchange_rate)
         select company_id, $2, order_id, delivery_date, invoice_total, invoice_currency, exchange_rate from invoices where id = $1
         returning id)
       insert into invoice_lines (invoice_id, article_no, product_name, quantity, unit_price, line_total)
       select copy.id, l.article_no, l.product_name, l.quantity, l.unit_price, l.line_total
       from copy, invoice_lines l where l.invoice_id = $1 order by l.id`,
      [source.rows[0].id, invoiceNumber],
    );
  });
}

/**
 * A seeded invoiced line of Nordic Springs (the demo's `client`) whose production took preforms from a lot: its order,
 * its title, its lot, and the year it was first invoiced.
 */
export async function invoicedLineWithLot() {
  return withPortalDatabase(async (client) => {
    const { rows } = await client.query<{ order_id: number; article_no: string; due_date: string; lot_id: number; year: number }>(
      `select o.id as order_id, cp.article_no, to_char(i.due_date, 'DD.MM.YYYY') as due_date, min(c.lot_id) as lot_id,
              (select extract(year from min(inv.delivery_date))::int from invoice_lines il join invoices inv on inv.id = il.invoice_id where il.order_item_id = i.id) as year
         from client_production_order_items i
         join client_production_orders o on o.id = i.order_id
         join companies co on co.id = o.company_id
         join client_products cp on cp.id = i.client_product_id
         join lot_consumptions c on c.order_item_id = i.id and c.lot_id is not null
        where co.name = 'Nordic Springs AB' and exists (select 1 from invoice_lines il where il.order_item_id = i.id)
        group by o.id, cp.article_no, i.due_date, i.id
        order by i.id desc limit 1`,
    );
    if (rows.length !== 1) throw new Error('the demo has no invoiced line of Nordic Springs made from a lot');
    return rows[0]!;
  });
}
