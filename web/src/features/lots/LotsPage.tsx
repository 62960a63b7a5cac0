import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { IconSearch } from '@tabler/icons-react';
import { getStaffLotsGetLotsQueryKey, useStaffLotsGetLots, useStaffLotsGetLotStock } from '@generated/endpoints/lots/lots';
import { getManufacturersGetManufacturersQueryKey, useManufacturersGetManufacturers } from '@generated/endpoints/manufacturers/manufacturers';
import type { Lot, LotState, StaffLotsGetLotsBodyPaginationSortBy } from '@generated/model';
import { useAppContext } from '../../app/context';
import { mayCall } from '../../app/face';
import { formatListDate, formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { LOOKUP_DEBOUNCE } from '../../components/useServerLookup';
import { useListState } from '../../components/useListState';
import { orderRows } from '../orders/orderItems';
import { lotName, lotStates, lotTitle, staffRoleOf, stateLabel } from './lots';
import { LOT_PATH } from './paths';
import './catalogue';

const MANUFACTURERS = { pagination: { page: 1, rowsPerPage: 100 as const, sortBy: 'manufacturerName' as const } };
const id = (value: string | null) => (value ? Number(value) : undefined);

/**
 * Staff /lots: the preform lots, newest delivery first, filtered by the supplier's lot number, preform,
 * warehouse, supplier (admin) and state (open by default), 20 per page (10/20/50/100), paged and sorted by the API. A
 * row opens the lot with its recall answer.
 */
export default function LotsPage() {
  const { t } = useLingui();
  const { session } = useAppContext();
  const role = staffRoleOf(session.user);
  const navigate = useNavigate();
  const [lotNumber, setLotNumber] = useState('');
  const [search] = useDebouncedValue(lotNumber.trim(), LOOKUP_DEBOUNCE);
  const [preformId, setPreformId] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [manufacturerId, setManufacturerId] = useState<string | null>(null);
  const [state, setState] = useState<LotState | 'all'>('open');
  const list = useListState<Lot, StaffLotsGetLotsBodyPaginationSortBy>({ sortBy: 'deliveryDate', descending: true, rowsPerPage: 20 });
  const firstPage = () => list.tableProps.onPageChange(1);

  const body = {
    pagination: list.pagination,
    ...(search ? { supplierLotNumber: search } : {}),
    ...(preformId ? { preformId: id(preformId) } : {}),
    ...(warehouseId ? { preformWarehouseId: id(warehouseId) } : {}),
    ...(manufacturerId ? { manufacturerId: id(manufacturerId) } : {}),
    ...(state === 'all' ? {} : { state }),
  };
  const query = useStaffLotsGetLots(role, body, { query: { queryKey: getStaffLotsGetLotsQueryKey(role, body), placeholderData: keepPreviousData } });

  // The preforms and warehouses that have stock, from the stock by lot (both staff roles may read it).
  const stock = useStaffLotsGetLotStock(role, {});
  const { preforms, warehouses } = useMemo(() => {
    const preformOptions = new Map<string, string>();
    const warehouseOptions = new Map<string, string>();
    for (const row of stock.data?.rows ?? []) {
      preformOptions.set(String(row.preformId), row.Preform.preformName);
      warehouseOptions.set(String(row.preformWarehouseId), row.PreformWarehouse.warehouseName);
    }
    const options = (map: Map<string, string>) => [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
    return { preforms: options(preformOptions), warehouses: options(warehouseOptions) };
  }, [stock.data]);
  const suppliersAllowed = mayCall('Manufacturers_getManufacturers', session.user.roles);
  const manufacturers = useManufacturersGetManufacturers(MANUFACTURERS, {
    query: { queryKey: getManufacturersGetManufacturersQueryKey(MANUFACTURERS), enabled: suppliersAllowed },
  });

  return (
    <Stack>
      <Title order={2}>{t`Preform lots`}</Title>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t`Supplier lot number`}
          placeholder={t`Search`}
          leftSection={<IconSearch size={14} />}
          maxLength={60}
          value={lotNumber}
          onChange={(event) => {
            setLotNumber(event.currentTarget.value);
            firstPage();
          }}
        />
        <Select
          label={t`Preform`}
          placeholder={t`All preforms`}
          searchable
          clearable
          data={preforms}
          value={preformId}
          onChange={(value) => {
            setPreformId(value);
            firstPage();
          }}
        />
        <Select
          label={t`Warehouse`}
          placeholder={t`All warehouses`}
          clearable
          data={warehouses}
          value={warehouseId}
          onChange={(value) => {
            setWarehouseId(value);
            firstPage();
          }}
        />
        {suppliersAllowed && (
          <Select
            label={t`Supplier`}
            placeholder={t`All suppliers`}
            searchable
            clearable
            data={(manufacturers.data?.rows ?? []).map((manufacturer) => ({ value: String(manufacturer.id), label: manufacturer.manufacturerName }))}
            value={manufacturerId}
            onChange={(value) => {
              setManufacturerId(value);
              firstPage();
            }}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="lot-state-label">
            <Trans>State</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="lot-state-label"
            data={lotStates()}
            value={state}
            onChange={(value) => {
              setState(value as LotState | 'all');
              firstPage();
            }}
          />
        </Stack>
      </Group>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Lot>
          {...pagedTableProps(query)}
          {...list.tableProps}
          noRecordsText={t`No lots`}
          recordsPerPageLabel={t`Records per page`}
          {...orderRows<Lot>({ open: (lot) => void navigate({ to: LOT_PATH, params: { id: String(lot.id) } }), inProgress: () => false })}
          columns={[
            {
              accessor: 'id',
              title: t`Lot`,
              sortable: true,
              render: (lot) => (
                <RecordLink to={LOT_PATH.replace('$id', String(lot.id))} label={lotTitle(lot)}>
                  {lotName(lot)}
                </RecordLink>
              ),
            },
            { accessor: 'Preform.preformName', title: t`Preform` },
            { accessor: 'PreformWarehouse.warehouseName', title: t`Warehouse` },
            { accessor: 'Manufacturer.manufacturerName', title: t`Supplier` },
            { accessor: 'deliveryDate', title: t`Delivered`, sortable: true, render: (lot) => formatListDate(lot.deliveryDate) },
            { accessor: 'quantity', title: t`Quantity`, textAlign: 'right', render: (lot) => formatNumber(lot.quantity) },
            { accessor: 'remaining', title: t`Remaining`, textAlign: 'right', sortable: true, render: (lot) => formatNumber(lot.remaining) },
            {
              accessor: 'state',
              title: t`State`,
              render: (lot) => (
                // Never narrower than its word: on a phone the table scrolls instead of cutting the state off.
                <Badge variant="light" color={lot.state === 'open' ? 'blue' : 'gray'} miw="max-content">
                  {stateLabel(lot.state)}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
