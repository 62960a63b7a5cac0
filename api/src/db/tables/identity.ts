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
  created_at: Timestamp;
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

/** Tables of the embedded identity provider and the client directory (companies, users, OIDC state). */
export interface IdentityTables {
  companies: CompanyTable;
  users: UserTable;
  oidc_payloads: OidcPayloadTable;
  oidc_keys: OidcKeyTable;
}
