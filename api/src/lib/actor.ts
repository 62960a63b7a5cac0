import type { ClientType, Role } from './roles.js';

/** Who is calling: taken from a verified access token, never from the request body. */
export interface Actor {
  /** Subject (user id) of the token. */
  sub: string;
  roles: Set<Role>;
  clientType: ClientType | null;
  /** The client company (tenant) of a client-face user; null for staff. */
  companyId: string | null;
  name: string;
  email: string | null;
}

/** The tenant of a client-face actor. Client-face repositories put it in their `where`. */
export function tenantOf(actor: Actor): string {
  if (!actor.companyId) throw new Error('client-face operation called without a company');
  return actor.companyId;
}
