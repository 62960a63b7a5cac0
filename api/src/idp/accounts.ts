import type { Db } from '../db/database.js';
import { RESOURCE_CLIENT } from '../lib/roles.js';

/** A user who may sign in, with their company's client attributes. */
export interface AccountRecord {
  id: string;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  passwordHash: string;
  resourceRoles: string[];
  realmRoles: string[];
  company: { id: string; name: string; fbs: string[]; address: string; clientType: '0' | '1' } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function activeAccounts(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.password_hash',
      'users.resource_roles',
      'users.realm_roles',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.fbs as company_fbs',
      'companies.address as company_address',
      'companies.client_type as company_client_type',
    ])
    .where('users.enabled', '=', true)
    // A user of a disabled company is disabled too.
    .where((eb) => eb.or([eb('users.company_id', 'is', null), eb('companies.enabled', '=', true)]));
}

type Row = Awaited<ReturnType<ReturnType<typeof activeAccounts>['executeTakeFirstOrThrow']>>;

function toAccount(row: Row): AccountRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    resourceRoles: row.resource_roles,
    realmRoles: row.realm_roles,
    company: row.company_id
      ? {
          id: row.company_id,
          name: row.company_name ?? '',
          fbs: row.company_fbs ?? [],
          address: row.company_address ?? '',
          clientType: row.company_client_type ?? '0',
        }
      : null,
  };
}

/** An enabled user of an enabled company (or of none) by id; undefined otherwise. */
export async function findActiveAccount(db: Db, id: string): Promise<AccountRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await activeAccounts(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** An enabled user by username, case-insensitively. */
export async function findActiveAccountByUsername(db: Db, username: string): Promise<AccountRecord | undefined> {
  const name = username.trim().toLowerCase();
  if (!name || name.length > 100) return undefined;
  const row = await activeAccounts(db)
    .where((eb) => eb(eb.fn('lower', ['users.username']), '=', name))
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export function fullName(account: Pick<AccountRecord, 'firstName' | 'lastName' | 'username'>): string {
  return [account.firstName, account.lastName].filter(Boolean).join(' ') || account.username;
}

/**
 * The portal's claims in Keycloak's shape: resource roles of orders-public, realm roles, the person and,
 * for a client user, the company's attributes (companyId is the tenant the API scopes every query to).
 */
export function portalClaims(account: AccountRecord): Record<string, unknown> {
  return {
    resource_access: { [RESOURCE_CLIENT]: { roles: [...account.resourceRoles] } },
    realm_access: { roles: [...account.realmRoles] },
    name: fullName(account),
    given_name: account.firstName || undefined,
    family_name: account.lastName || undefined,
    preferred_username: account.username,
    ...(account.email ? { email: account.email } : {}),
    ...(account.company
      ? {
          companyId: account.company.id,
          company: account.company.name,
          fbs: [...account.company.fbs],
          address: account.company.address,
          clientType: account.company.clientType,
        }
      : {}),
  };
}
