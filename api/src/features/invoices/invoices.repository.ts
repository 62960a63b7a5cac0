import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { executePrepared, executeRows, type Database } from '../../db/database.js';
import { keptRowCount } from '../../db/row-counts.js';
import { recordUpdate } from '../../db/versioned-update.js';
import type { InvoiceCurrency } from '../../db/tables/invoices.js';
import { isDefaultSort, paginate, type PaginationInput } from '../../lib/pagination.js';
import { whereScope, type Scope } from '../../lib/scope.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface InvoiceRow {
  id: number;
  clientId: string;
  company: string | null;
  deliveryDate: string;
  invoiceNumber: string;
  orderNo: string | null;
  invoiceTotal: number;
  invoiceCurrency: InvoiceCurrency;
  exchangeRate: number;
  isConfirmed: boolean;
  isSent: boolean;
}

const sortColumns = {
  deliveryDate: 'i.delivery_date',
  invoiceNumber: 'i.invoice_number',
  orderNo: 'o.order_no',
  invoiceTotal: 'i.invoice_total',
  invoiceCurrency: 'i.invoice_currency',
  isConfirmed: 'i.is_confirmed',
  isSent: 'i.is_sent',
  company: 'c.name',
};

/** Invoices with their company and order number, limited to the scope. */
function scopedInvoices(db: Executor, scope: Scope) {
  const query = db
    .selectFrom('invoices as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.company_id as clientId',
      'c.name as company',
      'i.delivery_date as deliveryDate',
      'i.invoice_number as invoiceNumber',
      'o.order_no as orderNo',
      'i.invoice_total as invoiceTotal',
      'i.invoice_currency as invoiceCurrency',
      'i.exchange_rate as exchangeRate',
      'i.is_confirmed as isConfirmed',
      'i.is_sent as isSent',
    ]);
  return whereScope(query, 'i.company_id', scope);
}

const LIST_ORDER = { sortBy: 'deliveryDate', descending: true, tieBreaker: 'i.id' };

/**
 * One page of invoices in the scope, sorted and limited in SQL (deliveryDate descending by default), and their count.
 * Planning is a large part of their time, so the count and a company's page in the default sort run
 * prepared. Not every company's page: its generic plan walks the delivery-date index through the offset, and on a deep
 * page that costs more than the custom plan's sort. A company's generic page plan is as good or better
 * (docs/performance.md).
 */
export async function findInvoices(db: Executor, scope: Scope, pagination: PaginationInput) {
  const page = paginate(scopedInvoices(db, scope), pagination, sortColumns, LIST_ORDER);
  const [rows, count] = await Promise.all([
    executeRows(db, page, scope.kind === 'company' && isDefaultSort(pagination, sortColumns, LIST_ORDER)),
    countInvoices(db, scope),
  ]);
  return { rows: rows as InvoiceRow[], count };
}

/** The number of invoices in the scope. Every company's: the number kept beside them (the row-counts module), not every row counted. */
export async function countInvoices(db: Executor, scope: Scope): Promise<number> {
  if (scope.kind === 'allCompanies') return keptRowCount(db, 'invoices');
  const result = await executePrepared(db, whereScope(db.selectFrom('invoices').select(sql<number>`count(*)::int`.as('count')), 'company_id', scope));
  return result.rows[0]!.count;
}

/** Every invoice in the scope in the list's sort, read `batch` rows at a time (a cursor), at most `limit`. */
export function streamInvoices(db: Executor, scope: Scope, sort: { sortBy?: string; descending?: boolean }, limit: number, batch: number) {
  const rows = paginate(scopedInvoices(db, scope), { page: 1, rowsPerPage: limit, ...sort }, sortColumns, LIST_ORDER);
  return rows.stream(batch) as AsyncIterable<InvoiceRow>;
}

export async function findInvoice(db: Executor, scope: Scope, id: number): Promise<InvoiceRow | undefined> {
  return scopedInvoices(db, scope).where('i.id', '=', id).executeTakeFirst() as Promise<InvoiceRow | undefined>;
}

