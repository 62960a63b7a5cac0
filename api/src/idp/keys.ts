import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { Db } from '../db/database.js';

export interface ProviderKeys {
  /** Private signing keys (RS256) for oidc-provider's `jwks`. */
  privateJwks: { keys: JWK[] };
  /** The same keys without their private parts, for the API's token check. */
  publicJwks: JSONWebKeySet;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export function publicJwk(jwk: JWK): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK;
}

/** Reads a stored secret, or stores `create()`'s value first; concurrent first starts agree on one value. */
export async function loadOrCreate<T>(db: Db, id: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.selectFrom('oidc_keys').select('value').where('id', '=', id).executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db
    .insertInto('oidc_keys')
    .values({ id, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await db.selectFrom('oidc_keys').select('value').where('id', '=', id).executeTakeFirstOrThrow();
  return stored.value as T;
}

/**
 * The provider's persistent secrets, generated on the first start and kept in `oidc_keys`, so that a restart
 * (or a second instance on the same database) signs with the same key and reads the same cookies.
 */
export async function loadProviderKeys(db: Db): Promise<ProviderKeys> {
  const signing = await loadOrCreate(db, 'signing', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
  });
  const cookies = await loadOrCreate(db, 'cookies', async () => ({ keys: [randomBytes(32).toString('base64url')] }));
  return {
    privateJwks: { keys: signing.keys },
    publicJwks: { keys: signing.keys.map(publicJwk) },
    cookieKeys: cookies.keys,
  };
}
