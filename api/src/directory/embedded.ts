import type { Db } from '../db/database.js';
import type { ClientDirectory, DirectoryClient, DirectoryPerson, DirectoryUser } from './types.js';
import { personOf } from './people.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** The directory of the embedded identity provider: the `companies` and `users` tables. */
export class EmbeddedDirectory implements ClientDirectory {
  constructor(private readonly db: Db) {}

  async listClients(): Promise<DirectoryClient[]> {
    const rows = await this.db
      .selectFrom('companies')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('users')
            .select(['users.email', 'users.first_name', 'users.last_name'])
            .whereRef('users.company_id', '=', 'companies.id')
            .orderBy('users.created_at')
            .orderBy('users.username')
            .limit(1)
            .as('first_user'),
        (join) => join.onTrue(),
      )
      .select([
        'companies.id',
        'companies.name',
        'companies.fbs',
        'companies.address',
        'companies.client_type',
        'companies.created_at',
        'companies.enabled',
        'first_user.email',
        'first_user.first_name',
        'first_user.last_name',
      ])
      .orderBy('companies.name')
      .orderBy('companies.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      company: row.name,
      fbs: row.fbs,
      address: row.address,
      clientType: row.client_type,
      createdTimestamp: row.created_at.getTime(),
      enabled: row.enabled,
      email: row.email ?? null,
      fullName: name(row.first_name ?? null, row.last_name ?? null),
    }));
  }

  async getUser(id: string): Promise<DirectoryUser | undefined> {
    const query = this.db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.username',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.enabled',
        'users.created_at',
        'users.company_id',
        'companies.name as company_name',
        'companies.fbs',
        'companies.address',
        'companies.client_type',
        'companies.enabled as company_enabled',
      ]);
    const row = UUID.test(id)
      ? await query.where('users.id', '=', id).executeTakeFirst()
      : await query.where('users.company_id', '=', id).orderBy('users.created_at').orderBy('users.username').limit(1).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      firstName: row.first_name || null,
      lastName: row.last_name || null,
      fullName: name(row.first_name, row.last_name),
      enabled: row.enabled && row.company_enabled !== false,
      createdTimestamp: row.created_at.getTime(),
      companyId: row.company_id,
      company: row.company_name,
      fbs: row.fbs ?? [],
      address: row.address,
      clientType: row.client_type,
    };
  }

  async listPeople(): Promise<DirectoryPerson[]> {
    return this.people();
  }

  async getPerson(id: string): Promise<DirectoryPerson | undefined> {
    return UUID.test(id) ? (await this.people(id))[0] : undefined;
  }

  private async people(id?: string): Promise<DirectoryPerson[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'company_id', 'resource_roles', 'realm_roles', 'email', 'first_name', 'last_name'])
      .where('enabled', '=', true)
      .$if(id !== undefined, (query) => query.where('id', '=', id!))
      .orderBy('id')
      .execute();
    return rows.flatMap((row) => {
      const person = personOf({ id: row.id, companyId: row.company_id, resourceRoles: row.resource_roles, realmRoles: row.realm_roles, email: row.email, fullName: name(row.first_name, row.last_name) });
      return person ? [person] : [];
    });
  }
}
