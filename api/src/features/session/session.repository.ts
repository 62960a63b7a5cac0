import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { tenantOf, type Actor } from '../../lib/actor.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Name and clientType attribute of the caller's own company; undefined when it is not in the companies table. */
export async function findOwnCompany(db: Executor, actor: Actor) {
  return db.selectFrom('companies').select(['name', 'client_type']).where('id', '=', tenantOf(actor)).executeTakeFirst();
}
