import { importJWK } from 'jose';
import type { Db } from '../../db/database.js';
import { newClientId, newClientSecret } from '../../idp/api-clients.js';
import { revokeSubject, type Revocation } from '../../idp/adapter.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { Schemas } from '../../lib/contract.js';
import { notFound, ruleViolation } from '../../lib/problem.js';
import { CLIENT_TYPES, STAFF_ROLES } from '../../lib/roles.js';
import * as repository from './apiclients.repository.js';

type ApiClientRole = Schemas['ApiClientRole'];

/** This process's memory of revoked subjects (the app's `revocations`). */
interface RevocationMemory {
  remember(revocation: Revocation): void;
}

export async function getApiClients(db: Db) {
  return { rows: await repository.findApiClients(db) };
}

/**
 * The client types a company allows its API clients, as its users hold them: a Buyer company ('1') buys (buyer); a
 * Converter ('0') is a client or sells (seller).
 */
export function allowedClientTypes(clientType: Schemas['ClientTypeAttribute']): ApiClientRole[] {
  return clientType === '1' ? ['buyer'] : ['client', 'seller'];
}

/** The roles of the client, checked against who it acts for (400 naming `apiClient.roles` otherwise). */
async function checkedRoles(db: Db, input: Schemas['ApiClientInput']): Promise<ApiClientRole[]> {
  const roles = [...new Set(input.roles)];
  if (!input.clientId) {
    const notStaff = roles.find((role) => !(STAFF_ROLES as readonly string[]).includes(role));
    if (notStaff) throw ruleViolation('apiClient.roles', 'roleNotAllowed', /*i18n*/ { id: 'problem.apiclients.staffRoles', message: "The manufacturer's API client holds staff roles (admin, operator, accountant), not {role}." }, { role: notStaff });
    return roles;
  }
  const clientType = await repository.companyClientType(db, input.clientId);
  if (!clientType) throw ruleViolation('apiClient.clientId', 'unknownClient', /*i18n*/ { id: 'problem.apiclients.unknownClient', message: 'There is no such client company.' });
  const allowed = allowedClientTypes(clientType);
  if (roles.length !== 1 || !allowed.includes(roles[0]!) || !(CLIENT_TYPES as readonly string[]).includes(roles[0]!)) {
    // The two answers of allowedClientTypes, worded as a choice ('client or seller') in each language.
    throw ruleViolation('apiClient.roles', 'roleNotAllowed', /*i18n*/ { id: 'problem.apiclients.clientType', message: "A client company's API client holds exactly one client type this company allows: {allowed, select, buyer {buyer} other {client or seller}}." }, {
      allowed: allowed[0],
    });
  }
  return roles;
}

/** The public key of a private_key_jwt client: required there, and a usable public key (never a private one). */
async function checkedPublicKey(input: Schemas['ApiClientInput']): Promise<Schemas['PublicJwk'] | null> {
  if (input.authMethod !== 'private_key_jwt') return null;
  if (!input.publicKey) throw ruleViolation('apiClient.publicKey', 'required', /*i18n*/ { id: 'problem.apiclients.publicKeyRequired', message: 'A client that signs its assertions needs its public key.' });
  const jwk = { ...input.publicKey, use: 'sig' };
  try {
    const key = await importJWK(jwk, jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' ? 'ES256' : 'EdDSA'));
    if (!('type' in key) || key.type !== 'public') throw new Error('not a public key');
    // RS* and PS* ask for 2048 bits at least (RFC 7518, 3.3).
    if (jwk.kty === 'RSA' && Buffer.from(jwk.n ?? '', 'base64url').length < 256) throw new Error('RSA key under 2048 bits');
  } catch {
    throw ruleViolation('apiClient.publicKey', 'invalidKey', /*i18n*/ { id: 'problem.apiclients.invalidKey', message: 'This is not a usable public key (JWK).' });
  }
  return input.publicKey;
}

/**
 * Creates an API client for the manufacturer or one client company; the secret (client_secret_basic or _post) is
 * answered once and kept only as its SHA-256.
 */
export async function createApiClient(db: Db, actor: Actor, input: Schemas['ApiClientInput']) {
  const name = input.name.trim();
  const roles = await checkedRoles(db, input);
  const publicJwk = await checkedPublicKey(input);
  const secret = input.authMethod === 'private_key_jwt' ? null : newClientSecret();
  const clientId = newClientId();
  const id = await db.transaction().execute(async (trx) => {
    const created = await repository.insertApiClient(trx, {
      clientId,
      name,
      companyId: input.clientId ?? null,
      roles,
      authMethod: input.authMethod,
      secretHash: secret?.hash ?? null,
      secretHint: secret?.hint ?? null,
      publicJwk,
      createdBy: actor.sub,
    });
    await audit(trx, actor, {
      operation: 'createApiClient',
      recordType: 'api_client',
      recordId: created,
      details: { clientId, name, companyId: input.clientId ?? null, roles, authMethod: input.authMethod },
    });
    return created;
  });
  const [row] = await repository.findApiClients(db, id);
  return { apiClient: row!, clientSecret: secret?.secret ?? null };
}

/**
 * Revokes an API client: the provider no longer knows it (no new token), and its tokens issued until now are refused
 * at once, through the same revocation a disabled user's tokens go through.
 */
export async function revokeApiClient(db: Db, memory: RevocationMemory, actor: Actor, id: number) {
  const revocation = await db.transaction().execute(async (trx) => {
    const revoked = await repository.revokeApiClient(trx, id);
    if (!revoked) throw notFound('API client');
    const revocation = await revokeSubject(trx, revoked.client_id);
    await audit(trx, actor, { operation: 'revokeApiClient', recordType: 'api_client', recordId: id, details: { clientId: revoked.client_id } });
    return revocation;
  });
  memory.remember(revocation);
  const [row] = await repository.findApiClients(db, id);
  return row!;
}
