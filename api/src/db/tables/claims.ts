import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

export type ClaimStatus = Schemas['ClaimStatus'];

/** The 8D texts as stored (jsonb): a discipline never written is absent. */
export type StoredEightD = Partial<Omit<Schemas['Claim8D'], 'containmentFromTrace' | 'problem'>> & { problem?: Partial<Schemas['Claim8DProblem']> };

/** A non-conformance report of a client company about a delivered product and order. */
export interface ClaimTable {
  id: Generated<number>;
  company_id: string;
  status: ColumnType<ClaimStatus, ClaimStatus | undefined, ClaimStatus>;
  client_product_id: number;
  client_production_order_id: number;
  /** Rejected quantity (bottles). */
  amount: number;
  delivery_date: string;
  description: string;
  /** Filled by the GP (the manufacturer). */
  immediate_action: string | null;
  /** Filled by the GP; `rootCouse` on the wire. */
  root_cause: string | null;
  /** Filled by the GP. */
  corrective_actions: string | null;
  /** The 8D report's texts (D0–D8), `Claim8D` without D3's list; `{}` when none. */
  eight_d: ColumnType<StoredEightD, string | undefined, string>;
  /** D3's list as filled from the trace (staff only); null until filled. */
  containment_trace: ColumnType<Schemas['ContainmentFromTrace'] | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UploadObjectType = Schemas['UploadObjectType'];

/** A stored file of a client company; unattached until a claim save names it. */
export interface UploadTable {
  id: Generated<number>;
  company_id: string;
  original_filename: string;
  /** Detected from the content. */
  mimetype: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** The bytes, or null when they are in the bucket under `storage_key`. */
  content: Buffer | null;
  storage_key: string | null;
  object_type: UploadObjectType | null;
  object_id: number | null;
  created_by: string;
  created_at: Timestamp;
}

/** The bucket keys of deleted uploads, until their objects are removed (filled by a trigger on `uploads`). */
export interface UploadObjectDeletionTable {
  storage_key: string;
  deleted_at: Generated<Timestamp>;
}

/** Quality claims and their uploads (photos and documents). */
export interface ClaimsTables {
  claims: ClaimTable;
  uploads: UploadTable;
  upload_object_deletions: UploadObjectDeletionTable;
}
