import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import {
  getOperatorStockGetOperatorPreformStockQueryKey,
  useOperatorStockExportOperatorPreformStock,
  useOperatorStockGetOperatorPreformStock,
} from '@generated/endpoints/stock/stock';
import type { PreformStockRow } from '@generated/model';
import { ExportMenu } from '../../components/ExportMenu';
import { QueryError } from '../../components/QueryError';
import { PreformStockTable } from './PreformStockTable';
import { stockRowKey, useRowSelection } from './preformStock';
import './catalogue';

const FillStockDialog = lazy(() => import('./FillStockDialog'));
/** Part 2.2: page 1, 10 rows, orderAmount descending (the API pages and sorts). */
const ROWS = 10 as const;

/**
 * Operator '/stock' (part 2.2): Preform, Material, Color, Future balance, Order amount, Preform stock; no sortable
 * column; page 1, 10 rows, orderAmount descending. A row click selects it alone, again deselects; every reload
 * clears the selection. 'Fill stock' needs exactly one selected row.
 *
 * Each answer carries the cursor of its last row (`nextCursor`), kept as the way into the page after
 * it, so next and previous (and any page next to one already seen) continue by cursor: the API seeks instead of
 * skipping rows, and page 500 costs what page 1 does. A page number no cursor leads to (a jump) goes by number.
 */
export default function OperatorStockPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  /** Page number -> the cursor that leads to it (the nextCursor of the page before), for every page seen. */
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const after = page > 1 ? cursors[page] : undefined;
  const body = {
    pagination: { page, rowsPerPage: ROWS, sortBy: 'orderAmount' as const, descending: true },
    ...(after ? { after } : {}),
  };
  const query = useOperatorStockGetOperatorPreformStock(body, {
    query: { queryKey: getOperatorStockGetOperatorPreformStockQueryKey(body), placeholderData: keepPreviousData },
  });
  const nextCursor = query.isPlaceholderData ? undefined : query.data?.nextCursor;
  /**
   * Leaving a page keeps its cursor as the way into the page after it, in the same update as the page change. Kept
   * in an effect after each answer instead, it cost a render after every load, and mantine-datatable mounts its
   * pager anew on each render: a click that began just before that render was lost.
   */
  const changePage = (next: number) => {
    if (nextCursor && cursors[page + 1] !== nextCursor) setCursors({ ...cursors, [page + 1]: nextCursor });
    setPage(next);
  };
  const [filling, setFilling] = useState<PreformStockRow | null>(null);
  const exportFile = useOperatorStockExportOperatorPreformStock({ mutation: { meta: { silent: true } } });
  const selection = useRowSelection(query.dataUpdatedAt);
  const rows = query.data?.rows ?? [];
  const selected = rows.find((row) => stockRowKey(row) === selection.selectedKey) ?? null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t`Preform stock`}</Title>
        <Group gap="xs">
          <Button leftSection={<IconPackageImport size={16} />} disabled={!selected} onClick={() => setFilling(selected)}>
            <Trans>Fill stock</Trans>
          </Button>
          <ExportMenu
            pending={exportFile.isPending}
            fallbackName={(format) => `preform-stock.${format}`}
            run={(format) => exportFile.mutateAsync({ data: { format, sortBy: body.pagination.sortBy, descending: body.pagination.descending } })}
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PreformStockTable
          showWarehouse
          rows={rows}
          totalRecords={query.data?.count ?? 0}
          page={page}
          onPageChange={changePage}
          fetching={query.isFetching}
          selectedKey={selection.selectedKey}
          onToggle={selection.toggle}
        />
      )}
      {filling && (
        <Suspense fallback={null}>
          <FillStockDialog variant="operator" row={filling} onClose={() => setFilling(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
