import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

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

/** The admin's buffer settings of the supply plan (one row, id 1). */
export interface SupplyPlanSettingsTable {
  id: ColumnType<number, never, never>;
  lead_time_factor: number;
  variability_factor: number;
  minimum_order: number;
  version: number;
  updated_at: Timestamp;
}

/** 'Accept' or 'Dismiss' of one suggestion, known by its preform, warehouse and numbers (the fingerprint). */
export interface SupplySuggestionDecisionTable {
  preform_id: number;
  warehouse_id: number;
  fingerprint: string;
  decision: 'accepted' | 'dismissed';
  supply_order_id: number | null;
  subject: string;
  at: Generated<Date>;
}

/** A transaction that changed what the supply plan is made of (kept by statement triggers, migration 2026-11-25-0910). */
export interface SupplyPlanChangeTable {
  /** The transaction's id (xid8, read as text). */
  xid: string;
  at: Generated<Date>;
}

/** Supply orders of preforms (the raw-material board), and the supply plan's settings, decisions and changes. */
export interface SupplyTables {
  supply_orders: SupplyOrderTable;
  supply_plan_settings: SupplyPlanSettingsTable;
  supply_suggestion_decisions: SupplySuggestionDecisionTable;
  supply_plan_changes: SupplyPlanChangeTable;
}
