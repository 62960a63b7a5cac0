import { sql, type RawBuilder } from 'kysely';
import type { Schemas } from '../../lib/contract.js';
import { notFound } from '../../lib/problem.js';
import { findLot, type Executor } from './lots.repository.js';

export type RecallRow = {
  item_id: number;
  produced_on: number | null;
  preforms: number;
  bottles: number;
  order_id: number;
  order_no: string;
  company_id: string;
  company: string | null;
  order_closed: number;
  is_closed: boolean;
  due_date: string;
  planned_amount: number;
  produced_amount: number;
  article_no: string;
  product_name: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  invoice_numbers: string[];
  delivered: boolean;
};

/**
 * Every order item that got preforms of the lot, in one statement (docs/traceability.md):
 * - the producing items: the lot's consumption rows summed per item, one range of the (lot_id, order_item_id) index
 *   whose included columns carry the sums (an index-only scan);
 * - the buyers' items those items produce (ref_production_order_item_id, indexed): the buyer got those bottles;
 * - per item its order, company, billing contact, product, and the invoices billing it (its invoice lines, as the
 *   orders feature's itemHasInvoice counts them), each by index.
 * Net rows only: an item that gave everything back is not affected.
 */
const recallSource = (lotId: number) => sql<RecallRow>`(
    with used as (
      select c.order_item_id, sum(c.preforms)::int as preforms, sum(c.bottles)::int as bottles
      from lot_consumptions c
      where c.lot_id = ${lotId}
      group by c.order_item_id
      having sum(c.preforms) > 0
    ),
    affected as (
      select u.order_item_id as item_id, null::int as produced_on, u.preforms, u.bottles from used u
      union all
      select b.id, u.order_item_id, u.preforms, u.bottles
      from used u join client_production_order_items b on b.ref_production_order_item_id = u.order_item_id
    )
    select r.*, (cardinality(r.invoice_numbers) > 0 or r.is_closed or r.order_closed = 1) as delivered
    from (
      select a.item_id, a.produced_on, a.preforms, a.bottles, i.order_id, o.order_no, o.company_id, co.name as company,
             o.closed as order_closed, i.is_closed, i.due_date, i.planned_amount, i.produced_amount, cp.article_no, cp.product_name,
             cd.billing_first_name as first_name, cd.billing_last_name as last_name, cd.billing_email as email,
             array(select inv.invoice_number from invoice_lines il join invoices inv on inv.id = il.invoice_id
                    where il.order_item_id = a.item_id order by inv.invoice_number) as invoice_numbers
      from affected a
      join client_production_order_items i on i.id = a.item_id
      join client_production_orders o on o.id = i.order_id
      join companies co on co.id = o.company_id
      join client_products cp on cp.id = i.client_product_id
      left join client_details cd on cd.company_id = o.company_id
    ) r)`;

const recallStatement = (db: Executor, lotId: number, order: RawBuilder<unknown>) =>
  db.selectFrom(recallSource(lotId).as('r')).selectAll().orderBy(order);

/**
 * Byte order on the company id, then by numbers: a collation-aware sort of 10,000 rows by name costs more than the
 * rest of the statement; the few clients are put in name order afterwards (`byName`).
 */
const BY_CLIENT = sql`r.company_id collate "C", r.order_id, r.due_date, r.item_id`;

async function recallRows(db: Executor, lotId: number): Promise<RecallRow[]> {
  return recallStatement(db, lotId, BY_CLIENT).execute();
}

/**
 * The same rows in the order of the recall's CSV, read through a cursor 2,000 at a time: the delivered first, then
 * the open; in each, the clients by name (code point order: `byName`'s, but for characters beyond U+FFFF), then as
 * `recallRows`.
 */
export function recallRowsForCsv(db: Executor, lotId: number): AsyncIterable<RecallRow> {
  return recallStatement(db, lotId, sql`r.delivered desc, r.company collate "C", ${BY_CLIENT}`).stream(2000);
}

/** Delivered: invoiced, or closed (the item or its order); the statement's `delivered` says so. */
const isDelivered = (row: RecallRow) => row.delivered;

/** Which part of the answer a caller wants: every client's items, a summary without items, or one client's items. */
export interface RecallView {
  summary?: boolean;
  clientId?: string;
}

export const contactOf = (row: { first_name: string | null; last_name: string | null; email: string | null }) => {
  const name = [row.first_name, row.last_name].filter((part) => part && part.trim()).join(' ');
  return row.email === null ? null : { name: name || null, email: row.email };
};

const byName = (clients: Schemas['RecallClient'][]) => {
  const name = (client: Schemas['RecallClient']) => client.company ?? client.clientId;
  return clients.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
};

