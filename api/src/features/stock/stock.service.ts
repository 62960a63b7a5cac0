import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { cellsOf, checkExportSize, EXPORT_BATCH, LIST_EXPORT_MAX_ROWS, listFile, type ExportFormat } from '../../lib/list-export.js';
import type { CsvCell } from '../downtime/downtime.csv.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import { preformExists, warehouseJson } from '../preforms/preforms.repository.js';
import { decodeCursor, encodeCursor } from './stock-cursor.js';
import { fillQuantity } from './stock-rules.js';
import * as repository from './stock.repository.js';

/** Part 2.2 / 9: the stock pages show 10 rows, orderAmount descending. */
const DEFAULT_PAGE: PaginationInput = { page: 1, rowsPerPage: 10, sortBy: 'orderAmount', descending: true };

export interface StockFill {
  preformId: number;
  preformWarehouseId: number;
  preformStock: number;
  method?: 'increase' | 'set';
}

/** Preform stock of one warehouse (admin), with the warehouse for the breadcrumb. An unknown warehouse answers 404. */
export async function getPreformStock(db: Db, body: { preformWarehouseId: number; pagination?: PaginationInput }) {
  const { rows, count, header: warehouse } = await repository.findStockRows(
    db,
    { warehouseId: body.preformWarehouseId },
    body.pagination ?? DEFAULT_PAGE,
    warehouseJson(body.preformWarehouseId),
  );
  if (!warehouse) throw notFound('Warehouse');
  return { warehouse, rows, count };
}

/**
 * Preform stock of every warehouse (operator's '/stock'): one page, never every row. In the default order the
 * answer carries the cursor of its last row (`nextCursor`), and `after` continues after such a row by keyset
 * rather than by offset. `after` with another order is refused (400), as is anything that is not a cursor.
 */
export async function getOperatorPreformStock(db: Db, body: { pagination?: PaginationInput; after?: string }) {
  const pagination = body.pagination ?? DEFAULT_PAGE;
  const defaultOrder = repository.isDefaultOrder(pagination);
  if (body.after !== undefined && !defaultOrder) {
    throw ruleViolation('after', 'notForOrder', /*i18n*/ { id: 'problem.stock.cursorOrder', message: 'Only the default order (orderAmount descending) is paged by cursor; page other orders by page number.' });
  }
  const after = body.after === undefined ? undefined : decodeCursor(body.after);
  const { rows, count, last } = await repository.findStockRows(db, {}, pagination, undefined, after);
  return { rows, count, nextCursor: last ? encodeCursor(last) : null };
}

/**
 * Fills preform stock ('Fill preform stock'): `increase` adds the entered number (a negative one corrects the
 * stock down), `set` records the difference that brings the stock to the entered number. Either way it is one
 * ledger row and the balance beside it, row-locked, with the audit entry, in one transaction. Answers the row.
 */
export async function fillPreformStock(db: Db, actor: Actor, fill: StockFill, operation: string) {
  if (!(await preformExists(db, fill.preformId))) throw ruleViolation('preformId', 'notFound', problemTexts.noPreform);
  if (!(await repository.warehouseExists(db, fill.preformWarehouseId))) {
    throw ruleViolation('preformWarehouseId', 'notFound', problemTexts.noWarehouse);
  }
  const method = fill.method ?? 'increase';
  return db.transaction().execute(async (trx) => {
    const balance = method === 'set' ? await repository.lockBalance(trx, fill.preformId, fill.preformWarehouseId) : 0;
    const quantity = fillQuantity(method, fill.preformStock, balance);
    const balanceAfter = await repository.recordMovement(trx, {
      preformId: fill.preformId,
      warehouseId: fill.preformWarehouseId,
      quantity,
      reason: method === 'set' ? 'fill_set' : 'fill_increase',
      subject: actor.sub,
    });
    await audit(trx, actor, {
      operation,
      recordType: 'preform_stock',
      recordId: `${fill.preformId}:${fill.preformWarehouseId}`,
      details: { method, entered: fill.preformStock, quantity, balanceAfter },
    });
    const row = await repository.findStockRow(trx, fill.preformId, fill.preformWarehouseId);
    if (!row) throw new Error('stock row vanished inside its own transaction');
    return row;
  });
}

/**
 * Adds a delivered supply order's amount to its warehouse's stock (ledger row with the order as source). Called in
 * the transaction that moves the order to delivered; the ledger's unique (source_type, source_id) index for
 * deliveries refuses a second one.
 */
export async function addSupplyDelivery(
  trx: Transaction<Database>,
  actor: Actor,
  delivery: { supplyOrderId: number; preformId: number; warehouseId: number; amount: number },
): Promise<number> {
  return repository.recordMovement(trx, {
    preformId: delivery.preformId,
    warehouseId: delivery.warehouseId,
    quantity: delivery.amount,
    reason: 'supply_delivery',
    sourceType: 'supply_order',
    sourceId: delivery.supplyOrderId,
    subject: actor.sub,
  });
}

type StockExport = { format: ExportFormat; sortBy?: string; descending?: boolean };

const STOCK_HEADER = ['Preform', 'Material', 'Color', 'Warehouse', 'Current stock', 'Order amount', 'Future balance'];
const stockCells = (row: repository.PreformStockRow): CsvCell[] => [
  row.Preform.preformName,
  row.Preform.material,
  row.Preform.color,
  row.PreformWarehouse.warehouseName,
  row.currentStock,
  row.orderAmount,
  row.futureBalance,
];

async function stockFile(db: Db, scope: repository.StockScope, body: StockExport, basename: string) {
  checkExportSize(await repository.countStockRows(db, scope), 'stock rows');
  const rows = repository.streamStockRows(db, scope, body, LIST_EXPORT_MAX_ROWS, EXPORT_BATCH);
  return listFile(body.format, { basename, sheetName: 'Preform stock', header: STOCK_HEADER, rows: cellsOf(rows, stockCells) });
}

/** One warehouse's preform stock as a file (the admin's 'Export'), in the list's order. An unknown warehouse answers 404. */
export async function exportPreformStock(db: Db, body: StockExport & { preformWarehouseId: number }) {
  if (!(await repository.warehouseExists(db, body.preformWarehouseId))) throw notFound('Warehouse');
  return stockFile(db, { warehouseId: body.preformWarehouseId }, body, `preform-stock-${body.preformWarehouseId}`);
}

/** Every warehouse's preform stock as a file (the operator's 'Export'), in the list's order. */
export function exportOperatorPreformStock(db: Db, body: StockExport) {
  return stockFile(db, {}, body, 'preform-stock');
}
