import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';

/** A preform warehouse. */
export interface PreformWarehouseTable {
  id: Generated<number>;
  warehouse_name: string;
  created_at: Timestamp;
}

/** Current preform stock per (preform, warehouse), changed only together with a ledger row. */
export interface PreformStockTable {
  preform_id: number;
  warehouse_id: number;
  /** Null until the pair's first movement: a trigger adds a row for every pair a live client product uses. */
  current_stock: number | null;
  /** Preforms still needed by open production order items; kept by triggers (migration 0011). */
  order_amount: ColumnType<number | null, never, never>;
  updated_at: Timestamp;
}

export type StockReason = 'supply_delivery' | 'fill_increase' | 'fill_set' | 'production';

/** The append-only ledger of preform stock movements (a trigger refuses UPDATE and DELETE). */
export interface PreformStockMovementTable {
  id: Generated<number>;
  preform_id: number;
  warehouse_id: number;
  /** Signed change of the stock. */
  quantity: number;
  /** Stock after this movement. */
  balance_after: number;
  reason: StockReason;
  /** The document that caused the movement, e.g. `supply_order` and its id; null for manual fills. */
  source_type: string | null;
  source_id: number | null;
  /** Subject (user id) of whoever caused it. */
  subject: string;
  at: Timestamp;
}

/** Warehouses and preform stock: balances, the ledger that explains every change, and the per-warehouse row counts. */
export interface StockTables {
  preform_warehouses: PreformWarehouseTable;
  preform_stock: PreformStockTable;
  /** Rows of preform_stock per warehouse, kept by a trigger (migration 0011). */
  preform_stock_counts: { warehouse_id: number; pairs: ColumnType<number, never, never> };
  preform_stock_movements: PreformStockMovementTable;
}
