import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

/** A client's production order. */
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

/** One entry of an order item's produced bottles (migration 2026-11-24-0100-produced-entries). */
export interface ProducedEntryTable {
  id: Generated<number>;
  order_item_id: number;
  /** Bottles produced since the previous entry (negative for a lowered total). */
  quantity: number;
  /** The item's produced total after this entry. */
  produced_total: number;
  subject: string;
  /** The user's name when recorded. */
  recorded_by: string;
  created_at: Timestamp;
}

/** Clients' production orders, their items and the produced entries the operator records. */
export interface OrdersTables {
  client_production_orders: ClientProductionOrderTable;
  client_production_order_items: ClientProductionOrderItemTable;
  produced_entries: ProducedEntryTable;
}
