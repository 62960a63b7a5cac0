import '@mantine/dates/styles.css';
import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, ColorSwatch, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { MatrixChart, type MatrixChartCell } from '@mantine/charts';
import { MonthPickerInput } from '@mantine/dates';
import { keepPreviousData } from '@tanstack/react-query';
import { getClientStatsGetFillRateQueryKey, useClientStatsGetFillRate } from '@generated/endpoints/stats/stats';
import type { ClientStatsGetFillRate200 } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { MONTH_FORMAT } from '../../components/dates';
import { ChartEmpty, ChartState } from './ChartState';
import { FILL_RATE_LEGEND, fillRateBucketOf } from './fillRate';
import { monthOf } from './period';
import { useWideScreen } from '../../components/useWideScreen';
import './catalogue';

/** The heatmap's cells: a row per product (its 'article - name'), a column per day of the month ('01'..'31'). */
function heatmapCells(data: ClientStatsGetFillRate200): MatrixChartCell[] {
  return data.series.flatMap((series) => data.categories.map((day, index) => ({ x: day.slice(8), y: series.name, value: series.data[index] ?? null })));
}

/** What a cell says (its tooltip, and its accessible name): product, day, bucket, planned and produced bottles. */
function describeCell(i18n: I18n, data: ClientStatsGetFillRate200, month: string, cell: MatrixChartCell) {
  const day = `${month}-${cell.x}`;
  const series = data.series.find((line) => line.name === cell.y);
  const detail = data.details.find((item) => item.clientProductId === series?.clientProductId && item.date === day);
  const planned = detail ? formatNumber(detail.plannedAmount) : '';
  const produced = detail ? formatNumber(detail.produced) : '';
  return {
    title: `${cell.y}, ${formatListDate(day)}`,
    bucket: i18n._(fillRateBucketOf(cell.value).label),
    numbers: detail ? i18n._(msg`Planned ${planned}, Produced ${produced}`) : i18n._(msg`Nothing planned`),
  };
}

/** The fill-rate matrix: on a phone without labels and with cells small enough for a month to fit the screen. */
function Heatmap({
  data,
  month,
  cells,
  yLabels,
  phone = false,
}: {
  data: ClientStatsGetFillRate200;
  month: string;
  cells: MatrixChartCell[];
  yLabels: string[];
  phone?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <MatrixChart
      data={cells}
      xLabels={data.categories.map((day) => day.slice(8))}
      yLabels={yLabels}
      withXLabels={!phone}
      withYLabels={!phone}
      xLabelsRotation={0}
      xLabelsHeight={24}
      yLabelsWidth={240}
      cellSize={phone ? 8 : 22}
      gap={2}
      withTooltip
      getTooltipLabel={(cell) => {
        const text = describeCell(i18n, data, month, cell);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {text.title}: {text.bucket}
            </Text>
            <Text size="sm">{text.numbers}</Text>
          </Stack>
        );
      }}
      getCellProps={(cell) => {
        const text = describeCell(i18n, data, month, cell);
        return { role: 'img', 'aria-label': `${text.title}: ${text.bucket}. ${text.numbers}`, style: { fill: fillRateBucketOf(cell.value).color } };
      }}
    />
  );
}

/** On a phone, where the matrix has no day labels: how to read its squares. */
function DaysHint({ days }: { days: number }) {
  return (
    <Text size="xs" c="dimmed">
      <Trans>Each square is a day of the month, 1 to {days}, left to right.</Trans>
    </Text>
  );
}

function FillRateLegend() {
  const { t } = useLingui();
  return (
    <Group gap="md" aria-label={t`Fill rate legend`} role="list">
      {FILL_RATE_LEGEND.map((bucket) => (
        <Group key={bucket.value} gap={6} role="listitem">
          <ColorSwatch color={bucket.color} size={14} radius="sm" withShadow={false} />
          <Text size="sm">{t(bucket.label)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The performance dashboard's 'Order Fill Rate' tab (part 2.4): a month (YYYY-MM) and a heatmap of every product
 * by day, coloured by the fill-rate bucket (none, Bad, Medium, Good); the tooltip shows Planned and Produced.
 */
export function FillRatePanel({ today }: { today: Date }) {
  const [month, setMonth] = useState(monthOf(today));
  const wide = useWideScreen();
  const { t } = useLingui();
  const body = { month };
  const query = useClientStatsGetFillRate(body, { query: { queryKey: getClientStatsGetFillRateQueryKey(body), placeholderData: keepPreviousData } });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <MonthPickerInput
          label={t`Month`}
          valueFormat={MONTH_FORMAT}
          w={160}
          previousLabel={t`Previous year`}
          nextLabel={t`Next year`}
          value={`${month}-01`}
          onChange={(value) => value && setMonth(value.slice(0, 7))}
        />
        <FillRateLegend />
      </Group>
      <ChartState
        query={query}
        label={t`order fill rate`}
        isEmpty={(data) => data.series.length === 0}
        empty={<ChartEmpty title={t`No products to show`} hint={t`The fill rate appears once you have products with orders.`} />}
      >
        {(data) =>
          wide ? (
            <ScrollArea type="auto">
              <Box miw="fit-content">
                <Heatmap data={data} month={month} cells={heatmapCells(data)} yLabels={data.series.map((series) => series.name)} />
              </Box>
            </ScrollArea>
          ) : (
            // On a phone a product's name heads its own row of days, so the days fit the screen without a label column.
            <Stack gap="sm">
              <DaysHint days={data.categories.length} />
              {data.series.map((series) => (
                <Box key={series.name}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {series.name}
                  </Text>
                  <Heatmap data={data} month={month} cells={heatmapCells(data).filter((cell) => cell.y === series.name)} yLabels={[series.name]} phone />
                </Box>
              ))}
            </Stack>
          )
        }
      </ChartState>
    </Stack>
  );
}
