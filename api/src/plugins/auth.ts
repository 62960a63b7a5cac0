import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { unauthorized } from '../lib/problem.js';
import { rolesFromClaims, type Role, type TokenClaims } from '../lib/roles.js';
import { admit, bearerToken } from './gate.js';
import { machineNowMs } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** The operation's `x-roles`, set for every contract route. */
    roles?: Role[];
    operationId?: string;
  }
}

export interface AuthOptions {
  issuer: string;
  audience: string;
  /** Local key set (embedded provider) or the issuer's JWKS URL (external provider). */
  keys: JSONWebKeySet | URL;
  /**
   * RFC 9068 access tokens only (header typ at+jwt and a client_id claim); false accepts an issuer's plain JWTs
   * (Keycloak) that still carry sub, exp, iat, aud and iss. Default true.
   */
  strict?: boolean;
  /** Where revoked subjects are looked up when `revocations` cannot answer from memory (or there is none). */
  db?: Db;
  /**
   * The revoked subjects kept in memory (`RevocationWatch`): true or false when memory is current, undefined when the
   * gate must ask `db` for this request.
   */
  revocations?: { check(sub: string, issuedAt: number): boolean | undefined };
  /**
   * Runs in the gate before it refuses or admits the request, with the verified and unrevoked token (null without
   * one): the per-user rate limit, so that unauthenticated callers (and revoked tokens) are counted too, by address.
   */
  beforeGate?: (request: FastifyRequest, reply: FastifyReply, token: Caller | null) => Promise<void>;
  /**
   * A machine credential's opaque token (`mt_…`) to its caller (role `machine` only), or null when unknown or
   * revoked (401). Such a token is never an access token, nor the reverse; outside the `machine` operations it is 403.
   */
  machineToken?: (token: string) => Promise<Actor | null>;
}

/** A verified token: its caller and when it was issued (seconds), for the revocation check. */
export interface Caller {
  actor: Actor;
  issuedAt: number;
}

/** The prefix of a machine credential's token (a JWT never starts so: it starts with its base64url header `ey`). */
export const MACHINE_TOKEN_PREFIX = 'mt_';

/** Verifies a bearer token (typ, signature, issuer, audience, expiry, required claims) and turns its claims into an Actor. */
export async function verifyToken(token: string, options: AuthOptions, keySet = keySetOf(options)): Promise<Actor> {
  return (await verifyWithExpiry(token, options, keySet)).actor;
}

const INVALID_TOKEN = /*i18n*/ { id: 'problem.invalidToken', message: 'The bearer token is invalid or expired.' };

const STRICT_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat', 'client_id'];
const LENIENT_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat'];

async function verifyWithExpiry(token: string, options: AuthOptions, keySet: ReturnType<typeof keySetOf>) {
  const strict = options.strict ?? true;
  const { payload } = await jwtVerify(token, keySet, {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: ['RS256', 'PS256', 'ES256'],
    ...(strict ? { typ: 'at+jwt' } : {}),
    requiredClaims: strict ? STRICT_CLAIMS : LENIENT_CLAIMS,
  });
  return { actor: actorFromClaims(payload), expiresAt: (payload.exp ?? 0) * 1000, issuedAt: payload.iat ?? 0 };
}

type Verified = Awaited<ReturnType<typeof verifyWithExpiry>>;

const VERIFIED_TOKENS_KEPT = 1000;

/**
 * A verified token is kept until it expires, so the signature is checked once per token rather than on every
 * request (a web session sends the same token for minutes); the expiry is checked on every use. Revocation is
 * checked on every use too, apart from this cache (`revocations`).
 */
function cachedVerifier(options: AuthOptions) {
  const keySet = keySetOf(options);
  const verified = new Map<string, Verified>();
  return async (token: string): Promise<Verified> => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > machineNowMs()) return hit;
    verified.delete(token);
    const entry = await verifyWithExpiry(token, options, keySet);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
    return entry;
  };
}

/**
 * Whether the subject's tokens issued at `issuedAt` (seconds) were revoked since (`pnpm users disable`, a new
 * password), asked of the database: the gate's answer while its memory of revocations is not known to be current.
 */
export async function revoked(db: Db, sub: string, issuedAt: number): Promise<boolean> {
  const row = await db
    .selectFrom('subject_revocations')
    .select('sub')
    .where('sub', '=', sub)
    .where('revoked_at', '>=', sql<Date>`to_timestamp(${issuedAt})`)
    .executeTakeFirst();
  return Boolean(row);
}

function keySetOf(options: AuthOptions) {
  return options.keys instanceof URL ? createRemoteJWKSet(options.keys) : createLocalJWKSet(options.keys);
}

