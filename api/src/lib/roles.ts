/**
 * Roles of the portal. Staff roles and the client-face type both come from the access token:
 * resource roles of `orders-public` (admin, operator, accountant, client) and, for client users,
 * the realm role buyer or seller, which replaces `client` (a client user has exactly one client type).
 * Every signed-in user also holds `guest`, which only the "who am I" operation accepts.
 */
export const STAFF_ROLES = ['admin', 'operator', 'accountant'] as const;
export const CLIENT_TYPES = ['client', 'buyer', 'seller'] as const;
export const ALL_ROLES = [...STAFF_ROLES, ...CLIENT_TYPES, 'guest'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
export type ClientType = (typeof CLIENT_TYPES)[number];
/**
 * A machine credential is not a user and holds no other role: its opaque token is checked by the gate
 * against `machine_credentials` (docs/decisions.md, 'Machine credentials'); no access token ever grants it.
 */
export const MACHINE_ROLE = 'machine';

export type Role = (typeof ALL_ROLES)[number] | typeof MACHINE_ROLE;

export const RESOURCE_CLIENT = 'orders-public';

export interface TokenClaims {
  sub?: string;
  resource_access?: Record<string, { roles?: string[] } | undefined>;
  realm_access?: { roles?: string[] };
  [claim: string]: unknown;
}

/** The roles a token grants, in the portal's terms. */
export function rolesFromClaims(claims: TokenClaims): { roles: Set<Role>; clientType: ClientType | null } {
  const resourceRoles = claims.resource_access?.[RESOURCE_CLIENT]?.roles ?? [];
  const realmRoles = claims.realm_access?.roles ?? [];
  const roles = new Set<Role>(['guest']);
  for (const role of STAFF_ROLES) if (resourceRoles.includes(role)) roles.add(role);
  let clientType: ClientType | null = null;
  if (resourceRoles.includes('client')) {
    clientType = realmRoles.includes('seller') ? 'seller' : realmRoles.includes('buyer') ? 'buyer' : 'client';
    roles.add(clientType);
  }
  return { roles, clientType };
}
