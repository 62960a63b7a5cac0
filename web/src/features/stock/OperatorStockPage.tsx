import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useOperatorStockGetOperatorPreformStock } from '../../../../generated/web/endpoints/preforms/preforms';
import type { PreformStockRow } from '../../../../generated/web/model';
import { QueryError } from '../../components/QueryError';
import { PreformStockTable } from './PreformStockTable';
import { stockRowKey, useRowSelection } from './preformStock';

const FillStockDialog = lazy(() => import('./FillStockDialog'));
const ROWS = 10;

/**
 * Operator '/stock' (part 2.2): Preform, Material, Color, Future balance, Order amount, Preform stock; no sortable
 * column; page 1, 10 rows, orderAmount descending. A row click selects it alone, again deselects; every reload
 * clears the selection. 'Fill stock' needs exactly one selected row.
 */
export default function OperatorStockPage() {
  const query = useOperatorStockGetOperatorPreformStock({});
  const [page, setPage] = useState(1);
  const [filling, setFilling] = useState<PreformStockRow | null>(null);
  const selection = useRowSelection(query.dataUpdatedAt);

  // The call answers every row; the page orders them by order amount (largest need first) and shows 10 at a time.
  const sorted = useMemo(
    () => [...(query.data?.rows ?? [])].sort((a, b) => (b.orderAmount ?? -Infinity) - (a.orderAmount ?? -Infinity)),
    [query.data],
  );
  const rows = sorted.slice((page - 1) * ROWS, page * ROWS);
  const selected = sorted.find((row) => stockRowKey(row) === selection.selectedKey) ?? null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Preform stock</Title>
        <Button leftSection={<IconPackageImport size={16} />} disabled={!selected} onClick={() => setFilling(selected)}>
          Fill stock
        </Button>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PreformStockTable
          rows={rows}
          totalRecords={sorted.length}
          page={page}
          onPageChange={setPage}
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
