import { formatNumber } from './format';

/**
 * The project's DataTable settings for a server-paginated `{rows, count}` query. When the answer says its count is a
 * lower bound (`countIsLowerBound`: a searched count that stopped at its bound), the total reads '1,000+' and the
 * pager offers the pages up to it.
 */
export function pagedTableProps<Row>(query: { data?: { rows: Row[]; count: number; countIsLowerBound?: boolean }; isFetching: boolean }) {
  const atLeast = Boolean(query.data?.countIsLowerBound);
  return {
    withTableBorder: true,
    striped: true,
    highlightOnHover: true,
    minHeight: 180,
    fetching: query.isFetching,
    records: query.data?.rows ?? [],
    totalRecords: query.data?.count ?? 0,
    recordsPerPageOptions: [10, 20, 50, 100],
    // An exact count keeps mantine-datatable's own text; when more rows match than were counted, '981 - 1,000 / 1,000+'
    ...(atLeast && {
      paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
        `${formatNumber(from)} - ${formatNumber(to)} / ${formatNumber(totalRecords)}+`,
    }),
  };
}
