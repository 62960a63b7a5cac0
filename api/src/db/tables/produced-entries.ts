import type { Generated } from 'kysely';
import type { Timestamp } from './core.js';

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

export interface ProducedEntryTables {
  produced_entries: ProducedEntryTable;
}
