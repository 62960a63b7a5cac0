import type { components } from '../../../../generated/api-types.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { Role } from '../../lib/roles.js';
import { companyScopeOf } from '../../lib/scope.js';
import * as repository from './session.repository.js';

type CurrentUser = components['schemas']['CurrentUser'];
type Face = components['schemas']['Face'];
type DocumentsRole = components['schemas']['DocumentsRole'];
type Language = components['schemas']['Language'];

/** The plant's language: staff, guests and companies without a row read English. */
export const PLANT_LANGUAGE: Language = 'en';

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
export async function getMe(db: Db, actor: Actor, supportEmail: string): Promise<CurrentUser> {
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
    language: (await repository.findLanguage(db, actor.sub)) ?? null,
    companyLanguage: PLANT_LANGUAGE,
  };
  // The client face is the only one with a company (staff tokens carry none).
  if (actor.clientType && actor.companyId) {
    const company = await repository.findOwnCompany(db, companyScopeOf(actor));
    user.clientType = actor.clientType;
    user.clientId = actor.companyId;
    user.company = company?.name ?? null;
    if (company) {
      user.clientTypeAttribute = company.client_type;
      user.companyLanguage = company.language;
    }
  }
  return user;
}

/** The person chooses the language of their own screens (null: not chosen any more); audited, a guest's too. */
export async function chooseLanguage(db: Db, actor: Actor, language: Language | null, supportEmail: string): Promise<CurrentUser> {
  await db.transaction().execute(async (trx) => {
    await repository.saveLanguage(trx, actor.sub, language);
    await audit(trx, actor, { operation: 'chooseLanguage', recordType: 'user_language', recordId: actor.sub, details: { language } });
  });
  return getMe(db, actor, supportEmail);
}
