import type { components } from '../../../../generated/api-types.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createDirectory, type ClientDirectory, type DirectoryClient, type DirectoryUser } from '../../directory/index.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { notFound } from '../../lib/problem.js';
import * as repository from './clients-directory.repository.js';

type Schemas = components['schemas'];

/** One directory per database (one per app): the Keycloak one keeps its service-account token between calls. */
const directories = new WeakMap<Db, ClientDirectory>();

/** The directory chosen by the configuration (embedded identity store or Keycloak's admin API), made once. */
export function directoryOf(config: Config, db: Db): ClientDirectory {
  let directory = directories.get(db);
  if (!directory) {
    directory = createDirectory(config, db);
    directories.set(db, directory);
  }
  return directory;
}

const toWireClient = (client: DirectoryClient): Schemas['DirectoryClient'] => ({
  ...client,
  createdTimestamp: new Date(client.createdTimestamp).toISOString(),
});

/** Members of the identity service's client group (admin). */
export async function getDirectoryClients(directory: ClientDirectory): Promise<Schemas['DirectoryClient'][]> {
  return (await directory.listClients()).map(toWireClient);
}

/** One identity-service user by id, or a company's first user by company id; 404 when there is none. */
export async function getDirectoryUser(directory: ClientDirectory, id: string): Promise<Schemas['DirectoryUser']> {
  const user: DirectoryUser | undefined = await directory.getUser(id);
  if (!user) throw notFound('User');
  const { clientType, ...rest } = user;
  return { ...rest, createdTimestamp: new Date(user.createdTimestamp).toISOString(), ...(clientType ? { clientType } : {}) };
}

type ClientSortKey = 'company' | 'clientType' | 'productsCount' | 'createdTimestamp' | 'enabled';

const compareBy: Record<ClientSortKey, (a: repository.ClientListRow, b: repository.ClientListRow) => number> = {
  company: (a, b) => (a.company ?? '').localeCompare(b.company ?? '', 'en'),
  clientType: (a, b) => a.clientType.localeCompare(b.clientType),
  productsCount: (a, b) => a.productsCount - b.productsCount,
  createdTimestamp: (a, b) => a.createdTimestamp.localeCompare(b.createdTimestamp),
  enabled: (a, b) => Number(a.enabled) - Number(b.enabled),
};

/**
 * Filters, sorts and pages directory clients in memory, after their product counts came from one grouped query.
 * Used when the directory is external (Keycloak): its admin API can neither join our products nor sort by them.
 */
export function pageClients(
  clients: DirectoryClient[],
  productsCount: Map<string, number>,
  filter: repository.ClientFilter,
  pagination: PaginationInput,
) {
  const search = filter.search?.trim().toLocaleLowerCase();
  const key = (pagination.sortBy && pagination.sortBy in compareBy ? pagination.sortBy : 'company') as ClientSortKey;
  const direction = (pagination.sortBy ? Boolean(pagination.descending) : false) ? -1 : 1;
  const rows = clients
    .filter((client) => !search || client.company.toLocaleLowerCase().includes(search))
    .filter((client) => !filter.clientType || client.clientType === filter.clientType)
    .map(
      (client): repository.ClientListRow => ({
        id: client.id,
        company: client.company,
        fbs: client.fbs,
        clientType: client.clientType,
        productsCount: productsCount.get(client.id) ?? 0,
        overdueAmount: null,
        createdTimestamp: new Date(client.createdTimestamp).toISOString(),
        enabled: client.enabled,
      }),
    )
    .sort((a, b) => direction * (compareBy[key](a, b) || a.id.localeCompare(b.id)));
  const start = (pagination.page - 1) * pagination.rowsPerPage;
  return { rows: rows.slice(start, start + pagination.rowsPerPage), count: rows.length };
}

/**
 * The /clients table (admin): company, machines, customer type, products count, overdue amount (null: not computed
 * yet, the screen shows 'TBD'), created at, active; default sort company ascending.
 *
 * With the embedded directory the companies are our own table, so filtering, sorting (products count included)
 * and paging happen in SQL. With an external directory (Keycloak) the companies live there: they are read once
 * (the directory pages Keycloak itself), products are counted for all of them in one grouped query, and the page
 * is cut in memory. A client portal has tens to hundreds of companies, so this stays cheap.
 */
export async function getClients(
  db: Db,
  config: Config,
  body: { pagination: PaginationInput; filter?: repository.ClientFilter },
) {
  const filter = body.filter ?? {};
  if (config.DIRECTORY === 'embedded') return repository.findClientRows(db, filter, body.pagination);
  const clients = await directoryOf(config, db).listClients();
  const counts = await repository.countProductsByCompany(db, clients.map((client) => client.id));
  return pageClients(clients, counts, filter, body.pagination);
}