/** A recall row as the answer's item (and the CSV's line). */
export const toRecallItem = (row: RecallRow): Schemas['RecallItem'] => ({
  orderItemId: row.item_id,
  orderId: row.order_id,
  orderNo: row.order_no,
  articleNo: row.article_no,
  productName: row.product_name,
  dueDate: row.due_date,
  plannedAmount: row.planned_amount,
  producedAmount: row.produced_amount,
  preformsFromLot: row.preforms,
  bottlesFromLot: Math.max(0, row.bottles),
  isClosed: row.is_closed || row.order_closed === 1,
  invoiceNumbers: row.invoice_numbers,
  producedOnItemId: row.produced_on,
});

function byClient(rows: readonly RecallRow[], view: RecallView = {}): Schemas['RecallClient'][] {
  const clients = new Map<string, Schemas['RecallClient']>();
  for (const row of rows) {
    let client = clients.get(row.company_id);
    if (!client) {
      client = {
        clientId: row.company_id,
        company: row.company,
        contact: contactOf(row),
        items: [],
        itemCount: 0,
        bottlesFromLot: 0,
      };
      clients.set(row.company_id, client);
    }
    client.itemCount += 1;
    client.bottlesFromLot += Math.max(0, row.bottles);
    if (view.summary) continue;
    client.items.push(toRecallItem(row));
  }
  return byName([...clients.values()]);
}

type SummaryRow = {
  company_id: string;
  company: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  delivered: boolean;
  items: number;
  bottles: number;
  quarantine_bottles: number;
};

/**
 * Every client of the lot with its counts, delivered and open apart, from `lot_item_uses` (kept by triggers, migration
 * 2026-11-25-0930): one range of its primary key, an index-only scan, grouped; the few clients' names and contacts
 * joined after the grouping. The same rows and rules as recallRows (the lots tests compare the two).
 */
async function summaryRows(db: Executor, lotId: number): Promise<SummaryRow[]> {
  const result = await sql<SummaryRow>`
    select g.company_id, co.name as company, cd.billing_first_name as first_name, cd.billing_last_name as last_name,
           cd.billing_email as email, g.delivered, g.items, g.bottles, g.quarantine_bottles
    from (
      select u.company_id, u.delivered, count(*)::int as items, coalesce(sum(greatest(u.bottles, 0)), 0)::int as bottles,
             coalesce(sum(greatest(u.bottles, 0)) filter (where u.item_id = u.source_item_id), 0)::int as quarantine_bottles
      from lot_item_uses u
      where u.lot_id = ${lotId}
      group by u.company_id, u.delivered
    ) g
    join companies co on co.id = g.company_id
    left join client_details cd on cd.company_id = g.company_id`.execute(db);
  return result.rows;
}

/** The screen's first question: every client with its counts and no items. */
async function recallSummary(db: Executor, lot: Schemas['LotRecall']['lot']): Promise<Schemas['LotRecall']> {
  const rows = await summaryRows(db, lot.id);
  const clients = (delivered: boolean) =>
    byName(
      rows
        .filter((row) => row.delivered === delivered)
        .map((row) => ({ clientId: row.company_id, company: row.company, contact: contactOf(row), items: [], itemCount: row.items, bottlesFromLot: row.bottles })),
    );
  return {
    lot,
    delivered: clients(true),
    open: clients(false),
    quarantine: {
      preforms: lot.remaining,
      bottles: rows.filter((row) => !row.delivered).reduce((sum, row) => sum + row.quarantine_bottles, 0),
    },
    clientCount: new Set(rows.map((row) => row.company_id)).size,
  };
}

/**
 * The recall answer for a lot, whole, as a summary (each client's counts, no items) or for one client.
 * Delivered: invoiced, or closed (the item or its order). Open: the rest,
 * which can still be stopped. Quarantine: the lot's remainder in its warehouse, and the bottle stock made from it:
 * the lot's bottles on the open producing items (produced, not yet delivered or invoiced; a buyer's item is not
 * counted again, its bottles are its seller's item's).
 */
export async function lotRecall(db: Executor, lotId: number, view: RecallView = {}): Promise<Schemas['LotRecall']> {
  const lot = await findLot(db, lotId);
  if (!lot) throw notFound('Lot');
  if (view.summary && view.clientId === undefined) return recallSummary(db, lot);
  const rows = await recallRows(db, lotId);
  const delivered = rows.filter(isDelivered);
  const open = rows.filter((row) => !isDelivered(row));
  const shown = (group: RecallRow[]) => (view.clientId === undefined ? group : group.filter((row) => row.company_id === view.clientId));
  return {
    lot,
    delivered: byClient(shown(delivered), view),
    open: byClient(shown(open), view),
    quarantine: {
      preforms: lot.remaining,
      bottles: open.filter((row) => row.produced_on === null).reduce((sum, row) => sum + Math.max(0, row.bottles), 0),
    },
    clientCount: new Set(rows.map((row) => row.company_id)).size,
  };
}
