import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApiClientAuthMethod, ApiClientRole } from '@generated/model';
import './catalogue';

export const AUTH_METHOD_LABELS: Record<ApiClientAuthMethod, MessageDescriptor> = {
  client_secret_basic: msg`Secret (HTTP Basic)`,
  client_secret_post: msg`Secret (form field)`,
  private_key_jwt: msg`Signed JWT (private key)`,
};

/** The roles as a person reads them; English shows the contract's role names themselves. */
export const ROLE_LABELS: Record<ApiClientRole, MessageDescriptor> = {
  admin: msg({ message: 'admin', comment: 'A role: the manufacturer’s administrator' }),
  operator: msg({ message: 'operator', comment: 'A role: the manufacturer’s production operator' }),
  accountant: msg({ message: 'accountant', comment: 'A role: the manufacturer’s accountant' }),
  client: msg({ message: 'client', comment: 'A role: a client company’s user who orders' }),
  buyer: msg({ message: 'buyer', comment: 'A role: a Buyer company’s user' }),
  seller: msg({ message: 'seller', comment: 'A role: a client company’s user who sells (a Converter)' }),
};

export const STAFF_API_ROLES: ApiClientRole[] = ['admin', 'operator', 'accountant'];

/**
 * The client types a company allows its API client (the API checks the same): a Buyer company ('1') buys; a
 * Converter ('0') is a client or sells.
 */
export function clientTypesFor(clientType: string | null | undefined): ApiClientRole[] {
  return clientType === '1' ? ['buyer'] : ['client', 'seller'];
}
