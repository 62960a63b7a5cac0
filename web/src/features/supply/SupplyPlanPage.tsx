import '@mantine/charts/styles.css';
import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { DataTable } from 'mantine-datatable';
import { ReferenceArea } from 'recharts';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { IconAdjustments } from '@tabler/icons-react';
import {
  getAdminSupplyGetSupplyPlanLinesQueryKey,
  getAdminSupplyGetSupplyPlanQueryKey,
  useAdminSupplyGetSupplyPlan,
  useAdminSupplyGetSupplyPlanLines,
} from '@generated/endpoints/supply/supply';
import { getAdminPreformsGetWarehousesQueryKey, useAdminPreformsGetWarehouses } from '@generated/endpoints/preforms/preforms';
import type { AdminSupplyGetSupplyPlanBody, SupplyPlanRow, SupplyZone } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { QueryError } from '../../components/QueryError';
import { RecordLoad } from '../../components/RecordLoad';
import type { RowsPerPage } from '../../components/useListState';
import { ZoneBadge } from './SuggestionCard';
import { preformLabel } from './supplyBoard';
import { packagingOf, pairLabel, reasonOf, useSuggestionActions, ZONES } from './supplyPlan';

// The settings dialog (zod, @mantine/form) loads when it is first opened.
const SupplyPlanSettingsDialog = lazy(() => import('./SupplyPlanSettingsDialog'));

const ZONE_OPTIONS = (Object.keys(ZONES) as SupplyZone[]).map((zone) => ({ value: zone, label: ZONES[zone].label }));
const ALL_WAREHOUSES = '0';

/** The zone a projected stock falls in, cut as the API cuts a position (planning.rules.ts `zoneOf`). */
export function zoneOfStock(stock: number, buffer: SupplyPlanRow['buffer']): SupplyZone {
  if (stock < 0) return 'red';
  if (buffer.adu <= 0) return stock > buffer.topOfGreen ? 'over' : 'green';
  if (stock <= buffer.topOfRed) return 'red';
  if (stock <= buffer.topOfYellow) return 'yellow';
  if (stock <= buffer.topOfGreen) return 'green';
  return 'over';
}

interface PairSearch {
  preformId?: number;
  preformWarehouseId?: number;
}

const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * A column title that may break onto two lines. The table lays its headers out on one line and would then be wider
 * than an admin's 1440 px screen; the numbers below are short, so their titles wrap instead (the buffer's tops and the
 * suggestion stay in view without a sideways scroll).
 */
function WrappingTitle({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'normal' }}>{children}</span>;
}

/**
 * Admin '/supply/plan': the supply plan per preform and warehouse, most urgent first, with the
 * zone, the numbers of the net flow position and the buffer's tops, and the suggestion; filters by zone, warehouse and
 * whether forecasts count. A chosen row (also from the board's 'Plan' link, `?preformId=&preformWarehouseId=`) shows
 * its 13 weeks as a chart against the zones and as a table, and the order items and forecasts its requirements are made
 * of. Accept and Dismiss as on the board; 'Settings' edits the buffer factors and the minimum order.
 */
