import type { ColumnType, Generated } from 'kysely';

/** One rate-limit counter: `key` is `<limit>:<who>`; the window ends at `reset_at`. */
export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: Date;
}

/** A failed sign-in: the username as typed (lower case) and the client address. */
export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  ip: string;
  failed_at: ColumnType<Date, Date | undefined, never>;
}

/** Tokens of `sub` issued at or before `revoked_at` are refused (a disabled user). */
export interface SubjectRevocationTable {
  sub: string;
  revoked_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SecurityTables {
  rate_limits: RateLimitTable;
  login_failures: LoginFailureTable;
  subject_revocations: SubjectRevocationTable;
}
