import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The API clients with their company's name, newest first (one of them with `id`), as the contract's `ApiClient`. */
export async function findApiClients(db: Executor, id?: number): Promise<Schemas['ApiClient'][]> {
  return (await apiClientRows(db, id)).map(toApiClient);
}

function apiClientRows(db: Executor, id?: number) {
  return db
    .selectFrom('api_clients as a')
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.id', 'a.client_id', 'a.name', 'a.company_id', 'c.name as company_name', 'a.roles', 'a.auth_method', 'a.secret_hint', 'a.created_at', 'a.revoked_at'])
    .$if(id !== undefined, (query) => query.where('a.id', '=', id!))
    .orderBy('a.id', 'desc')
    .limit(10_000)
    .execute();
}

const toApiClient = (row: Awaited<ReturnType<typeof apiClientRows>>[number]): Schemas['ApiClient'] => ({
  id: row.id,
  oauthClientId: row.client_id,
  name: row.name,
  clientId: row.company_id,
  company: row.company_id ? (row.company_name ?? null) : null,
  roles: row.roles,
  authMethod: row.auth_method,
  secretHint: row.secret_hint,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
});

/** The client type attribute of a company ('0' converter, '1' buyer); undefined when there is no such company. */
export async function companyClientType(db: Executor, companyId: string) {
  const row = await db.selectFrom('companies').select('client_type').where('id', '=', companyId).executeTakeFirst();
  return row?.client_type;
}

export async function insertApiClient(
  trx: Transaction<Database>,
  values: {
    clientId: string;
    name: string;
    companyId: string | null;
    roles: Schemas['ApiClientRole'][];
    authMethod: Schemas['ApiClientAuthMethod'];
    secretHash: Buffer | null;
    secretHint: string | null;
    publicJwk: Schemas['PublicJwk'] | null;
    createdBy: string;
  },
) {
  const row = await trx
    .insertInto('api_clients')
    .values({
      client_id: values.clientId,
      name: values.name,
      company_id: values.companyId,
      roles: values.roles,
      auth_method: values.authMethod,
      secret_hash: values.secretHash,
      secret_hint: values.secretHint,
      public_jwk: values.publicJwk ? JSON.stringify(values.publicJwk) : null,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the client revoked (kept at its first revocation); its OAuth client id, or undefined when there is none. */
export async function revokeApiClient(trx: Transaction<Database>, id: number) {
  return trx
    .updateTable('api_clients')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returning('client_id')
    .executeTakeFirst();
}
