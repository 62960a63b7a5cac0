import type { components } from '../../../../generated/api-types.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { isLanguage, translator, type Translator } from '../../lib/i18n.js';
import type { Role } from '../../lib/roles.js';
import type { Scope } from '../../lib/scope.js';
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
    language: (await repository.findLanguage(db, actor.sub)) ?? null,
    companyLanguage: PLANT_LANGUAGE,
  };
  // The client face is the only one with a company (staff tokens carry none).
  if (actor.clientType && scope.kind === 'company') {
    const company = await repository.findOwnCompany(db, scope);
    user.clientType = actor.clientType;
    user.clientId = scope.companyId;
    user.company = company?.name ?? null;
    if (company) {
      user.clientTypeAttribute = company.client_type;
      user.companyLanguage = company.language;
    }
  }
  return user;
}

/** The person chooses the language of their own screens (null: not chosen any more); audited, a guest's too. */
export async function chooseLanguage(db: Db, actor: Actor, scope: Scope, language: Language | null, supportEmail: string): Promise<CurrentUser> {
  await db.transaction().execute(async (trx) => {
    await repository.saveLanguage(trx, actor.sub, language);
    await audit(trx, actor, { operation: 'chooseLanguage', recordType: 'user_language', recordId: actor.sub, details: { language } });
  });
  return getMe(db, actor, scope, supportEmail);
}

/**
 * The translator of a company's document or e-mail: the language asked for (a person downloading it in theirs), else
 * the company's, else the plant's English (a document of no one company, or a company without a row).
 */
export async function documentTranslator(db: Db, companyId: string | null, requested?: Language): Promise<Translator> {
  if (requested) return translator(requested);
  const language = companyId === null ? undefined : await repository.findCompanyLanguage(db, companyId);
  return translator(language ?? PLANT_LANGUAGE);
}

/**
 * The translator of what a person reads outside the portal (their e-mails, the unsubscribe page): their own choice,
 * else their company's language, else the plant's English.
 */
export async function personTranslator(db: Db, userId: string, companyId: string | null): Promise<Translator> {
  const own = await repository.findLanguage(db, userId);
  if (own) return translator(own);
  return documentTranslator(db, companyId);
}

/** The translator of a person known only by their subject (the unsubscribe page): as `personTranslator`. */
export async function subjectTranslator(db: Db, subject: string): Promise<Translator> {
  return personTranslator(db, subject, (await repository.findUserCompany(db, subject)) ?? null);
}

/** The first of an Accept-Language header's languages that the portal speaks (nb, no and nn are Bokmål). */
export function browserLanguage(header: string | undefined): Language | undefined {
  for (const part of (header ?? '').split(',')) {
    const subtag = part.split(';')[0].trim().split('-')[0].toLowerCase();
    const language = subtag === 'no' || subtag === 'nn' ? 'nb' : subtag;
    if (isLanguage(language)) return language;
  }
  return undefined;
}

/**
 * The language a caller reads, chosen as the web app chooses it: their own choice, else their browser's
 * (Accept-Language), else their company's, else the plant's English. A caller without a token: the browser's.
 */
export async function callerLanguage(
  db: Db,
  caller: { subject: string; companyId: string | null } | undefined,
  acceptLanguage: string | undefined,
): Promise<Language> {
  const own = caller ? await repository.findLanguage(db, caller.subject) : undefined;
  if (own) return own;
  const browser = browserLanguage(acceptLanguage);
  if (browser) return browser;
  const company = caller?.companyId ? await repository.findCompanyLanguage(db, caller.companyId) : undefined;
  return company ?? PLANT_LANGUAGE;
}
