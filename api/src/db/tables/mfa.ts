import type { Generated } from 'kysely';
import type { Timestamp } from './core.js';

/** A user's TOTP secret (encrypted); `confirmed_at` null while the enrolment waits for its first code. */
export interface UserMfaTable {
  user_id: string;
  /** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url, bound to the user id. */
  secret: string;
  confirmed_at: Date | null;
  /** The time step of the last accepted code: a code of that step or an earlier one is refused (replay). */
  last_time_step: number | null;
  created_at: Timestamp;
}

/** One-time recovery codes: SHA-256 of the code, `used_at` once it has been used. */
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface MfaTables {
  user_mfa: UserMfaTable;
  user_recovery_codes: UserRecoveryCodeTable;
}
