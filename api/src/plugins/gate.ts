import type { Actor } from '../lib/actor.js';
import { forbidden } from '../lib/problem.js';
import type { Role } from '../lib/roles.js';

/** The bearer token of an Authorization header, or null when there is none (another scheme, or no token). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Whether a signed-in caller may call an operation (the caller without a valid token was answered 401 before):
 * 403 when none of its roles is in the operation's `x-roles`, when a client-type token has no company, or when a
 * `{role}` path segment names a role the caller does not hold. Throws the 403 problem; returns nothing otherwise.
 */
export function admit(actor: Actor, allowed: readonly Role[], pathRole: string | undefined): void {
  if (!allowed.some((role) => actor.roles.has(role))) throw forbidden();
  if (actor.clientType && !actor.companyId) throw forbidden(/*i18n*/ { id: 'problem.gate.noCompany', message: 'Your account is not linked to a client company.' });
  if (pathRole !== undefined && !actor.roles.has(pathRole as Role)) throw forbidden(/*i18n*/ { id: 'problem.gate.role', message: "You do not hold the role ''{role}''." }, { role: pathRole });
}
