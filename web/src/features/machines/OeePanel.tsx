import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Badge, Box, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { DataTable } from 'mantine-datatable';
import type { MachinePage } from '@generated/model';
import { adminMachinesGetOeeBody } from '@generated/zod/machines/machines.zod';
import { MachinePager, useLastMachinePage } from '../../components/MachinePager';
import type { Period } from '../../components/PeriodPicker';
import { formatNumber } from '../../components/format';
import { formatDuration } from '../downtime/downtimeFormat';
import { ChartEmpty, ChartState } from '../stats/ChartState';
import { BANDS, MADE_OF, MadeOf } from './MadeOf';
import { formatShare } from './machineFormat';
import { GRAINS, useOee, type Grain, type OeeRow, type OeeTotal } from './performanceApi';
import type { MachineRef } from './liveStatus';
import './catalogue';

/** The page sizes the contract offers for the whole-period table's machines (its `machinePage.rowsPerPage`). */
const ROWS_PER_PAGE = adminMachinesGetOeeBody.shape.machinePage.unwrap().shape.rowsPerPage.options.map((option) => option.value);
/** The whole-period table's first page of every machine: 20 rows (a plant has hundreds). */
export const FIRST_MACHINE_PAGE: MachinePage = { page: 1, rowsPerPage: 20 };

/** A time of the contract (seconds) as the downtime screens say durations: '7 h 12 min'. */
export const timeOf = (seconds: number) => formatDuration(Math.round(seconds / 60));

/** What one row's figures are made of, with its numbers (the cells' titles: hover, and read out by screen readers). */
export function madeOfRow(row: Figures) {
  const [producing, plannedBusy] = [timeOf(row.actualProductionTime), timeOf(row.plannedBusyTime)];
  const [produced, good, scrap] = [formatNumber(row.producedQuantity), formatNumber(row.goodQuantity), formatNumber(row.scrapQuantity)];
  const [availability, performance, quality, coverage] = [formatShare(row.availability), formatShare(row.performance), formatShare(row.quality), formatShare(row.coverage)];
  return {
    availability: t`${producing} producing ÷ ${plannedBusy} planned busy time`,
    performance:
      row.performance == null
        ? t`${produced} produced in ${producing}; no planned run time per item on the product, or no production time`
        : t`planned run time per item × ${produced} produced ÷ ${producing} producing`,
    quality: t`${good} good ÷ ${produced} produced (${scrap} scrap)`,
    oee: `${availability} × ${performance} × ${quality}`,
    coverage: t`Data covers ${coverage} of the period`,
  };
}

/** The chart's points: one per period of the grain, an OEE (in %) per machine. */
function chartOf(rows: OeeRow[]) {
  const points = new Map<string, Record<string, string | number | null>>();
  const machines = [...new Set(rows.map((row) => row.machineLabel))];
  for (const row of rows) {
    const point = points.get(row.periodLabel) ?? { period: row.periodLabel };
    point[row.machineLabel] = row.oee == null ? null : Math.round(row.oee * 1000) / 10;
    points.set(row.periodLabel, point);
  }
  const colors = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'red.7', 'cyan.7', 'lime.8', 'indigo.7'];
  return { data: [...points.values()], series: machines.map((name, index) => ({ name, color: colors[index % colors.length] })) };
}

/**
 * The OEE tab (ISO 22400-2): per machine and per day, shift or week of the period, availability, performance,
 * quality (with the claims' rejected quantity beside it), OEE, and how much of the period the events cover. The
 * totals of every machine (without buckets) come a page of machines at a time, with the pager under the
 * table; the previous page stays shown while the next loads.
 */
