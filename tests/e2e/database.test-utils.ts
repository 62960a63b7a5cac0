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
