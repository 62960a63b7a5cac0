import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';

/**
 * A preform lot: what one supply order brought into one warehouse when it was added to stock. Created in
 * the same transaction as the supply delivery's stock ledger row (`receiveLot`), one per supply order.
 */
export interface LotTable {
  id: Generated<number>;
  supply_order_id: number;
  preform_id: number;
  warehouse_id: number;
  /** The supplier: a preform supply of the preform, and its manufacturer. */
  preform_supply_id: number;
  manufacturer_id: number;
  /** The day it was added to stock. */
  delivery_date: string;
  /**
   * When it was added to stock (on delivery_date, UTC): a production record takes only from lots received on or
   * before its time (docs/traceability.md, 'FIFO').
   */
  received_at: Date;
  /** Preforms delivered (the supply order's ordered amount, the ledger row's quantity). */
  quantity: number;
  /** Preforms production took from it: the sum of its consumption rows, kept in the same transaction as they are written. */
  consumed: ColumnType<number, number | undefined, number>;
  supplier_lot_number: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Where a production record's preforms came from: one row per (record, lot), `lot_id` null for what no lot covered
 * (unlotted). Signed: a lowered produced total gives preforms back with negative rows. The sum of a record's rows is
 * the preforms its 'production' ledger row took (docs/traceability.md).
 */
export interface LotConsumptionTable {
  id: Generated<number>;
  produced_entry_id: number;
  order_item_id: number;
  lot_id: number | null;
  preform_id: number;
  warehouse_id: number;
  preforms: number;
  /** The record's bottles made from these preforms (its bottles split in proportion to the preforms; the rows of a record sum to its bottles). */
  bottles: number;
  /** 'fifo' when production took it, 'giveBack' when a lowered total returned it, 'correction' when the admin set it, 'migration' for the backfill. */
  origin: 'fifo' | 'giveBack' | 'correction' | 'migration';
  subject: string;
  created_at: Timestamp;
}

/**
 * Per lot and affected item, what the recall's summary counts (the lot-item-uses module, api/src/db/derived): kept by triggers from
 * lot_consumptions, the items, their orders and invoice lines; never written by the application.
 */
export interface LotItemUseTable {
  lot_id: number;
  /** The affected item: a producing item, or a buyer's item it produces. */
  item_id: number;
  /** The producing item whose records took the preforms (item_id itself for a producing item). */
  source_item_id: number;
  company_id: string;
  preforms: number;
  bottles: number;
  /** Invoiced, or closed (the item or its order), as the recall counts delivered. */
  delivered: boolean;
}

/** Preform lots and what production consumed from them. */
export interface LotsTables {
  lots: LotTable;
  lot_consumptions: LotConsumptionTable;
  lot_item_uses: LotItemUseTable;
}
