import type { Db } from '../../db/database.js';
import { cellsOf, checkExportSize, EXPORT_BATCH, LIST_EXPORT_MAX_ROWS, listFile, type ExportFormat } from '../../lib/list-export.js';
import type { CompanyScope } from '../../lib/scope.js';
import type { CsvCell } from '../downtime/downtime.csv.js';
import { countOrders, streamOrders } from './orders.repository.js';
import type { OrderSummary } from './orders.queries.js';
import { countProductionOrders, streamProductionOrders } from './production-orders.repository.js';

interface ExportBody {
  format: ExportFormat;
  sortBy?: string;
  descending?: boolean;
}

/** Share produced as the list's progress bar reads it: per cent, one decimal. */
const percent = (part: unknown) => Math.round(Number(part) * 1000) / 10;

/** The columns both order lists show, plus the order's own dates; dates ISO 8601 (the creation instant in UTC). */
const orderCells = (row: OrderSummary): CsvCell[] => [
  percent(row.produced_part),
  row.produced_articles.split(',').join(', '),
  row.produced_start,
  row.produced_end,
  row.created_at.toISOString(),
  row.purchase_date,
  row.closed ? 'yes' : 'no',
];
const ORDER_HEADER = ['Progress (%)', 'Articles', 'Period from', 'Period to', 'Created at (UTC)', 'Purchase date', 'Closed'];

/** The client's 'Weekly order list' as a file: its company's orders only, in the list's sort. */
export async function exportOrders(db: Db, scope: CompanyScope, body: ExportBody) {
  checkExportSize(await countOrders(db, scope), 'orders');
  const rows = streamOrders(db, scope, body, LIST_EXPORT_MAX_ROWS, EXPORT_BATCH);
  return listFile(body.format, {
    basename: 'orders',
    sheetName: 'Orders',
    header: ['Order number', ...ORDER_HEADER],
    rows: cellsOf(rows, (row) => [row.order_no, ...orderCells(row)]),
  });
}

/** The admin's production orders as a file: every client's, with the company, in the list's sort. */
export async function exportProductionOrders(db: Db, body: ExportBody) {
  checkExportSize(await countProductionOrders(db), 'orders');
  const rows = streamProductionOrders(db, body, LIST_EXPORT_MAX_ROWS, EXPORT_BATCH);
  return listFile(body.format, {
    basename: 'production-orders',
    sheetName: 'Production orders',
    header: ['Order number', 'Company', ...ORDER_HEADER],
    rows: cellsOf(rows, (row) => [row.order_no, row.company, ...orderCells(row)]),
  });
}
