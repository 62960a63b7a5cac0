import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import type { CompanyScope } from '../../lib/scope.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Name, clientType attribute and language of the caller's own company; undefined when it is not in the companies table. */
export async function findOwnCompany(db: Executor, scope: CompanyScope) {
  return db.selectFrom('companies').select(['name', 'client_type', 'language']).where('id', '=', scope.companyId).executeTakeFirst();
}

type Language = Schemas['Language'];

/** The person's own choice of language; undefined when they have not chosen one. */
export async function findLanguage(db: Executor, userId: string): Promise<Language | undefined> {
  const row = await db.selectFrom('user_languages').select('language').where('user_id', '=', userId).executeTakeFirst();
  return row?.language;
}

/** Stores the person's choice; null forgets it. */
export async function saveLanguage(trx: Executor, userId: string, language: Language | null) {
  if (language === null) {
    await trx.deleteFrom('user_languages').where('user_id', '=', userId).execute();
    return;
  }
  await trx
    .insertInto('user_languages')
    .values({ user_id: userId, language })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ language }))
    .execute();
}

/** A client company's language (documents, e-mails, people without a choice); undefined for an unknown company. */
export async function findCompanyLanguage(db: Executor, companyId: string): Promise<Language | undefined> {
  const row = await db.selectFrom('companies').select('language').where('id', '=', companyId).executeTakeFirst();
  return row?.language;
}

/** Sets a client company's language (the admin's client screens); false when there is no such company. */
export async function saveCompanyLanguage(trx: Executor, companyId: string, language: Language): Promise<boolean> {
  const result = await trx.updateTable('companies').set({ language }).where('id', '=', companyId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company of a person of the embedded identity provider, by their subject; undefined for no such person. */
export async function findUserCompany(db: Executor, subject: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('company_id').where(sql<string>`id::text`, '=', subject).executeTakeFirst();
  return row?.company_id;
}
