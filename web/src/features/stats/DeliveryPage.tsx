import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getClientStatsGetDeliveryPerformanceQueryKey,
  useClientStatsExportDeliveryPerformance,
  useClientStatsGetDeliveryPerformance,
} from '@generated/endpoints/stats/stats';
import { now } from '../../components/clock';
import { ExportMenu } from '../../components/ExportMenu';
import { PeriodPicker } from '../../components/PeriodPicker';
import { RecordLoad } from '../../components/RecordLoad';
import { DeliveryFigures } from './DeliveryFigures';
import { deliveryDefaultPeriod } from './period';
import './catalogue';

/**
 * '/stats/delivery', the client's delivery figures: how reliably its order items were produced on time and
 * in full, and how its forecasts compared with its orders, over whole months (the last twelve by default).
 */
export default function DeliveryPage() {
  const [period, setPeriod] = useState(() => deliveryDefaultPeriod(now()));
  const { t } = useLingui();
  const body = { period };
  const query = useClientStatsGetDeliveryPerformance(body, {
    query: { queryKey: getClientStatsGetDeliveryPerformanceQueryKey(body), placeholderData: keepPreviousData },
  });
  const exportFile = useClientStatsExportDeliveryPerformance({ mutation: { meta: { silent: true } } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Delivery</Trans>
        </Title>
        <ExportMenu
          pending={exportFile.isPending}
          fallbackName={(format) => `delivery-${period.from}-${period.to}.${format}`}
          run={(format) => exportFile.mutateAsync({ data: { format, period } })}
        />
      </Group>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Text size="sm" c="dimmed">
          <Trans>Whole months, at most 24; items are judged once their due day has passed.</Trans>
        </Text>
      </Group>
      <RecordLoad query={query} label={t`Loading delivery figures`}>
        {(data) => <DeliveryFigures data={data} />}
      </RecordLoad>
    </Stack>
  );
}
