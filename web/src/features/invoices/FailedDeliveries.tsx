import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  getDocumentsGetFailedDeliveriesQueryKey,
  useDocumentsGetFailedDeliveries,
  useDocumentsRetryDelivery,
} from '@generated/endpoints/invoices/invoices';
import type { DocumentsGetFailedDeliveriesBody, FailedDelivery } from '@generated/model';
import { describeError } from '../../api/describeError';
import { QueryError } from '../../components/QueryError';
import { FailedMailItem } from './FailedMailItem';

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
            <FailedMailItem
              key={row.id}
              label={`${what(row)} to ${row.to}`}
              title={`${what(row)}${row.company ? ` for ${row.company}` : ''}`}
              to={row.to}
              attempts={row.attempts}
              failedAt={row.failedAt}
              lastError={row.lastError}
              againLabel={`Send ${what(row)} to ${row.to} again`}
              sending={retry.isPending && retry.variables?.data.id === row.id}
              busy={retry.isPending}
              onSendAgain={() => retry.mutate({ data: { id: row.id } })}
            />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
