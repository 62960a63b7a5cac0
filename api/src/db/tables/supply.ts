import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

/** A preform (raw material) of the catalogue. Deleted preforms are kept (`deleted_at`): stock history refers to them. */
export interface PreformTable {
  id: Generated<number>;
  preform_name: string;
  neck: Schemas['Neck'];
  material: Schemas['Material'];
  color: Schemas['Color'];
  /** Grams, 1 to 200. */
  weight: number;
  qty_per_box: number;
  deleted_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A manufacturer supplying a preform. A deselected supplier is kept with `deleted_at` (supply orders and client
 * products refer to it); selecting it again clears the mark.
 */
export interface PreformSupplyTable {
  id: Generated<number>;
  preform_id: number;
  manufacturer_id: number;
  deleted_at: Date | null;
  created_at: Timestamp;
}

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

export type SupplyOrderStatus = Schemas['SupplyOrderStatus'];

/** A raw-material supply order: one card of the board. */
export interface SupplyOrderTable {
  id: Generated<number>;
  order_status: ColumnType<SupplyOrderStatus, SupplyOrderStatus | undefined, SupplyOrderStatus>;
  ordered_amount: number;
  due_date: string;
  preform_id: number;
  preform_warehouse_id: number;
  preform_supply_id: number;
  stock: ColumnType<boolean, boolean | undefined, boolean>;
  client_production_order_id: number | null;
  delivered_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A client's product (bottle) made from a preform in a warehouse. Minimal now; the client inventory feature extends it. */
export interface ClientProductTable {
  id: Generated<number>;
  company_id: string;
  product_name: string;
  article_no: string;
  alt_name: string | null;
  machine_names: ColumnType<string, string | undefined, string>;
  /** Fraction (0.02 = 2 %). */
  scrap_rate: ColumnType<number, number | undefined, number>;
  preform_scrap_start: ColumnType<number, number | undefined, number>;
  preform_scrap_change_over: ColumnType<number, number | undefined, number>;
  preform_id: number;
  preform_warehouse_id: number;
  default_supply_id: number;
  current_stock: ColumnType<number, number | undefined, number>;
  wip: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A client's production order. Minimal now; the orders feature extends it. */
export interface ClientProductionOrderTable {
  id: Generated<number>;
  company_id: string;
  order_no: string;
  /** 0 open, 1 closed. */
  closed: ColumnType<Schemas['ClosedFlag'], Schemas['ClosedFlag'] | undefined, Schemas['ClosedFlag']>;
  purchase_date: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An item of a production order: bottles of one product due on a day. */
export interface ClientProductionOrderItemTable {
  id: Generated<number>;
  order_id: number;
  client_product_id: number;
  due_date: string;
  planned_amount: number;
  produced_amount: ColumnType<number, number | undefined, number>;
  is_closed: ColumnType<boolean, boolean | undefined, boolean>;
  is_buyer_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  is_seller_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  ref_production_order_item_id: number | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Raw-material supply: preforms, suppliers, warehouses, preform stock and its ledger, supply orders, and the
 * minimal client product / production order tables that the order amounts are computed from. */
export interface SupplyTables {
  preforms: PreformTable;
  preform_supplies: PreformSupplyTable;
  preform_warehouses: PreformWarehouseTable;
  preform_stock: PreformStockTable;
  /** Rows of preform_stock per warehouse, kept by a trigger (migration 0011). */
  preform_stock_counts: { warehouse_id: number; pairs: ColumnType<number, never, never> };
  preform_stock_movements: PreformStockMovementTable;
  supply_orders: SupplyOrderTable;
  client_products: ClientProductTable;
  client_production_orders: ClientProductionOrderTable;
  client_production_order_items: ClientProductionOrderItemTable;
}
