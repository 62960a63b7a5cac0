import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { getStaffLotsGetLotStockQueryKey, useStaffLotsGetLotStock } from '@generated/endpoints/lots/lots';
import type { LotStockRow } from '@generated/model';
import { useAppContext } from '../../app/context';
import { formatNumber } from '../../components/format';
import { RecordLoad } from '../../components/RecordLoad';
import { lotLine, staffRoleOf } from './lots';
import './catalogue';

/**
 * Staff /lots/stock: the preform stock by lot, per preform and warehouse: the stock ledger's balance (the
 * stock every other screen shows), the open lots oldest first (the order production takes them in) and what no lot
 * explains. Filtered by warehouse.
 */
export default function LotStockPage() {
  const { t } = useLingui();
  const { session } = useAppContext();
  const role = staffRoleOf(session.user);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const all = useStaffLotsGetLotStock(role, {});
  const warehouses = useMemo(() => {
    const byId = new Map((all.data?.rows ?? []).map((row) => [String(row.preformWarehouseId), row.PreformWarehouse.warehouseName]));
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [all.data]);
  const body = warehouseId ? { preformWarehouseId: Number(warehouseId) } : {};
  const query = useStaffLotsGetLotStock(role, body, { query: { queryKey: getStaffLotsGetLotStockQueryKey(role, body) } });
  return (
    <Stack>
      <Title order={2}>{t`Stock by lot`}</Title>
      <Group>
        <Select label={t`Warehouse`} placeholder={t`All warehouses`} clearable data={warehouses} value={warehouseId} onChange={setWarehouseId} />
      </Group>
      <RecordLoad query={query} label={t`Loading the stock by lot`}>
        {(answer) =>
          answer.rows.length === 0 ? (
            <Text size="sm">
              <Trans>No preform stock.</Trans>
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table withTableBorder striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Preform</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Warehouse</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Stock</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>In lots</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Without a lot</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Open lots (oldest first: used first)</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((row: LotStockRow) => (
                    <Table.Tr key={`${row.preformId}-${row.preformWarehouseId}`}>
                      <Table.Td>{row.Preform.preformName}</Table.Td>
                      <Table.Td>{row.PreformWarehouse.warehouseName}</Table.Td>
                      <Table.Td ta="right">{formatNumber(row.currentStock)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(row.inLots)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(row.unlotted)}</Table.Td>
                      <Table.Td>
                        {row.lots.length === 0
                          ? '—'
                          : row.lots.map((lot) => (
                              <div key={lot.id}>
                                <Anchor component={Link} to={`/lots/${lot.id}`} size="sm">
                                  {lotLine(lot)}
                                </Anchor>
                                : {formatNumber(lot.remaining)}
                              </div>
                            ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </RecordLoad>
    </Stack>
  );
}
