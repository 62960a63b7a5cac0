import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { likePattern } from '../../lib/search.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ClientListRow = components['schemas']['ClientListRow'];

export interface ClientFilter {
  search?: string;
  clientType?: '0' | '1';
}

/** `search` as a literal substring for ILIKE: its own %, _ and \ are escaped. */

/** Live (not deleted) products per company: one grouped query. */
const productCounts = (db: Executor) =>
  db
    .selectFrom('client_products')
    .select(['company_id', sql<number>`count(*)::int`.as('products_count')])
    .where('deleted_at', 'is', null)
    .groupBy('company_id');

/** Product counts of the given companies (or of all), in one grouped query. */
export async function countProductsByCompany(db: Executor, companyIds?: string[]): Promise<Map<string, number>> {
  if (companyIds && !companyIds.length) return new Map();
  let query = productCounts(db);
  if (companyIds) query = query.where('company_id', 'in', companyIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.company_id, row.products_count]));
}

const sortColumns = {
  company: 'c.name',
  clientType: 'c.client_type',
  productsCount: 'products_count',
  createdTimestamp: 'c.created_at',
  enabled: 'c.enabled',
};

/**
 * The /clients table straight from the embedded directory's own table (companies): filtered, sorted, paged and
 * counted in SQL, products counted by one grouped subquery joined in (no query per row).
 */
export async function findClientRows(db: Executor, filter: ClientFilter, pagination: PaginationInput) {
  const base = () => {
    let query = db.selectFrom('companies as c');
    if (filter.search?.trim()) query = query.where('c.name', 'ilike', likePattern(filter.search.trim()));
    if (filter.clientType) query = query.where('c.client_type', '=', filter.clientType);
    return query;
  };
  const [rows, total] = await Promise.all([
    paginate(
      base()
        .leftJoin(productCounts(db).as('pc'), 'pc.company_id', 'c.id')
        .select([
          'c.id',
          'c.name',
          'c.fbs',
          'c.client_type',
          'c.created_at',
          'c.enabled',
          sql<number>`coalesce(pc.products_count, 0)`.as('products_count'),
        ]),
      pagination,
      sortColumns,
      { sortBy: 'company', descending: false, tieBreaker: 'c.id' },
    ).execute(),
    base().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(
      (row): ClientListRow => ({
        id: row.id,
        company: row.name,
        fbs: row.fbs,
        clientType: row.client_type,
        productsCount: row.products_count,
        overdueAmount: null,
        createdTimestamp: row.created_at.toISOString(),
        enabled: row.enabled,
      }),
    ),
    count: total.count,
  };
}
