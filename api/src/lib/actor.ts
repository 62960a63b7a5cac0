import type { ClientType, Role } from './roles.js';

/** Who is calling: taken from a verified access token, never from the request body. */
export interface Actor {
  /** Subject (user id) of the token. */
  sub: string;
  roles: Set<Role>;
  clientType: ClientType | null;
  /** The client company (tenant) of a client-face user; null for staff. What a caller may see is `scopeOf(actor)`. */
  companyId: string | null;
  name: string;
  email: string | null;
  /** Where the request came from (the address as TRUST_PROXY allows, the User-Agent header), for the audit log. */
  client?: { ip: string | null; userAgent: string | null };
  /**
   * An API client: a system signed in with client credentials, at the embedded provider (its `sub` is its
   * client id) or at Keycloak (a client's service account). Its roles and company work as a person's.
   */
  apiClient?: { clientId: string };
  /** A machine credential's caller (role `machine`): its id and the machines it may report for. */
  machine?: { credentialId: number; name: string; machines: { companyId: string; machineName: string }[] };
}

