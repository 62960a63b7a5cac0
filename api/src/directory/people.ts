import { rolesFromClaims, STAFF_ROLES, type StaffRole } from '../lib/roles.js';
import type { DirectoryPerson } from './types.js';

/**
 * A person as the portal's tokens would describe them (resource roles of orders-public, realm roles buyer/seller),
 * whichever directory lists them; undefined for someone with no role of the portal. A client type without a company
 * is none: such a user opens no company's records.
 */
export function personOf(user: { id: string; companyId: string | null; resourceRoles: readonly string[]; realmRoles: readonly string[]; email: string | null; fullName: string | null }): DirectoryPerson | undefined {
  const { roles, clientType } = rolesFromClaims({ resource_access: { 'orders-public': { roles: [...user.resourceRoles] } }, realm_access: { roles: [...user.realmRoles] } });
  const staffRoles = STAFF_ROLES.filter((role) => roles.has(role)) as StaffRole[];
  const client = clientType && user.companyId ? clientType : null;
  if (!staffRoles.length && !client) return undefined;
  return { id: user.id, companyId: user.companyId, staffRoles, clientType: client, email: user.email, fullName: user.fullName };
}
