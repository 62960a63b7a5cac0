import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { PeriodPicker, type Period } from '../../components/PeriodPicker';
import './catalogue';

/** Title, period picker (plus the screen's own filters) and 'Export to Csv', shared by both history screens. */
export function HistoryToolbar(props: {
  title: string;
  period: Period;
  onPeriodChange: (period: Period) => void;
  filters?: ReactNode;
  onExport: () => void;
  exporting: boolean;
}) {
  return (
    <Stack gap="xs">
      <Title order={2}>{props.title}</Title>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <PeriodPicker value={props.period} onChange={props.onPeriodChange} />
          {props.filters}
        </Group>
        <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} loading={props.exporting} onClick={props.onExport}>
          <Trans>Export to Csv</Trans>
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>Start and end times are UTC. Use the pencil in the cause column to set a stop’s cause.</Trans>
      </Text>
    </Stack>
  );
}
