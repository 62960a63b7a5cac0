import type { ApiClientAuthMethod, ApiClientRole } from '@generated/model';

export const AUTH_METHOD_LABELS: Record<ApiClientAuthMethod, string> = {
  client_secret_basic: 'Secret (HTTP Basic)',
  client_secret_post: 'Secret (form field)',
  private_key_jwt: 'Signed JWT (private key)',
};

export const STAFF_API_ROLES: ApiClientRole[] = ['admin', 'operator', 'accountant'];

/**
 * The client types a company allows its API client (the API checks the same): a Buyer company ('1') buys; a
 * Converter ('0') is a client or sells.
 */
export function clientTypesFor(clientType: string | null | undefined): ApiClientRole[] {
  return clientType === '1' ? ['buyer'] : ['client', 'seller'];
}
