import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./core.js";
import type { Schemas } from "../../lib/contract.js";

export type SupplyOrderStatus = Schemas["SupplyOrderStatus"];

/** A raw-material supply order: one card of the board. */
export interface SupplyOrderTable {
  id: Generated<number>;
  order_status: ColumnType<
    SupplyOrderStatus,
    SupplyOrderStatus | undefined,
    SupplyOrderStatus
  >;
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

/** Supply orders of preforms (the raw-material board). */
export interface SupplyTables {
  supply_orders: SupplyOrderTable;
}
