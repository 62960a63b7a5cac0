import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import {
  getDocumentsGetFailedDeliveriesQueryKey,
  useDocumentsGetFailedDeliveries,
  useDocumentsRetryDelivery,
} from '@generated/endpoints/invoices/invoices';
import type { DocumentsGetFailedDeliveriesBody, FailedDelivery } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatDateTime } from '../../components/format';
import { QueryError } from '../../components/QueryError';

const BODY: DocumentsGetFailedDeliveriesBody = { pagination: { page: 1, rowsPerPage: 10 } };

const what = (row: FailedDelivery) => (row.invoiceNumber ? `Invoice ${row.invoiceNumber}` : row.subject);

/**
 * On the admin's invoices page: the 'Confirm & Send' e-mails that failed every retry (dead letters), with
 * the recipient, the attempts and the last error, each with 'Send again' (queued with fresh retries; it leaves the list).
 * Nothing shows while every e-mail went out.
 */
export function FailedDeliveries() {
  const queryClient = useQueryClient();
  const query = useDocumentsGetFailedDeliveries(BODY);
  const retry = useDocumentsRetryDelivery({
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        notifications.show({ color: 'green', title: 'E-mail queued again', message: 'It is sent in the background; it comes back here if it fails again.' });
        await queryClient.invalidateQueries({ queryKey: [getDocumentsGetFailedDeliveriesQueryKey()[0]] });
      },
      onError: async (error) => {
        notifications.show({ color: 'red', role: 'alert', title: 'E-mail not queued', message: describeError(error) });
        await queryClient.invalidateQueries({ queryKey: [getDocumentsGetFailedDeliveriesQueryKey()[0]] });
      },
    },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.rows ?? [];
  if (rows.length === 0) return null;
  const count = query.data?.count ?? rows.length;
  return (
    <Card withBorder component="section" aria-labelledby="failed-deliveries-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="failed-deliveries-title">
          E-mails not delivered ({count})
        </Title>
        <Text size="sm" c="dimmed">
          These &apos;Confirm &amp; Send&apos; e-mails failed every retry. Send one again once its cause is fixed (the mail server, or the
          client&apos;s billing address).
        </Text>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <li key={row.id} aria-label={`${what(row)} to ${row.to}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {what(row)}
                    {row.company ? ` for ${row.company}` : ''}
                  </Text>
                  <Text size="sm">
                    To {row.to} · {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'} · failed {formatDateTime(row.failedAt)}
                  </Text>
                  {row.lastError && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Last error: {row.lastError}
                    </Text>
                  )}
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMailForward size={14} />}
                  aria-label={`Send ${what(row)} to ${row.to} again`}
                  loading={retry.isPending && retry.variables?.data.id === row.id}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ data: { id: row.id } })}
                >
                  Send again
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
