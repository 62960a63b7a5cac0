import '@mantine/charts/styles.css';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
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
import { packagingOf, pairLabel, reasonOf, useSuggestionActions, ZONES, zoneLabel } from './supplyPlan';
import './catalogue';

// The settings dialog (zod, @mantine/form) loads when it is first opened.
const SupplyPlanSettingsDialog = lazy(() => import('./SupplyPlanSettingsDialog'));

const zoneOptions = () => (Object.keys(ZONES) as SupplyZone[]).map((zone) => ({ value: zone, label: zoneLabel(zone) }));
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
 * A table that may be wider than a phone: it scrolls sideways inside this frame, which the keyboard can focus to
 * scroll, so the page itself keeps the screen's width.
 */
function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  );
}

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
  const { t } = useLingui();
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
        <Title order={2}>
          <Trans>Supply plan</Trans>
        </Title>
        <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setSettingsOpen(true)}>
          <Trans>Settings</Trans>
        </Button>
      </Group>
      <Group align="flex-end">
        <MultiSelect label={t`Zones`} placeholder={zones.length === 0 ? t`All zones` : undefined} data={zoneOptions()} value={zones} onChange={filter((value: string[]) => setZones(value as SupplyZone[]))} w={300} clearable />
        <Select
          label={t`Warehouse`}
          w={240}
          allowDeselect={false}
          data={[{ value: ALL_WAREHOUSES, label: t`All warehouses` }, ...(warehouses.data?.rows ?? []).map((row) => ({ value: String(row.id), label: row.warehouseName }))]}
          value={warehouse}
          onChange={filter((value: string | null) => setWarehouse(value ?? ALL_WAREHOUSES))}
        />
        <Switch label={t`Count forecasts`} checked={countForecasts} onChange={(event) => filter(setCountForecasts)(event.currentTarget.checked)} mb={8} />
      </Group>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<SupplyPlanRow>
          {...pagedTableProps(query)}
          recordsPerPageLabel={t`Records per page`}
          idAccessor={(row) => `${row.preformId}:${row.preformWarehouseId}`}
          // On a phone the table scrolls sideways inside this frame: focusable and named so the keyboard can scroll it.
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t`Supply plan table` } }}
          noRecordsText={t`No preform has stock, open supply or requirements in these filters.`}
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
              title: t`Preform`,
              width: 220,
              // A link, so that the keyboard can choose a row too.
              render: (row) => (
                <Anchor component={Link} to="/supply/plan" search={{ preformId: row.preformId, preformWarehouseId: row.preformWarehouseId } as never} size="sm">
                  {preformLabel(row.Preform)}
                </Anchor>
              ),
            },
            { accessor: 'warehouse', title: t`Warehouse`, render: (row) => row.PreformWarehouse.warehouseName },
            { accessor: 'zone', title: t`Zone`, render: (row) => <ZoneBadge zone={row.zone} /> },
            { accessor: 'onHand', title: <WrappingTitle>{t`On hand`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.onHand) },
            { accessor: 'incoming', title: t`Incoming`, textAlign: 'right', render: (row) => formatNumber(row.incoming) },
            { accessor: 'qualifiedDemand', title: <WrappingTitle>{t`Qualified demand`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.qualifiedDemand) },
            { accessor: 'netFlowPosition', title: <WrappingTitle>{t`Net flow position`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.netFlowPosition) },
            { accessor: 'topOfRed', title: <WrappingTitle>{t`Top of red`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfRed) },
            { accessor: 'topOfYellow', title: <WrappingTitle>{t`Top of yellow`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfYellow) },
            { accessor: 'topOfGreen', title: <WrappingTitle>{t`Top of green`}</WrappingTitle>, textAlign: 'right', render: (row) => formatNumber(row.buffer.topOfGreen) },
            {
              accessor: 'suggestion',
              title: t`Suggestion`,
              render: (row) => {
                if (!row.suggestion) return '—';
                const amount = formatNumber(row.suggestion.amount);
                const due = formatListDate(row.suggestion.dueDate);
                return t`${amount} due ${due}`;
              },
            },
          ]}
        />
      )}
      {chosen ? (
        <PairDetail key={`${chosen.preformId}:${chosen.preformWarehouseId}:${countForecasts}`} pair={chosen} countForecasts={countForecasts} actions={actions} />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Choose a row to see its 13 weeks and what its requirements are made of.</Trans>
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
  const { t } = useLingui();
  const row = query.data ? (query.data.rows[0] ?? null) : undefined;
  return (
    <RecordLoad query={{ ...query, data: row }} label={t`Loading the projection`}>
      {(found) =>
        found === null ? (
          <Text size="sm" c="dimmed">
            <Trans>This preform has no stock, open supply or requirements in this warehouse.</Trans>
          </Text>
        ) : (
          <PairProjection row={found} countForecasts={countForecasts} actions={actions} />
        )
      }
    </RecordLoad>
  );
}

function PairProjection({ row, countForecasts, actions }: { row: SupplyPlanRow; countForecasts: boolean; actions: Actions }) {
  const { t } = useLingui();
  const { buffer, suggestion } = row;
  const position = formatNumber(row.netFlowPosition);
  const onHand = formatNumber(row.onHand);
  const incoming = formatNumber(row.incoming);
  const demand = formatNumber(row.qualifiedDemand);
  const adu = formatNumber(Math.round(buffer.adu));
  const leadTime = buffer.leadTimeDays;
  const red = formatNumber(buffer.red);
  const yellow = formatNumber(buffer.yellow);
  const green = formatNumber(buffer.green);
  const topOfRed = formatNumber(buffer.topOfRed);
  const topOfYellow = formatNumber(buffer.topOfYellow);
  const topOfGreen = formatNumber(buffer.topOfGreen);
  const amount = suggestion ? formatNumber(suggestion.amount) : '';
  const packaging = suggestion ? packagingOf(suggestion) : '';
  const due = suggestion ? formatListDate(suggestion.dueDate) : '';
  const supplier = suggestion?.manufacturerName;
  const spikeList = row.spikes
    .map((spike) => {
      const preforms = formatNumber(spike.preforms);
      const day = formatListDate(spike.day);
      return t`${preforms} on ${day}`;
    })
    .join(', ');
  const spikes = row.spikes.length > 0 ? t` (spikes: ${spikeList})` : '';
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
              <Trans>
                Net flow position {position} = on hand {onHand} + incoming within the lead time {incoming} − qualified demand {demand}
                {spikes}. Buffer: ADU {adu} a day, lead time {leadTime} days; red {red}, yellow {yellow}, green {green}.
              </Trans>
            </Text>
          </Stack>
          {suggestion ? (
            <Paper withBorder p="sm" radius="sm" miw={260}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  <Trans>
                    Suggested: {amount} pcs ({packaging})
                  </Trans>
                </Text>
                <Text size="sm">
                  <Trans>
                    Due {due} from {supplier}
                  </Trans>
                </Text>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" loading={actions.dismissing(row)} disabled={actions.accepting(row)} onClick={() => actions.dismiss(row)}>
                    <Trans>Dismiss</Trans>
                  </Button>
                  <Button size="xs" loading={actions.accepting(row)} disabled={actions.dismissing(row)} onClick={() => actions.accept(row)}>
                    <Trans>Accept</Trans>
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>No suggestion.</Trans>
            </Text>
          )}
        </Group>
        <Title order={4}>
          <Trans>Projected stock, 13 weeks</Trans>
        </Title>
        <LineChart
          h={280}
          data={row.weeks.map((week) => ({ week: formatListDate(week.week), stock: week.end }))}
          dataKey="week"
          series={[{ name: 'stock', label: t`Projected stock at the end of the week`, color: 'blue.7' }]}
          valueFormatter={formatNumber}
          withLegend
          referenceLines={[
            { y: buffer.topOfRed, label: t`Top of red ${topOfRed}`, color: 'red.7' },
            { y: buffer.topOfYellow, label: t`Top of yellow ${topOfYellow}`, color: 'yellow.8' },
            { y: buffer.topOfGreen, label: t`Top of green ${topOfGreen}`, color: 'green.8' },
          ]}
          yAxisProps={{ domain: [(low: number) => Math.min(0, low), (high: number) => Math.max(high, buffer.topOfGreen)] }}
        >
          {/* The zones as bands behind the line; the reference lines name their tops (colour is never the only cue). */}
          <ReferenceArea y1={Math.min(0, ...row.weeks.map((week) => week.end))} y2={buffer.topOfRed} fill="var(--mantine-color-red-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
          <ReferenceArea y1={buffer.topOfRed} y2={buffer.topOfYellow} fill="var(--mantine-color-yellow-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
          <ReferenceArea y1={buffer.topOfYellow} y2={buffer.topOfGreen} fill="var(--mantine-color-green-2)" fillOpacity={0.5} ifOverflow="extendDomain" />
        </LineChart>
        <ScrollFrame label={t`Projection by week`}>
          <Table striped withTableBorder aria-label={t`Projection by week`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Week of</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Start</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Supply</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Requirement</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>End</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Zone at the end</Trans>
                </Table.Th>
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
        </ScrollFrame>
        <RequirementLines pair={row} countForecasts={countForecasts} />
      </Stack>
    </Paper>
  );
}

/** What the requirements are made of: the open order items and the uncovered forecasts, with their preforms and week. */
function RequirementLines({ pair, countForecasts }: { pair: SupplyPlanRow; countForecasts: boolean }) {
  const body = { preformId: pair.preformId, preformWarehouseId: pair.preformWarehouseId, countForecasts };
  const { t } = useLingui();
  const query = useAdminSupplyGetSupplyPlanLines(body, { query: { queryKey: getAdminSupplyGetSupplyPlanLinesQueryKey(body) } });
  return (
    <Stack gap="xs">
      <Title order={4}>
        <Trans>What the requirements are made of</Trans>
      </Title>
      <RecordLoad query={query} label={t`Loading the requirement lines`}>
        {(lines) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Stack gap={4}>
              <Text fw={600} size="sm" id="plan-lines-items">
                <Trans>Open order items</Trans>
              </Text>
              {lines.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>No open order items.</Trans>
                </Text>
              ) : (
                <ScrollFrame label={t`Open order items`}>
                  <Table striped withTableBorder aria-labelledby="plan-lines-items">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t`Order`}</Table.Th>
                        <Table.Th>{t`Company`}</Table.Th>
                        <Table.Th>{t`Article`}</Table.Th>
                        <Table.Th>{t`Due`}</Table.Th>
                        <Table.Th ta="right">{t`Bottles left`}</Table.Th>
                        <Table.Th ta="right">{t`Preforms`}</Table.Th>
                        <Table.Th>{t`Week of`}</Table.Th>
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
                </ScrollFrame>
              )}
            </Stack>
            <Stack gap={4}>
              <Text fw={600} size="sm" id="plan-lines-forecasts">
                <Trans>Forecasts not yet covered by orders</Trans>
              </Text>
              {!countForecasts ? (
                <Text size="sm" c="dimmed">
                  <Trans>Forecasts are not counted.</Trans>
                </Text>
              ) : lines.forecasts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>No uncovered forecasts.</Trans>
                </Text>
              ) : (
                <ScrollFrame label={t`Forecasts not yet covered by orders`}>
                  <Table striped withTableBorder aria-labelledby="plan-lines-forecasts">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t`Company`}</Table.Th>
                        <Table.Th>{t`Article`}</Table.Th>
                        <Table.Th>{t`Period`}</Table.Th>
                        <Table.Th ta="right">{t`Planned`}</Table.Th>
                        <Table.Th ta="right">{t`Ordered`}</Table.Th>
                        <Table.Th ta="right">{t`Preforms uncovered`}</Table.Th>
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
                </ScrollFrame>
              )}
            </Stack>
          </SimpleGrid>
        )}
      </RecordLoad>
    </Stack>
  );
}
