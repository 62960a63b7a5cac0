import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { formatDateTime } from '../../components/format';
import './catalogue';

/**
 * One e-mail that failed every retry, as the admin's lists show it (the invoices' e-mails and the notifications'):
 * what it was, to whom, its attempts and last error, and 'Send again'.
 */
export function FailedMailItem({
  label,
  title,
  to,
  attempts,
  failedAt,
  lastError,
  againLabel,
  sending,
  busy,
  onSendAgain,
}: {
  label: string;
  title: string;
  to: string;
  attempts: number;
  failedAt: string;
  lastError: string | null | undefined;
  againLabel: string;
  sending: boolean;
  busy: boolean;
  onSendAgain: () => void;
}) {
  const tries = plural(attempts, { one: '# attempt', other: '# attempts' });
  const failed = formatDateTime(failedAt);
  return (
    <li aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="sm">
            <Trans>
              To {to} · {tries} · failed {failed}
            </Trans>
          </Text>
          {lastError && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <Trans>Last error: {lastError}</Trans>
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMailForward size={14} />}
          aria-label={againLabel}
          loading={sending}
          disabled={busy}
          onClick={onSendAgain}
        >
          <Trans>Send again</Trans>
        </Button>
      </Group>
    </li>
  );
}