export interface InvoiceLine {
  /** The billed order item (null for an imported line). */
  orderItemId: number | null;
  articleNo: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** What the invoice PDF and the declaration are rendered from: the invoice, the client's address and the lines. */
export interface InvoiceDocument extends InvoiceRow {
  address: string;
  lines: InvoiceLine[];
}

export async function findInvoiceDocument(db: Executor, scope: Scope, id: number): Promise<InvoiceDocument | undefined> {
  const invoice = await scopedInvoices(db, scope).select('c.address').where('i.id', '=', id).executeTakeFirst();
  if (!invoice) return undefined;
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['order_item_id as orderItemId', 'article_no as articleNo', 'product_name as productName', 'quantity', 'unit_price as unitPrice', 'line_total as lineTotal'])
    .where('invoice_id', '=', invoice.id)
    .orderBy('id')
    .execute();
  return { ...(invoice as InvoiceRow & { address: string }), lines };
}

/** Locks the invoice row (in the scope) for the rest of the transaction; undefined when it is not in the scope. */
export async function lockInvoice(trx: Transaction<Database>, scope: Scope, id: number) {
  const query = trx.selectFrom('invoices').select(['id', 'company_id', 'invoice_number', 'is_confirmed', 'is_sent']).where('id', '=', id);
  return whereScope(query, 'company_id', scope).forUpdate().executeTakeFirst();
}

export async function markConfirmedAndSent(trx: Transaction<Database>, id: number) {
  await recordUpdate(trx, 'invoices', { is_confirmed: true, is_sent: true }).where('id', '=', id).execute();
}

/**
 * Where a client company's invoices go: the billing e-mail of its client details ('Client Details' dialog); until
 * the admin has entered those, the e-mail of the company's first enabled user; null when it has neither.
 */
export async function billingEmailOf(db: Executor, companyId: string): Promise<string | null> {
  const details = await db.selectFrom('client_details').select('billing_email').where('company_id', '=', companyId).executeTakeFirst();
  if (details?.billing_email) return details.billing_email;
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', companyId)
    .where('email', 'is not', null)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return user?.email ?? null;
}

export interface NewInvoice {
  companyId: string;
  invoiceNumber: string;
  orderId: number | null;
  deliveryDate: string;
  currency: InvoiceCurrency;
  exchangeRate: number;
  isConfirmed?: boolean;
  isSent?: boolean;
  lines: { orderItemId: number | null; articleNo: string; productName: string; quantity: number; unitPrice: number }[];
}

/** Price per 1,000 bottles times quantity, in cents. */
const lineTotalOf = (quantity: number, unitPrice: number) => Math.round((quantity * unitPrice) / 10) / 100;

/**
 * Stores an invoice with its lines (line total = quantity / 1,000 x unit price; invoice total = sum of the lines).
 * A line's `order_item_id` is what bills the item: the orders feature reads it as "has an invoice" and locks the
 * item. Used by the demo data and tests; the contract has no create operation yet.
 */
export async function insertInvoice(trx: Transaction<Database>, invoice: NewInvoice) {
  const lines = invoice.lines.map((line) => ({ ...line, lineTotal: lineTotalOf(line.quantity, line.unitPrice) }));
  const total = Math.round(lines.reduce((sum, line) => sum + line.lineTotal * 100, 0)) / 100;
  const { id } = await trx
    .insertInto('invoices')
    .values({
      company_id: invoice.companyId,
      invoice_number: invoice.invoiceNumber,
      order_id: invoice.orderId,
      delivery_date: invoice.deliveryDate,
      invoice_total: total,
      invoice_currency: invoice.currency,
      exchange_rate: invoice.exchangeRate,
      is_confirmed: invoice.isConfirmed ?? false,
      is_sent: invoice.isSent ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('invoice_lines')
      .values(
        lines.map((line) => ({
          invoice_id: id,
          order_item_id: line.orderItemId,
          article_no: line.articleNo,
          product_name: line.productName,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          line_total: line.lineTotal,
        })),
      )
      .execute();
  }
  return id;
}

