import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import type { Db } from '../../api/src/db/database.js';
import { sharedSchemaCompilers } from './schema-compilers.test-utils.js';

const ISSUER = 'http://issuer.test/idp';
const AUDIENCE = 'orders-portal-api';
const { publicKey, privateKey } = await generateKeyPair('RS256');
const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };

// Load shedding on event loop delay is off: a test process on a busy machine lags without being overloaded
// (pressure.test.ts turns on the pool check it exercises). Job workers are off (JOBS_WORKERS=0: jobs are queued, not
// worked): the files that test the workers turn them on. The portal's own MQTT broker is off: the MQTT files start it.
const baseEnv = {
  OIDC_ISSUER: ISSUER,
  OIDC_AUDIENCE: AUDIENCE,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  JOBS_WORKERS: '0',
  MQTT_BROKER: 'false',
};
export const testConfig = loadConfig(baseEnv);
/** The key set the test tokens verify against, for a test that builds the app itself (its own logger). */
export const testKeys = { keys: [publicJwk] };

/**
 * The API as production builds it, on a test database, trusting the test key set; `env` overrides the configuration.
 * Its routes' compiled validators and serializers are the worker's, shared with its other apps (schema-compilers).
 */
export async function createTestApp(db: Db, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = Object.keys(env).length ? loadConfig({ ...baseEnv, ...env }) : testConfig;
  const app = await buildApp({ config, db, keys: testKeys, schemaCompilers: sharedSchemaCompilers });
  await app.ready();
  return app;
}

export interface TokenOptions {
  sub?: string;
  /** Resource roles of orders-public: admin, operator, accountant, client. */
  roles?: string[];
  /** Realm roles: buyer, seller. */
  realm?: string[];
  companyId?: string;
  name?: string;
  expiresIn?: string;
  issuer?: string;
  audience?: string;
  /** Header typ; the identity provider's tokens say at+jwt (RFC 9068). */
  typ?: string;
  /** The client_id claim; null leaves it out. */
  clientId?: string | null;
}

/** A signed access token shaped like the identity provider's (Keycloak shape). */
export async function tokenFor(options: TokenOptions = {}): Promise<string> {
  return new SignJWT({
    resource_access: { 'orders-public': { roles: options.roles ?? [] } },
    realm_access: { roles: options.realm ?? [] },
    name: options.name ?? 'Test User',
    ...(options.companyId ? { companyId: options.companyId } : {}),
    ...(options.clientId === null ? {} : { client_id: options.clientId ?? 'orders-public' }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test', typ: options.typ ?? 'at+jwt' })
    .setSubject(options.sub ?? 'user-1')
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(privateKey);
}

/** What a named caller's token may change: how long it lives. */
export type TokenLife = Pick<TokenOptions, 'expiresIn'>;

/** Named callers used across the API tests. */
export const as = {
  admin: (life: TokenLife = {}) => tokenFor({ sub: 'admin-1', roles: ['admin'], name: 'Alice Admin', ...life }),
  operator: (life: TokenLife = {}) => tokenFor({ sub: 'operator-1', roles: ['operator'], ...life }),
  accountant: (life: TokenLife = {}) => tokenFor({ sub: 'accountant-1', roles: ['accountant'], ...life }),
  client: (companyId = 'company-a', life: TokenLife = {}) => tokenFor({ sub: `client-${companyId}`, roles: ['client'], companyId, ...life }),
  buyer: (companyId = 'company-b', life: TokenLife = {}) =>
    tokenFor({ sub: `buyer-${companyId}`, roles: ['client'], realm: ['buyer'], companyId, ...life }),
  seller: (companyId = 'company-c', life: TokenLife = {}) =>
    tokenFor({ sub: `seller-${companyId}`, roles: ['client'], realm: ['seller'], companyId, ...life }),
  guest: (life: TokenLife = {}) => tokenFor({ sub: 'guest-1', roles: [], ...life }),
};

/** POST JSON through app.inject with a bearer token. */
export async function post(app: FastifyInstance, url: string, body: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
