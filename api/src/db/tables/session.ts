import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

/** A client company (tenant). `client_type` '0' converter, '1' buyer; `fbs` are its machines. */
export interface CompanyTable {
  id: string;
  name: string;
  fbs: ColumnType<string[], string[] | undefined, string[]>;
  address: ColumnType<string, string | undefined, string>;
  client_type: ColumnType<Schemas['ClientTypeAttribute'], Schemas['ClientTypeAttribute'] | undefined, Schemas['ClientTypeAttribute']>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** The company's language: its documents', e-mails' and people's default. */
  language: ColumnType<Schemas['Language'], Schemas['Language'] | undefined, Schemas['Language']>;
  created_at: Timestamp;
}

/** A person's own choice of language, by identity-service user id (the token's `sub`); no row: not chosen. */
export interface UserLanguageTable {
  user_id: string;
  language: Schemas['Language'];
}

/** A person who signs in at the embedded identity provider. */
export interface UserTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  /** argon2id PHC string. */
  password_hash: string;
  company_id: string | null;
  /** Resource roles of the `orders-public` client: admin, operator, accountant, client. */
  resource_roles: ColumnType<string[], string[] | undefined, string[]>;
  /** Realm roles: buyer, seller. */
  realm_roles: ColumnType<string[], string[] | undefined, string[]>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** oidc-provider's storage (sessions, interactions, grants, codes, tokens), one row per model instance. */
export interface OidcPayloadTable {
  id: string;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/** Persistent secrets of the provider: the signing key set and the cookie keys, generated on first start. */
export interface OidcKeyTable {
  id: string;
  value: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

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

/**
 * Who signs in and for which company: companies, users, each person's language, the identity provider's payloads and keys, MFA, sign-in
 * failures and revocations. Written by the session feature, the identity provider (api/src/idp) and `pnpm users`
 * (api/src/cli).
 */
export interface SessionTables {
  companies: CompanyTable;
  users: UserTable;
  oidc_payloads: OidcPayloadTable;
  oidc_keys: OidcKeyTable;
  user_mfa: UserMfaTable;
  user_recovery_codes: UserRecoveryCodeTable;
  login_failures: LoginFailureTable;
  subject_revocations: SubjectRevocationTable;
  user_languages: UserLanguageTable;
}