export default function SupplyPlanPage() {
  const search = useSearch({ strict: false }) as PairSearch;
  const navigate = useNavigate();
  const chosen = idOf(search.preformId) && idOf(search.preformWarehouseId) ? { preformId: idOf(search.preformId)!, preformWarehouseId: idOf(search.preformWarehouseId)! } : null;

  const [zones, setZones] = useState<SupplyZone[]>([]);
  const [warehouse, setWarehouse] = useState(ALL_WAREHOUSES);
  const [countForecasts, setCountForecasts] = useState(true);
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState<RowsPerPage>(20);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const body: AdminSupplyGetSupplyPlanBody = {
    ...(zones.length > 0 ? { zones } : {}),
    ...(warehouse !== ALL_WAREHOUSES ? { preformWarehouseId: Number(warehouse) } : {}),
    countForecasts,
    pagination: { page, rowsPerPage },
  };
  const query = useAdminSupplyGetSupplyPlan(body, { query: { queryKey: getAdminSupplyGetSupplyPlanQueryKey(body), placeholderData: keepPreviousData } });
  const warehousesBody = { pagination: { page: 1, rowsPerPage: 100 as const } };
  const warehouses = useAdminPreformsGetWarehouses(warehousesBody, { query: { queryKey: getAdminPreformsGetWarehousesQueryKey(warehousesBody) } });
  const actions = useSuggestionActions();

  const choose = (row: SupplyPlanRow) =>
    void navigate({ to: '/supply/plan', search: { preformId: row.preformId, preformWarehouseId: row.preformWarehouseId } as never });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Supply plan</Title>
        <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setSettingsOpen(true)}>
          Settings
        </Button>
      </Group>
      <Group align="flex-end">
        <MultiSelect label="Zones" placeholder={zones.length === 0 ? 'All zones' : undefined} data={ZONE_OPTIONS} value={zones} onChange={filter((value: string[]) => setZones(value as SupplyZone[]))} w={300} clearable />
        <Select
          label="Warehouse"
          w={240}
          allowDeselect={false}
          data={[{ value: ALL_WAREHOUSES, label: 'All warehouses' }, ...(warehouses.data?.rows ?? []).map((row) => ({ value: String(row.id), label: row.warehouseName }))]}
          value={warehouse}
          onChange={filter((value: string | null) => setWarehouse(value ?? ALL_WAREHOUSES))}
        />
        <Switch label="Count forecasts" checked={countForecasts} onChange={(event) => filter(setCountForecasts)(event.currentTarget.checked)} mb={8} />
      </Group>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<SupplyPlanRow>
          {...pagedTableProps(query)}
          idAccessor={(row) => `${row.preformId}:${row.preformWarehouseId}`}
          // On a phone the table scrolls sideways inside this frame: focusable and named so the keyboard can scroll it.
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Supply plan table' } }}
          noRecordsText="No preform has stock, open supply or requirements in these filters."
          page={page}
          onPageChange={setPage}
          recordsPerPage={rowsPerPage}
          onRecordsPerPageChange={(size: number) => {
            setRowsPerPage(size as RowsPerPage);
            setPage(1);
          }}
          onRowClick={({ record }) => choose(record)}
          rowStyle={(row) => ({
            cursor: 'pointer',
            // The chosen row is marked by a bar at its start, not a background (its link must keep its contrast).
            boxShadow: chosen && row.preformId === chosen.preformId && row.preformWarehouseId === chosen.preformWarehouseId ? 'inset 4px 0 0 var(--mantine-color-blue-filled)' : undefined,
          })}
          columns={[
            {
              accessor: 'preform',
              title: 'Preform',
              width: 220,
              // A link, so that the keyboard can choose a row too.
              render: (row) => (
                <Anchor component={Link} to="/supply/plan" search={{ preformId: row.preformId, preformWarehouseId: row.preformWarehouseId } as never} size="sm">
                  {preformLabel(row.Preform)}
                </Anchor>
              ),
            },
            { accessor: 'warehouse', title: 'Warehouse', render: (row) => row.PreformWarehouse.warehouseName },
            { accessor: 'zone', title: 'Zone', render: (row) => <ZoneBadge zone={row.zone} /> },
            { accessor: 'onHand', title: <WrappingTitle>On hand</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.onHand) },
            { accessor: 'incoming', title: 'Incoming', textAlign: 'right', render: (row) => formatNumber(row.incoming) },
            { accessor: 'qualifiedDemand', title: <WrappingTitle>Qualified demand</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.qualifiedDemand) },
            { accessor: 'netFlowPosition', title: <WrappingTitle>Net flow position</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.netFlowPosition) },
            { accessor: 'topOfRed', title: <WrappingTitle>Top of red</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfRed) },
            { accessor: 'topOfYellow', title: <WrappingTitle>Top of yellow</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfYellow) },
            { accessor: 'topOfGreen', title: <WrappingTitle>Top of green</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfGreen) },
            {
              accessor: 'suggestion',
              title: 'Suggestion',
              render: (row) =>
                row.suggestion ? `${formatNumber(row.suggestion.amount)} due ${formatListDate(row.suggestion.dueDate)}` : '—',
            },
          ]}
        />
      )}
      {chosen ? (
        <PairDetail key={`${chosen.preformId}:${chosen.preformWarehouseId}:${countForecasts}`} pair={chosen} countForecasts={countForecasts} actions={actions} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a row to see its 13 weeks and what its requirements are made of.
        </Text>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <SupplyPlanSettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

type Actions = ReturnType<typeof useSuggestionActions>;

/** One pair: its buffer and suggestion, the 13 weeks as a chart and a table, and the lines its requirements come from. */
function PairDetail({ pair, countForecasts, actions }: { pair: { preformId: number; preformWarehouseId: number }; countForecasts: boolean; actions: Actions }) {
  const body: AdminSupplyGetSupplyPlanBody = { ...pair, countForecasts, pagination: { page: 1, rowsPerPage: 10 } };
  const query = useAdminSupplyGetSupplyPlan(body, { query: { queryKey: getAdminSupplyGetSupplyPlanQueryKey(body) } });
  const row = query.data ? (query.data.rows[0] ?? null) : undefined;
  return (
    <RecordLoad query={{ ...query, data: row }} label="Loading the projection">
      {(found) =>
        found === null ? (
          <Text size="sm" c="dimmed">
            This preform has no stock, open supply or requirements in this warehouse.
          </Text>
        ) : (
          <PairProjection row={found} countForecasts={countForecasts} actions={actions} />
        )
      }
    </RecordLoad>
  );
}

function PairProjection({ row, countForecasts, actions }: { row: SupplyPlanRow; countForecasts: boolean; actions: Actions }) {
  const { buffer, suggestion } = row;
  const headingId = `plan-pair-${row.preformId}-${row.preformWarehouseId}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={3} id={headingId}>
              {pairLabel(row)}
            </Title>
            <Group gap="xs">
              <ZoneBadge zone={row.zone} />
              <Text size="sm">{reasonOf(row)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Net flow position {formatNumber(row.netFlowPosition)} = on hand {formatNumber(row.onHand)} + incoming within the lead time {formatNumber(row.incoming)} − qualified demand{' '}
              {formatNumber(row.qualifiedDemand)}
              {row.spikes.length > 0 && ` (spikes: ${row.spikes.map((spike) => `${formatNumber(spike.preforms)} on ${formatListDate(spike.day)}`).join(', ')})`}. Buffer: ADU{' '}
              {formatNumber(Math.round(buffer.adu))} a day, lead time {buffer.leadTimeDays} days; red {formatNumber(buffer.red)}, yellow {formatNumber(buffer.yellow)}, green{' '}
              {formatNumber(buffer.green)}.
            </Text>
          </Stack>
          {suggestion ? (
            <Paper withBorder p="sm" radius="sm" miw={260}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Suggested: {formatNumber(suggestion.amount)} pcs ({packagingOf(suggestion)})
                </Text>
                <Text size="sm">
                  Due {formatListDate(suggestion.dueDate)} from {suggestion.manufacturerName}
                </Text>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" loading={actions.dismissing(row)} disabled={actions.accepting(row)} onClick={() => actions.dismiss(row)}>
                    Dismiss
                  </Button>
                  <Button size="xs" loading={actions.accepting(row)} disabled={actions.dismissing(row)} onClick={() => actions.accept(row)}>
                    Accept
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              No suggestion.
            </Text>
          )}
        </Group>
        <Title order={4}>Projected stock, 13 weeks</Title>
        <LineChart
          h={280}
          data={row.weeks.map((week) => ({ week: formatListDate(week.week), stock: week.end }))}
          dataKey="week"
          series={[{ name: 'stock', label: 'Projected stock at the end of the week', color: 'blue.7' }]}
          valueFormatter={formatNumber}
          withLegend
          referenceLines={[
            { y: buffer.topOfRed, label: `Top of red ${formatNumber(buffer.topOfRed)}`, color: 'red.7' },
            { y: buffer.topOfYellow, label: `Top of yellow ${formatNumber(buffer.topOfYellow)}`, color: 'yellow.8' },
            { y: buffer.topOfGreen, label: `Top of green ${formatNumber(buffer.topOfGreen)}`, color: 'green.8' },
          ]}
          yAxisProps={{ domain: [(low: number) => Math.min(0, low), (high: number) => Math.max(high, buffer.topOfGreen)] }}
        >
          {/* The zones as bands behind the line; the reference lines name their tops (colour is never the only cue). */}
          <ReferenceArea y1={Math.min(0, ...row.weeks.map((week) => week.end))} y2={buffer.topOfRed} fill="var(--mantine-color-red-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
          <ReferenceArea y1={buffer.topOfRed} y2={buffer.topOfYellow} fill="var(--mantine-color-yellow-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
          <ReferenceArea y1={buffer.topOfYellow} y2={buffer.topOfGreen} fill="var(--mantine-color-green-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
        </LineChart>
        <Table striped withTableBorder aria-label="Projection by week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th ta="right">Start</Table.Th>
              <Table.Th ta="right">Supply</Table.Th>
              <Table.Th ta="right">Requirement</Table.Th>
              <Table.Th ta="right">End</Table.Th>
              <Table.Th>Zone at the end</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.weeks.map((week) => (
              <Table.Tr key={week.week}>
                <Table.Td>{formatListDate(week.week)}</Table.Td>
                <Table.Td ta="right">{formatNumber(week.start)}</Table.Td>
                <Table.Td ta="right">{formatNumber(week.supply)}</Table.Td>
                <Table.Td ta="right">{formatNumber(week.requirement)}</Table.Td>
                <Table.Td ta="right">{formatNumber(week.end)}</Table.Td>
                <Table.Td>
                  <ZoneBadge zone={zoneOfStock(week.end, buffer)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <RequirementLines pair={row} countForecasts={countForecasts} />
      </Stack>
    </Paper>
  );
}

/** What the requirements are made of: the open order items and the uncovered forecasts, with their preforms and week. */
function RequirementLines({ pair, countForecasts }: { pair: SupplyPlanRow; countForecasts: boolean }) {
  const body = { preformId: pair.preformId, preformWarehouseId: pair.preformWarehouseId, countForecasts };
  const query = useAdminSupplyGetSupplyPlanLines(body, { query: { queryKey: getAdminSupplyGetSupplyPlanLinesQueryKey(body) } });
  return (
    <Stack gap="xs">
      <Title order={4}>What the requirements are made of</Title>
      <RecordLoad query={query} label="Loading the requirement lines">
        {(lines) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Stack gap={4}>
              <Text fw={600} size="sm" id="plan-lines-items">
                Open order items
              </Text>
              {lines.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No open order items.
                </Text>
              ) : (
                <Table striped withTableBorder aria-labelledby="plan-lines-items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      <Table.Th>Company</Table.Th>
                      <Table.Th>Article</Table.Th>
                      <Table.Th>Due</Table.Th>
                      <Table.Th ta="right">Bottles left</Table.Th>
                      <Table.Th ta="right">Preforms</Table.Th>
                      <Table.Th>Week of</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.items.map((item) => (
                      <Table.Tr key={item.orderItemId}>
                        <Table.Td>{item.orderNo}</Table.Td>
                        <Table.Td>{item.company}</Table.Td>
                        <Table.Td>{item.articleNo}</Table.Td>
                        <Table.Td>{formatListDate(item.dueDate)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(item.bottlesLeft)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(item.preforms)}</Table.Td>
                        <Table.Td>{formatListDate(item.week)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
            <Stack gap={4}>
              <Text fw={600} size="sm" id="plan-lines-forecasts">
                Forecasts not yet covered by orders
              </Text>
              {!countForecasts ? (
                <Text size="sm" c="dimmed">
                  Forecasts are not counted.
                </Text>
              ) : lines.forecasts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No uncovered forecasts.
                </Text>
              ) : (
                <Table striped withTableBorder aria-labelledby="plan-lines-forecasts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Company</Table.Th>
                      <Table.Th>Article</Table.Th>
                      <Table.Th>Period</Table.Th>
                      <Table.Th ta="right">Planned</Table.Th>
                      <Table.Th ta="right">Ordered</Table.Th>
                      <Table.Th ta="right">Preforms uncovered</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.forecasts.map((forecast) => (
                      <Table.Tr key={`${forecast.planId}:${forecast.articleNo}`}>
                        <Table.Td>{forecast.company}</Table.Td>
                        <Table.Td>{forecast.articleNo}</Table.Td>
                        <Table.Td>
                          {formatListDate(forecast.periodFrom)} – {formatListDate(forecast.periodTo)}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(forecast.plannedAmount)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(forecast.orderedAmount)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(forecast.preforms)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </SimpleGrid>
        )}
      </RecordLoad>
    </Stack>
  );
}