export function actorFromClaims(payload: JWTPayload & TokenClaims): Actor {
  if (!payload.sub) throw new Error('token without subject');
  const { roles, clientType } = rolesFromClaims(payload);
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  const name = text(payload.name) ?? ([text(payload.given_name), text(payload.family_name)].filter(Boolean).join(' ') || payload.sub);
  const apiClient = apiClientOf(payload);
  return {
    sub: payload.sub,
    roles,
    clientType,
    companyId: clientType ? text(payload.companyId) : null,
    name,
    email: text(payload.email),
    ...(apiClient ? { apiClient } : {}),
  };
}

/**
 * Whether the token is an API client's (client credentials, no person): RFC 9068 gives such a token the client's id
 * as `sub` (the embedded provider does), and Keycloak names a client's service account `service-account-<client>`
 * with the client in `client_id` (older versions: `clientId`) or `azp`. See docs/api.md, 'External identity providers'.
 */
function apiClientOf(payload: JWTPayload & TokenClaims): { clientId: string } | undefined {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const clientId = text(payload.client_id) ?? text(payload.clientId) ?? text(payload.azp);
  if (!clientId) return undefined;
  const serviceAccount = text(payload.preferred_username)?.startsWith('service-account-') ?? false;
  return payload.sub === clientId || serviceAccount ? { clientId } : undefined;
}


/**
 * The admitted caller becomes the request's actor, and every later log line of the request (the handler's, the
 * 'request completed' line) carries who it was beside its `reqId`: the subject, roles and company, never
 * the token.
 */
function admitted(request: FastifyRequest, reply: FastifyReply, actor: Actor) {
  // A copy per request: the verified-token cache hands the same actor to every request of a token. The address and
  // user agent go into the audit entries of the request's writes.
  const userAgent = request.headers['user-agent'];
  request.actor = { ...actor, client: { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null } };
  const bindings = {
    actor: { sub: actor.sub, roles: [...actor.roles], companyId: actor.companyId, ...(actor.apiClient ? { apiClient: actor.apiClient.clientId } : {}) },
  };
  // Fastify gives each request a child logger of its own: pino's setBindings adds to it without a second child (a
  // child per request rebuilds every level's method). A logger without setBindings (another one passed in) gets a child.
  const log = request.log as FastifyBaseLogger & { setBindings?: (bindings: Record<string, unknown>) => void };
  if (log.setBindings) log.setBindings(bindings);
  else request.log = reply.log = request.log.child(bindings);
}

/**
 * The gate in front of every contract route, in `onRequest`, so it answers before the body is parsed or
 * validated: 401 without a valid token (or with a revoked one), 403 when none of the caller's roles is in the
 * operation's `x-roles`, and 403 when a `{role}` path segment names a role the caller does not hold.
 */
export const authPlugin = fp<AuthOptions>(async (app, options) => {
  const verify = cachedVerifier(options);
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request, reply) => {
    const allowed = request.routeOptions.config.roles;
    if (!allowed) return; // not a contract route (health, docs, identity provider, static files)
    const token = bearerToken(request.headers.authorization);
    let actor: Actor | null = null;
    let reason = 'no bearer token';
    let verified: Verified | undefined;
    if (token?.startsWith(MACHINE_TOKEN_PREFIX)) {
      const machine = options.machineToken ? await options.machineToken(token) : null;
      // Counted against the credential (a machine's token is never revoked by subject: revoking the credential is).
      await options.beforeGate?.(request, reply, machine ? { actor: machine, issuedAt: Math.floor(machineNowMs() / 1000) } : null);
      if (!machine) {
        request.log.info({ reason: 'machine token unknown or revoked' }, 'token refused');
        throw unauthorized(INVALID_TOKEN);
      }
      admit(machine, allowed, undefined);
      admitted(request, reply, machine);
      return;
    }
    if (token) {
      try {
        verified = await verify(token);
      } catch (error) {
        reason = (error as Error).message;
      }
    }
    let caller: Caller | null = verified ? { actor: verified.actor, issuedAt: verified.issuedAt } : null;
    if (caller) {
      const { sub } = caller.actor;
      const isRevoked = options.revocations?.check(sub, caller.issuedAt) ?? (options.db ? await revoked(options.db, sub, caller.issuedAt) : false);
      if (isRevoked) {
        reason = 'subject revoked';
        caller = null;
      }
    }
    await options.beforeGate?.(request, reply, caller);
    if (caller) actor = caller.actor;
    if (!actor) {
      if (token) request.log.info({ reason }, 'token refused');
      throw token ? unauthorized(INVALID_TOKEN) : unauthorized();
    }
    // Known before the roles are checked, so a 403 speaks the caller's language and its log line names them.
    admitted(request, reply, actor);
    admit(actor, allowed, (request.params as { role?: string } | undefined)?.role);
  });
});
