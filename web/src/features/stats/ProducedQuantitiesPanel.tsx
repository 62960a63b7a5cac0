import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { AreaChart } from '@mantine/charts';
import { keepPreviousData } from '@tanstack/react-query';
import { getClientStatsGetProducedQuantitiesQueryKey, useClientStatsGetProducedQuantities } from '@generated/endpoints/stats/stats';
import type { StatsProduct } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { ChartEmpty, ChartState } from './ChartState';
import { contains, PERIOD_TOGGLE_LABELS, PERIOD_TOGGLES, togglePeriod, yesterdayOf, type PeriodToggle } from './period';
import './catalogue';

const ALL_PRODUCTS = '0';

/** The filter's options: all products (0), then 'article - name' as the API orders them. */
const productOptions = (i18n: I18n, products: StatsProduct[]) => [
  { value: ALL_PRODUCTS, label: i18n._(msg`All products`) },
  ...products.map((product) => ({ value: String(product.id), label: `${product.articleNo} - ${product.productName}` })),
];

/**
 * The performance dashboard's 'Produced Quantities' tab (part 2.4): bottles produced per day of one product or
 * all (0), over the period of the toggle 1M, 6M or YTD, as an area chart marked at 'Yesterday'.
 */
export function ProducedQuantitiesPanel({ today }: { today: Date }) {
  const [productId, setProductId] = useState(ALL_PRODUCTS);
  const [toggle, setToggle] = useState<PeriodToggle>('1M');
  const period = togglePeriod(toggle, today);
  const body = { startOf: period.from, endOf: period.to, productId: Number(productId) };
  const query = useClientStatsGetProducedQuantities(body, {
    query: { queryKey: getClientStatsGetProducedQuantitiesQueryKey(body), placeholderData: keepPreviousData },
  });
  const yesterday = yesterdayOf(today);
  const { t, i18n } = useLingui();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Select
          label={t`Product`}
          w={360}
          searchable
          allowDeselect={false}
          disabled={!query.data}
          data={productOptions(i18n, query.data?.products ?? [])}
          value={productId}
          onChange={(value) => setProductId(value ?? ALL_PRODUCTS)}
        />
        <SegmentedControl
          aria-label={t`Period`}
          data={PERIOD_TOGGLES.map((value) => ({ value, label: t(PERIOD_TOGGLE_LABELS[value]) }))}
          value={toggle}
          onChange={(value) => setToggle(value as PeriodToggle)}
        />
      </Group>
      <ChartState
        query={query}
        label={t`produced quantities`}
        isEmpty={(data) => data.series.every((series) => series.data.every((point) => point.y === 0))}
        empty={<ChartEmpty title={t`No bottles produced in this period`} hint={t`Pick a longer period or another product.`} />}
      >
        {(data) => {
          const series = data.series[0];
          const total = formatNumber(series.data.reduce((sum, point) => sum + point.y, 0));
          const from = formatListDate(period.from);
          const to = formatListDate(period.to);
          return (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                <Trans>
                  {from} – {to}: {total} bottles produced
                </Trans>
              </Text>
              <AreaChart
                h={320}
                data={series.data.map((point) => ({ day: formatListDate(point.x), produced: point.y }))}
                dataKey="day"
                series={[{ name: 'produced', label: productId === ALL_PRODUCTS ? t`Produced` : series.name, color: 'blue.6' }]}
                curveType="monotone"
                withDots={false}
                valueFormatter={formatNumber}
                referenceLines={
                  contains(period, yesterday) ? [{ x: formatListDate(yesterday), label: t`Yesterday`, color: 'red.6', labelPosition: 'insideTopRight' }] : []
                }
              />
            </Stack>
          );
        }}
      </ChartState>
    </Stack>
  );
}
