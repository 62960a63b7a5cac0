import type { Generated } from 'kysely';
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

/** The preform catalogue and each preform's suppliers. */
export interface PreformsTables {
  preforms: PreformTable;
  preform_supplies: PreformSupplyTable;
}
