import type { components } from '../../../../generated/api-types.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Role } from '../../lib/roles.js';
import type { Scope } from '../../lib/scope.js';
import * as repository from './session.repository.js';

type CurrentUser = components['schemas']['CurrentUser'];
type Face = components['schemas']['Face'];
type DocumentsRole = components['schemas']['DocumentsRole'];

/** Part 6: the route set is chosen in the order admin, client, operator, accountant, otherwise guest. */
export function faceOf(actor: Actor): Face {
  if (actor.roles.has('admin')) return 'admin';
  if (actor.clientType) return 'client';
  if (actor.roles.has('operator')) return 'operator';
  if (actor.roles.has('accountant')) return 'accountant';
  return 'guest';
}

/**
 * The `{role}` of the documents calls: the first of admin, accountant, client the caller holds. Buyers and sellers
 * hold the client type, not `client`, so they get none (their menu has no Invoices, part 2.4).
 */
const DOCUMENTS_ROLES: DocumentsRole[] = ['admin', 'accountant', 'client'];

/** Portal roles in a stable order; `guest` (held by everyone signed in) is not listed. */
const ROLE_ORDER = ['admin', 'operator', 'accountant', 'client', 'buyer', 'seller'] as const satisfies readonly Role[];

/** The signed-in user as the portal sees them, from the verified token and, on the client face, the company row. */
export async function getMe(db: Db, actor: Actor, scope: Scope, supportEmail: string): Promise<CurrentUser> {
  const face = faceOf(actor);
  const documentsRole = DOCUMENTS_ROLES.find((role) => actor.roles.has(role));
  const user: CurrentUser = {
    id: actor.sub,
    roles: ROLE_ORDER.filter((role) => actor.roles.has(role)),
    face,
    company: null,
    fullName: actor.name || null,
    email: actor.email,
    ...(documentsRole ? { documentsRole } : {}),
    supportEmail,
  };
  // The client face is the only one with a company (staff tokens carry none).
  if (actor.clientType && scope.kind === 'company') {
    const company = await repository.findOwnCompany(db, scope);
    user.clientType = actor.clientType;
    user.clientId = scope.companyId;
    user.company = company?.name ?? null;
    if (company) user.clientTypeAttribute = company.client_type;
  }
  return user;
}
