/**
 * Who is signed in, as the web app sees it. The roles are read from the access token (the UI only mirrors
 * them; the API enforces them): resource roles of `orders-public`, and for client users the realm role
 * buyer or seller, which sets the client type.
 */
export type StaffRole = 'admin' | 'operator' | 'accountant';
export type ClientType = 'client' | 'buyer' | 'seller';

export interface SessionUser {
  sub: string;
  name: string;
  email: string | null;
  roles: string[];
  clientType: ClientType | null;
  company: string | null;
  /** The company's clientType attribute: '0' converter, '1' buyer. */
  companyClientType: string | null;
}

export interface Session {
  user: SessionUser;
  /** A valid access token (refreshed in the background). */
  accessToken(): string;
  logout(): Promise<void>;
  /** Set up two-step verification at the identity service (when it offers one). */
  setUpSecondFactor?(): Promise<void>;
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(decodeURIComponent(Array.from(json, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')));
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Reads the portal's user from an access token shaped like Keycloak's. */
export function userFromAccessToken(token: string): SessionUser {
  const claims = decodeJwtPayload(token) as {
    sub?: string;
    name?: string;
    email?: string;
    resource_access?: Record<string, { roles?: string[] }>;
    realm_access?: { roles?: string[] };
    company?: string;
    clientType?: string;
  };
  const roles = claims.resource_access?.['orders-public']?.roles ?? [];
  const realm = claims.realm_access?.roles ?? [];
  const clientType: ClientType | null = roles.includes('client')
    ? realm.includes('seller')
      ? 'seller'
      : realm.includes('buyer')
        ? 'buyer'
        : 'client'
    : null;
  return {
    sub: claims.sub ?? '',
    name: text(claims.name) ?? text(claims.email) ?? 'User',
    email: text(claims.email),
    roles,
    clientType,
    company: text(claims.company),
    companyClientType: text(claims.clientType),
  };
}
