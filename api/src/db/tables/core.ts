import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

/** One rate-limit counter: `key` is `<limit>:<who>`; the window ends at `reset_at`. */
export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: Date;
}

/**
 * Column types every table uses, and the tables of the request plumbing (api/src/lib, api/src/plugins): idempotency keys
 * and rate limits. No feature owns them.
 */
export interface CoreTables {
  idempotency_keys: IdempotencyKeyTable;
  rate_limits: RateLimitTable;
}
