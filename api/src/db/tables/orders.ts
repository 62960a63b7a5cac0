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
  /** The produced total of its last entry recorded by the end of its due day (UTC), kept by triggers (the produced-by-due module). */
  produced_by_due: ColumnType<number, never, never>;
  is_closed: ColumnType<boolean, boolean | undefined, boolean>;
  is_buyer_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  is_seller_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  ref_production_order_item_id: number | null;
  /** The machine it is planned on (one of its product's machines); null: not planned on one (migration 2026-12-06-1610). */
  machine_name: ColumnType<string | null, string | null | undefined, string | null>;
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

/** One change of an order item, append-only (written by a trigger on the items; migration 2026-11-24-0500). */
export interface OrderItemHistoryTable {
  id: Generated<number>;
  order_item_id: number;
  order_id: number;
  change: 'created' | 'changed' | 'deleted';
  planned_amount: number | null;
  previous_planned_amount: number | null;
  due_date: string | null;
  previous_due_date: string | null;
  is_buyer_confirmed: boolean | null;
  previous_buyer_confirmed: boolean | null;
  is_seller_confirmed: boolean | null;
  previous_seller_confirmed: boolean | null;
  produced_amount: number | null;
  previous_produced_amount: number | null;
  is_closed: boolean | null;
  previous_closed: boolean | null;
  reason: string | null;
  subject: string;
  actor_name: string;
  at: Generated<Date>;
}

/** Clients' production orders, their items, the produced entries the operator records, and the items' history. */
export interface OrdersTables {
  client_production_orders: ClientProductionOrderTable;
  client_production_order_items: ClientProductionOrderItemTable;
  produced_entries: ProducedEntryTable;
  order_item_history: OrderItemHistoryTable;
}
