import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

/** A system that signs in with client credentials; `company_id` null is the manufacturer's. */
export interface ApiClientTable {
  id: Generated<number>;
  /** The OAuth client_id, also the `sub` of its access tokens. */
  client_id: string;
  name: string;
  company_id: string | null;
  roles: Schemas['ApiClientRole'][];
  auth_method: Schemas['ApiClientAuthMethod'];
  /** SHA-256 of the secret; null for private_key_jwt. */
  secret_hash: Buffer | null;
  secret_hint: string | null;
  /** The public key of a private_key_jwt client. */
  public_jwk: ColumnType<Schemas['PublicJwk'] | null, string | null, string | null>;
  created_by: string;
  created_at: Timestamp;
  revoked_at: Date | null;
}

/** API clients: written by the apiclients feature, read by the identity provider (api/src/idp). */
export interface ApiclientsTables {
  api_clients: ApiClientTable;
}
