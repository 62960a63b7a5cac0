import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CompanyScope } from '../../lib/scope.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Name and clientType attribute of the caller's own company; undefined when it is not in the companies table. */
export async function findOwnCompany(db: Executor, scope: CompanyScope) {
  return db.selectFrom('companies').select(['name', 'client_type']).where('id', '=', scope.companyId).executeTakeFirst();
}
