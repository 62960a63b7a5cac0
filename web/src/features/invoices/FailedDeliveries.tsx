import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

const BODY: DocumentsGetFailedDeliveriesBody = { pagination: { page: 1, rowsPerPage: 10 } };

/**
 * On the admin's invoices page: the 'Confirm & Send' e-mails that failed every retry (dead letters), with
 * the recipient, the attempts and the last error, each with 'Send again' (queued with fresh retries; it leaves the list).
 * Nothing shows while every e-mail went out.
 */
export function FailedDeliveries() {
  const { t } = useLingui();
  const what = (row: FailedDelivery) => {
    const invoiceNumber = row.invoiceNumber;
    return invoiceNumber ? t`Invoice ${invoiceNumber}` : row.subject;
  };
  const queryClient = useQueryClient();
  const query = useDocumentsGetFailedDeliveries(BODY);
  const retry = useDocumentsRetryDelivery({
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        notifications.show({
          color: 'green',
          title: t`E-mail queued again`,
          message: t`It is sent in the background; it comes back here if it fails again.`,
        });
        await queryClient.invalidateQueries({ queryKey: [getDocumentsGetFailedDeliveriesQueryKey()[0]] });
      },
      onError: async (error) => {
        notifications.show({ color: 'red', role: 'alert', title: t`E-mail not queued`, message: describeError(error) });
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
          <Trans>E-mails not delivered ({count})</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            These &apos;Confirm &amp; Send&apos; e-mails failed every retry. Send one again once its cause is fixed (the mail server, or the
            client&apos;s billing address).
          </Trans>
        </Text>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => {
            const mail = what(row);
            const { to, company } = row;
            return (
              <FailedMailItem
                key={row.id}
                label={t`${mail} to ${to}`}
                title={company ? t`${mail} for ${company}` : mail}
                to={row.to}
                attempts={row.attempts}
                failedAt={row.failedAt}
                lastError={row.lastError}
                againLabel={t`Send ${mail} to ${to} again`}
                sending={retry.isPending && retry.variables?.data.id === row.id}
                busy={retry.isPending}
                onSendAgain={() => retry.mutate({ data: { id: row.id } })}
              />
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
