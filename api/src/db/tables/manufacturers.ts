import type { Generated } from 'kysely';
import type { Timestamp } from './core.js';

export interface ManufacturerTable {
  id: Generated<number>;
  manufacturer_name: string;
  default_lead_time: number;
  box_qty_per_truck: number;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Preform manufacturers (suppliers). */
export interface ManufacturersTables {
  manufacturers: ManufacturerTable;
}
