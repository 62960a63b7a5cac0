import type { Generated } from 'kysely';
import type { Schemas } from '../../lib/contract.js';
import type { Timestamp } from './core.js';

/** A lot's recycled content, its evidence and its carbon (one row per lot once recorded). Percent of mass; kg CO2e per kg. */
export interface LotCompositionTable {
  lot_id: number;
  post_consumer_percent: number;
  pre_consumer_percent: number;
  scheme: Schemas['RecycledScheme'] | null;
  certificate_no: string | null;
  valid_from: string | null;
  valid_until: string | null;
  /** The authorised recycling process under Regulation (EU) 2022/1616. */
  recycling_process: string | null;
  /** From the supplier's EPD; null: the material's documented default applies. */
  carbon_kg_per_kg: number | null;
  epd_reference: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A lot's certificate file: the bytes in the row, or in the bucket under `storage_key` (as uploads are kept). */
export interface LotCertificateTable {
  lot_id: number;
  original_filename: string;
  /** Detected from the content. */
  mimetype: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  content: Buffer | null;
  storage_key: string | null;
  created_by: string;
  created_at: Timestamp;
}

/** Recycled content and carbon of preform lots, and their certificate files. */
export interface SustainabilityTables {
  lot_compositions: LotCompositionTable;
  lot_certificates: LotCertificateTable;
}
