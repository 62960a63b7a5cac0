import { sql, type SelectQueryBuilder } from 'kysely';

export interface PaginationInput {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  descending?: boolean;
}

/**
 * Applies ORDER BY / LIMIT / OFFSET in SQL. `columns` maps each wire sort key to a column expression; only
 * those keys are accepted (the contract's enum already limits them), so nothing from the body reaches SQL.
 * A unique tie-breaker keeps pages stable when the sort column has duplicates.
 */
export function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  pagination: PaginationInput,
  columns: Record<string, string>,
  fallback: { sortBy: string; descending: boolean; tieBreaker: string },
): SelectQueryBuilder<DB, TB, O> {
  const { key, descending } = sortOf(pagination, columns, fallback);
  const direction = descending ? sql`desc` : sql`asc`;
  return query
    .orderBy(sql`${sql.ref(columns[key])} ${direction}`)
    .orderBy(sql`${sql.ref(fallback.tieBreaker)} ${direction}`)
    .limit(pagination.rowsPerPage)
    .offset((pagination.page - 1) * pagination.rowsPerPage);
}

/**
 * Whether `pagination` asks for the list's default sort (`fallback`'s): the order every screen loads first. Only that
 * page statement runs prepared (database.ts `executePrepared`): one text per sort key and direction would be too many.
 */
export function isDefaultSort(pagination: PaginationInput, columns: Record<string, unknown>, fallback: { sortBy: string; descending: boolean }) {
  const { key, descending } = sortOf(pagination, columns, fallback);
  return key === fallback.sortBy && descending === fallback.descending;
}

/** The sort `paginate` applies: the wire key when `columns` knows it (else the fallback's), and its direction. */
export function sortOf(pagination: PaginationInput, columns: Record<string, unknown>, fallback: { sortBy: string; descending: boolean }) {
  const key = pagination.sortBy && columns[pagination.sortBy] ? pagination.sortBy : fallback.sortBy;
  const descending = pagination.sortBy ? Boolean(pagination.descending) : fallback.descending;
  return { key, descending };
}
