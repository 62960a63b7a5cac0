import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ManufacturerTable {
  id: Generated<number>;
  manufacturer_name: string;
  default_lead_time: number;
  box_qty_per_truck: number;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  subject: string;
  company_id: string | null;
  operation: string;
  record_type: string;
  record_id: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  /** Where an identity event came from (sign-ins); null for API writes and the command line. */
  ip: ColumnType<string | null, string | null | undefined, never>;
  /** Place in the hash chain, the previous row's hash and this row's: set by the insert trigger only. */
  seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** A retried create's key and, once it succeeded, its response (migration 2026-11-23-0100). */
export interface IdempotencyKeyTable {
  caller: string;
  key: string;
  operation: string;
  fingerprint: string;
  /** Which request holds the lease (a random id per claim). */
  attempt: string;
  locked_until: Timestamp;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface CoreTables {
  manufacturers: ManufacturerTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeyTable;
}
