import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor.js';
import { forbidden, unauthorized } from '../lib/problem.js';
import { rolesFromClaims, type Role, type TokenClaims } from '../lib/roles.js';

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
}

/** Verifies a bearer token (signature, issuer, audience, expiry) and turns its claims into an Actor. */
export async function verifyToken(token: string, options: AuthOptions, keySet = keySetOf(options)): Promise<Actor> {
  return (await verifyWithExpiry(token, options, keySet)).actor;
}

async function verifyWithExpiry(token: string, options: AuthOptions, keySet: ReturnType<typeof keySetOf>) {
  const { payload } = await jwtVerify(token, keySet, {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: ['RS256', 'PS256', 'ES256'],
  });
  return { actor: actorFromClaims(payload), expiresAt: (payload.exp ?? 0) * 1000 };
}

const VERIFIED_TOKENS_KEPT = 1000;

/**
 * A verified token is kept until it expires, so the signature is checked once per token rather than on every
 * request (a web session sends the same token for minutes). A JWT cannot be revoked before its expiry anyway,
 * so this accepts exactly what verifying again would; the expiry is checked on every use.
 */
function cachedVerifier(options: AuthOptions) {
  const keySet = keySetOf(options);
  const verified = new Map<string, { actor: Actor; expiresAt: number }>();
  return async (token: string): Promise<Actor> => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > Date.now()) return hit.actor;
    verified.delete(token);
    const entry = await verifyWithExpiry(token, options, keySet);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
    return entry.actor;
  };
}

function keySetOf(options: AuthOptions) {
  return options.keys instanceof URL ? createRemoteJWKSet(options.keys) : createLocalJWKSet(options.keys);
}

export function actorFromClaims(payload: JWTPayload & TokenClaims): Actor {
  if (!payload.sub) throw new Error('token without subject');
  const { roles, clientType } = rolesFromClaims(payload);
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  const name = text(payload.name) ?? ([text(payload.given_name), text(payload.family_name)].filter(Boolean).join(' ') || payload.sub);
  return {
    sub: payload.sub,
    roles,
    clientType,
    companyId: clientType ? text(payload.companyId) : null,
    name,
    email: text(payload.email),
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The gate in front of every contract route, in `onRequest`, so it answers before the body is parsed or
 * validated: 401 without a valid token, 403 when none of the caller's roles is in the operation's
 * `x-roles`, and 403 when a `{role}` path segment names a role the caller does not hold.
 */
export const authPlugin = fp<AuthOptions>(async (app, options) => {
  const verify = cachedVerifier(options);
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    const allowed = request.routeOptions.config.roles;
    if (!allowed) return; // not a contract route (health, docs, identity provider, static files)
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let actor: Actor;
    try {
      actor = await verify(token);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'token refused');
      throw unauthorized('The bearer token is invalid or expired.');
    }
    if (!allowed.some((role) => actor.roles.has(role))) throw forbidden();
    if (actor.clientType && !actor.companyId) throw forbidden('Your account is not linked to a client company.');
    const pathRole = (request.params as { role?: string } | undefined)?.role;
    if (pathRole !== undefined && !actor.roles.has(pathRole as Role)) throw forbidden(`You do not hold the role '${pathRole}'.`);
    request.actor = actor;
  });
});
