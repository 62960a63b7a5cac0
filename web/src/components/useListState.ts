import { useState } from 'react';
import type { DataTableSortStatus } from 'mantine-datatable';

export type RowsPerPage = 10 | 20 | 50 | 100;

/**
 * Page, page size and sort of a server-paginated list, shaped as the contract's `pagination` request.
 * Changing the sort or the page size goes back to page 1.
 */
export function useListState<Row, Sort extends string>(defaults: { sortBy: Sort; descending?: boolean; rowsPerPage: RowsPerPage }) {
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState<RowsPerPage>(defaults.rowsPerPage);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    columnAccessor: defaults.sortBy as DataTableSortStatus<Row>['columnAccessor'],
    direction: defaults.descending ? 'desc' : 'asc',
  });
  return {
    pagination: { page, rowsPerPage, sortBy: sortStatus.columnAccessor as Sort, descending: sortStatus.direction === 'desc' },
    tableProps: {
      page,
      onPageChange: setPage,
      recordsPerPage: rowsPerPage,
      onRecordsPerPageChange: (size: number) => {
        setRowsPerPage(size as RowsPerPage);
        setPage(1);
      },
      sortStatus,
      onSortStatusChange: (status: DataTableSortStatus<Row>) => {
        setSortStatus(status);
        setPage(1);
      },
    },
  };
}
