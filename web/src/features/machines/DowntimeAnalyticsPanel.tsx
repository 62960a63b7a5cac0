import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CompositeChart, LineChart } from '@mantine/charts';
import { DataTable } from 'mantine-datatable';
import type { Period } from '../../components/PeriodPicker';
import { formatListDate, formatNumber, formatPercent } from '../../components/format';
import { ChartEmpty, ChartState } from '../stats/ChartState';
import { MADE_OF, MadeOf } from './MadeOf';
import { formatHours, paretoOf } from './machineFormat';
import { useDowntimeAnalytics, type AnalyticsView, type CauseLoss } from './performanceApi';
import type { MachineRef } from './liveStatus';
import './catalogue';

const hours1 = (hours: number) => Math.round(hours * 10) / 10;

/**
 * The downtime analytics tab: the Pareto of causes (hours lost and number of stops) for the period
 * and machines, MTBF and MTTR per machine, and the weekly trend of hours lost and stops.
 */
export function DowntimeAnalyticsPanel({ period, machines }: { period: Period; machines: MachineRef[] }) {
  const { t } = useLingui();
  const query = useDowntimeAnalytics({ period, machines });

  return (
    <ChartState
      query={query}
      label={t`downtime analytics`}
      isEmpty={(data) => data.causes.length === 0 && data.machines.length === 0}
      empty={<ChartEmpty title={t`No stops in this period`} hint={t`Pick a longer period or other machines.`} />}
    >
      {(data) => {
        const pareto = paretoOf(data.causes);
        return (
          <Stack gap="lg">
            <section aria-labelledby="pareto-title">
              <Title order={3} size="h4" id="pareto-title" mb="xs">
                <MadeOf label={t`Stop causes (Pareto)`} madeOf={MADE_OF.paretoHours} />
              </Title>
              <CompositeChart
                h={280}
                data={pareto.map((cause) => ({ cause: cause.causeLabel, hours: hours1(cause.hours), share: Math.round(cause.cumulativeShare * 100) }))}
                dataKey="cause"
                withRightYAxis
                rightYAxisProps={{ domain: [0, 100] }}
                yAxisLabel={t`Hours`}
                rightYAxisLabel={t`Running share %`}
                valueFormatter={formatNumber}
                series={[
                  { name: 'hours', label: t`Hours lost`, color: 'red.7', type: 'bar' },
                  { name: 'share', label: t`Running share (%)`, color: 'blue.8', type: 'line', yAxisId: 'right' },
                ]}
                withLegend
              />
              <DataTable<CauseLoss & { cumulativeShare: number }>
                mt="sm"
                withTableBorder
                striped
                aria-label={t`Stop causes`}
                records={pareto}
                noRecordsText={t`No stops in this period.`}
                idAccessor={(cause) => String(cause.causeId ?? 'none')}
                columns={[
                  { accessor: 'causeLabel', title: t`Cause`, render: ({ causeLabel, planned }) => (planned ? t`${causeLabel} (planned)` : causeLabel) },
                  { accessor: 'hours', title: t`Hours lost`, textAlign: 'right', render: (cause) => formatHours(cause.hours) },
                  { accessor: 'count', title: t`Stops`, textAlign: 'right', render: (cause) => formatNumber(cause.count) },
                  { accessor: 'cumulativeShare', title: t`Running share`, textAlign: 'right', render: (cause) => formatPercent(cause.cumulativeShare) },
                ]}
              />
            </section>

            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <section aria-labelledby="reliability-title">
                <Title order={3} size="h4" id="reliability-title" mb="xs">
                  <Trans>MTBF and MTTR per machine</Trans>
                </Title>
                <DataTable<AnalyticsView['machines'][number]>
                  withTableBorder
                  striped
                  aria-label={t`MTBF and MTTR per machine`}
                  records={data.machines}
                  idAccessor="machineLabel"
                  noRecordsText={t`No machines in this period.`}
                  columns={[
                    { accessor: 'machineLabel', title: t`Machine` },
                    { accessor: 'stops', title: t`Failures`, textAlign: 'right', render: (machine) => formatNumber(machine.stops) },
                    { accessor: 'mtbfHours', title: <MadeOf label={t`MTBF`} madeOf={MADE_OF.mtbf} />, textAlign: 'right', render: (machine) => formatHours(machine.mtbfHours) },
                    { accessor: 'mttrHours', title: <MadeOf label={t`MTTR`} madeOf={MADE_OF.mttr} />, textAlign: 'right', render: (machine) => formatHours(machine.mttrHours) },
                  ]}
                />
              </section>
              <section aria-labelledby="trend-title">
                <Title order={3} size="h4" id="trend-title" mb="xs">
                  <MadeOf label={t`Weekly trend`} madeOf={MADE_OF.trend} />
                </Title>
                {data.weekly.length === 0 ? (
                  <Text c="dimmed">
                    <Trans>No weeks in this period.</Trans>
                  </Text>
                ) : (
                  <LineChart
                    h={240}
                    data={data.weekly.map((week) => ({ week: formatListDate(week.weekStart), hours: hours1(week.hours), stops: week.count }))}
                    dataKey="week"
                    withRightYAxis
                    yAxisLabel={t`Hours`}
                    rightYAxisLabel={t`Stops`}
                    valueFormatter={formatNumber}
                    series={[
                      { name: 'hours', label: t`Hours lost`, color: 'red.7' },
                      { name: 'stops', label: t`Stops`, color: 'blue.8', yAxisId: 'right' },
                    ]}
                    withLegend
                  />
                )}
              </section>
            </SimpleGrid>
          </Stack>
        );
      }}
    </ChartState>
  );
}