export function OeePanel({
  period,
  machines,
  withBuckets = true,
  ready = true,
  machinePage = FIRST_MACHINE_PAGE,
  onMachinePageChange,
}: {
  period: Period;
  machines: MachineRef[];
  /** Each machine by day, shift or week too (false: the totals of the period only, a page of machines at a time). */
  withBuckets?: boolean;
  /** Whether the page knows what to ask yet (the machines of the plant). */
  ready?: boolean;
  /** Without buckets: the page of machines asked (the page's owner starts it again at page 1 for another period). */
  machinePage?: MachinePage;
  onMachinePageChange?: (page: MachinePage) => void;
}) {
  const { t, i18n } = useLingui();
  const [grain, setGrain] = useState<Grain>('day');
  const paged = !withBuckets;
  const query = useOee({ period, grain, machines, withBuckets, machinePage: paged ? machinePage : undefined, enabled: ready });
  const machineCount = query.data?.machineCount ?? 0;
  useLastMachinePage(machinePage, machineCount, paged && query.data !== undefined && !query.isPlaceholderData, onMachinePageChange);

  return (
    <Stack>
      {withBuckets ? (
        <SegmentedControl aria-label={t`Grain`} data={GRAINS.map((choice) => ({ value: choice.value, label: i18n._(choice.label) }))} value={grain} onChange={(value) => setGrain(value as Grain)} w="fit-content" />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Choose machines above to see them by day, shift or week.</Trans>
        </Text>
      )}
      <ChartState
        query={query}
        label={t`OEE`}
        isEmpty={(view) => view.totals.length === 0 && view.machineCount === 0}
        empty={<ChartEmpty title={t`No OEE for this period`} hint={t`OEE appears once machines report events in the period. Pick another period or machines.`} />}
      >
        {({ totals, rows }) => {
          const chart = chartOf(rows);
          return (
            <Stack gap="md">
              <Group gap="xs">
                <Title order={3} size="h4">
                  <Trans>The whole period</Trans>
                </Title>
                {paged && query.isFetching && <Loader size="xs" role="status" aria-label={t`Loading the machines' OEE`} />}
              </Group>
              <Box aria-busy={paged && query.isFetching}>
                <DataTable<OeeTotal>
                  withTableBorder
                  striped
                  aria-label={t`OEE per machine over the period`}
                  records={totals}
                  noRecordsText={t`No machines in this period.`}
                  idAccessor="machineLabel"
                  columns={[
                    { accessor: 'machineLabel', title: t`Machine` },
                    ...figureColumns<OeeTotal>(),
                    {
                      accessor: 'band',
                      title: t`Band`,
                      render: (total) => (
                        <Badge color={BANDS[total.band].color} variant="light" miw="max-content">
                          {i18n._(BANDS[total.band].label)}
                        </Badge>
                      ),
                    },
                  ]}
                />
              </Box>
              {paged && onMachinePageChange && machineCount > 0 && (
                <MachinePager value={machinePage} count={machineCount} sizes={ROWS_PER_PAGE} onChange={onMachinePageChange} />
              )}
              <Text size="xs" c="dimmed">
                {i18n._(MADE_OF.oee)} <Trans>Hover or focus a figure for what it is made of.</Trans>
              </Text>
              {withBuckets && (
                <>
                  <Title order={3} size="h4">
                    {grain === 'shift' ? <Trans>By shift</Trans> : grain === 'week' ? <Trans>By week</Trans> : <Trans>By day</Trans>}
                  </Title>
                  <LineChart
                    h={260}
                    data={chart.data}
                    dataKey="period"
                    series={chart.series}
                    unit=" %"
                    valueFormatter={formatNumber}
                    yAxisProps={{ domain: [0, 100] }}
                    connectNulls={false}
                    withLegend
                  />
                  <DataTable<OeeRow>
                    withTableBorder
                    striped
                    aria-label={t`OEE per machine and period`}
                    records={rows}
                    noRecordsText={t`No machines in this period.`}
                    idAccessor={(row) => `${row.machineLabel}/${row.periodLabel}`}
                    columns={[
                      { accessor: 'machineLabel', title: t`Machine` },
                      { accessor: 'periodLabel', title: grain === 'shift' ? t`Shift` : grain === 'week' ? t`Week` : t`Day` },
                      ...figureColumns<OeeRow>(),
                    ]}
                  />
                </>
              )}
            </Stack>
          );
        }}
      </ChartState>
    </Stack>
  );
}

type Figures = Omit<OeeRow, 'machineLabel' | 'periodLabel' | 'from' | 'to'>;

function figureColumn<Row extends Figures>(accessor: 'availability' | 'performance' | 'quality' | 'oee', label: string, madeOf: MessageDescriptor) {
  return {
    accessor,
    title: <MadeOf label={label} madeOf={madeOf} />,
    textAlign: 'right' as const,
    render: (row: Row) => <span title={madeOfRow(row)[accessor]}>{formatShare(row[accessor])}</span>,
  };
}

/** The figures' columns, each saying what it is made of: in its heading (the definition) and its cells (the numbers). */
function figureColumns<Row extends Figures>() {
  return [
    figureColumn<Row>('availability', t`Availability`, MADE_OF.availability),
    figureColumn<Row>('performance', t`Performance`, MADE_OF.performance),
    figureColumn<Row>('quality', t`Quality`, MADE_OF.quality),
    {
      accessor: 'rejectedQuantity',
      title: <MadeOf label={t`Rejected (claims)`} madeOf={MADE_OF.rejected} />,
      textAlign: 'right' as const,
      render: (row: Row) => formatNumber(row.rejectedQuantity),
    },
    figureColumn<Row>('oee', t`OEE`, MADE_OF.oee),
    {
      accessor: 'coverage',
      title: <MadeOf label={t`Coverage`} madeOf={MADE_OF.coverage} />,
      textAlign: 'right' as const,
      render: (row: Row) => (
        <Text size="sm" c={row.coverage < 1 ? 'orange' : undefined} title={madeOfRow(row).coverage}>
          {formatShare(row.coverage)}
        </Text>
      ),
    },
  ];
}
