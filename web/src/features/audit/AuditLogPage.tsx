import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useAdminAuditExportAuditLog } from '@generated/endpoints/audit/audit';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { PeriodPicker, type Period } from '../../components/PeriodPicker';
import { currentMonth } from '../downtime/downtimeFormat';
import './catalogue';

/**
 * Extension: the admin downloads the audit trail of a period (both days inclusive, UTC) as CSV: sign-ins, changes
 * of the second factor, `pnpm users` commands and every write, each with its place in the hash chain.
 */
export default function AuditLogPage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>(() => currentMonth());
  const exportCsv = useAdminAuditExportAuditLog({ mutation: { meta: { silent: true } } });

  const download = async () => {
    let file: Blob;
    try {
      file = await exportCsv.mutateAsync({ data: { period } });
    } catch (error) {
      notifications.show({ color: 'red', title: t`Export failed`, message: describeError(error) });
      return;
    }
    try {
      saveFile(file, `audit-log-${period.from}-${period.to}.csv`);
    } catch {
      notifications.show({ color: 'red', message: MESSAGES.downloadDenied });
    }
  };

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>
        <Trans>Audit log</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Sign-ins, failed sign-ins and lockouts, second-factor changes, user administration and every change made in the
          portal, with who, when and from where. Days are in UTC. The log cannot be edited; `pnpm audit-log verify` checks
          that nothing in it was changed.
        </Trans>
      </Text>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Button leftSection={<IconDownload size={16} />} loading={exportCsv.isPending} onClick={() => void download()}>
          <Trans>Download CSV</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
