import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Db } from '../db/database.js';
import { RESOURCE_CLIENT } from '../lib/roles.js';
import { revokeSubject } from './adapter.js';

/**
 * API clients at the embedded provider: systems that sign in with OAuth 2.0 client credentials. Their
 * metadata comes from `api_clients` on every token request (a revoked client is unknown at once), their tokens carry
 * the same claims a person's do (roles, company), so the API's gate treats them as any caller.
 */

export const CLIENT_ID_PREFIX = 'ac_';
const SECRET_PREFIX = 'cs_';

/** A new secret of 256 random bits, its SHA-256 and the hint shown in the list. */
export function newClientSecret(): { secret: string; hash: Buffer; hint: string } {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: secretHash(secret), hint: secret.slice(0, 7) };
}

export const newClientId = () => CLIENT_ID_PREFIX + randomBytes(15).toString('base64url');

export const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * The provider compares a presented secret with the client's `client_secret`, which for an API client is the hex of
 * the stored SHA-256 (the secret itself is never kept): hash what was presented and compare in constant time. The
 * provider's maintainer points at this prototype function for one-way hashed secrets; symmetric uses of the secret
 * (client_secret_jwt, HS* algorithms) are therefore not offered.
 */
export function compareHashedSecret(this: { clientSecret?: string }, presented: unknown): boolean {
  if (typeof presented !== 'string' || !this.clientSecret) return false;
  const stored = Buffer.from(this.clientSecret, 'hex');
  const actual = secretHash(presented);
  return stored.length === actual.length && timingSafeEqual(stored, actual);
}

/**
 * Refuses at once every access token already issued to the company's API clients (a disabled company): new tokens are
 * refused by `activeClient`, but those issued before live until they expire unless their subjects are revoked too.
 * Answers how many clients.
 */
export async function revokeCompanyApiClients(db: Kysely<Database> | Transaction<Database>, companyId: string): Promise<number> {
  const clients = await db.selectFrom('api_clients').select('client_id').where('company_id', '=', companyId).execute();
  for (const client of clients) await revokeSubject(db, client.client_id);
  return clients.length;
}

/** A valid API client of an enabled company (or the manufacturer's), by OAuth client id. */
async function activeClient(db: Db, clientId: string) {
  if (!clientId.startsWith(CLIENT_ID_PREFIX) || clientId.length > 64) return undefined;
  return db
    .selectFrom('api_clients as a')
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.client_id', 'a.name', 'a.company_id', 'a.roles', 'a.auth_method', 'a.secret_hash', 'a.public_jwk', 'c.name as company_name'])
    .where('a.client_id', '=', clientId)
    .where('a.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('a.company_id', 'is', null), eb('c.enabled', '=', true)]))
    .executeTakeFirst();
}

/**
 * oidc-provider's `Client` model read from `api_clients`: client credentials only, no redirects, the secret's hash as
 * `client_secret` (see compareHashedSecret) or the public key as `jwks`. Clients are never written through it.
 */
export class ApiClientAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await activeClient(this.db, id);
    if (!row) return undefined;
    return {
      client_id: row.client_id,
      client_name: row.name,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: row.auth_method,
      ...(row.secret_hash ? { client_secret: row.secret_hash.toString('hex') } : {}),
      ...(row.public_jwk ? { jwks: { keys: [row.public_jwk] } } : {}),
    };
  }

  async upsert(): Promise<void> {
    throw new Error('API clients are created in the portal, not registered at the provider');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

/**
 * The claims of an API client's access token, in the shape of a person's (Keycloak's): its roles as resource roles of
 * orders-public (a client type as `client` plus the realm role buyer or seller), its company and its name. Its `sub`
 * is its client id (RFC 9068 for grants without a user), which is how the API knows an API client.
 */
export async function apiClientClaims(db: Db, clientId: string): Promise<Record<string, unknown> | undefined> {
  const row = await activeClient(db, clientId);
  if (!row) return undefined;
  const realm = row.roles.filter((role) => role === 'buyer' || role === 'seller');
  const resource = row.roles.filter((role) => role !== 'buyer' && role !== 'seller');
  if (realm.length && !resource.includes('client')) resource.push('client');
  return {
    resource_access: { [RESOURCE_CLIENT]: { roles: resource } },
    realm_access: { roles: realm },
    name: row.name,
    ...(row.company_id ? { companyId: row.company_id, company: row.company_name ?? '' } : {}),
  };
}
