/** The project's DataTable settings for a server-paginated `{rows, count}` query. */
export function pagedTableProps<Row>(query: { data?: { rows: Row[]; count: number }; isFetching: boolean }) {
  return {
    withTableBorder: true,
    striped: true,
    highlightOnHover: true,
    minHeight: 180,
    fetching: query.isFetching,
    records: query.data?.rows ?? [],
    totalRecords: query.data?.count ?? 0,
    recordsPerPageOptions: [10, 20, 50, 100],
  };
}
