import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  getNotificationsGetFailedMailsQueryKey,
  useNotificationsGetFailedMails,
  useNotificationsRetryMail,
} from '@generated/endpoints/notifications/notifications';
import type { FailedNotificationMail, NotificationsGetFailedMailsBody } from '@generated/model';
import { describeError } from '../../api/describeError';
import { QueryError } from '../../components/QueryError';
import { FailedMailItem } from '../invoices/FailedMailItem';
import { KIND_LABELS } from './describe';
import './catalogue';

const BODY: NotificationsGetFailedMailsBody = { pagination: { page: 1, rowsPerPage: 10 } };

const what = (row: FailedNotificationMail) =>
  row.digest ? t`Daily digest` : row.kinds.map((kind) => KIND_LABELS[kind] ?? kind).join(', ') || t`Notification`;

/**
 * Beside the invoices' failed e-mails on the admin's invoices page: the notification e-mails that failed every retry,
 * to whom, what they told, when, and the last error (credentials masked by the API), each with 'Send again' (queued
 * with fresh retries; it leaves the list). Nothing shows while every notification e-mail went out.
 */
export function FailedNotificationMails() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useNotificationsGetFailedMails(BODY);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [getNotificationsGetFailedMailsQueryKey()[0]] });
  const retry = useNotificationsRetryMail({
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        notifications.show({ color: 'green', title: t`E-mail queued again`, message: t`It is sent in the background; it comes back here if it fails again.` });
        await refresh();
      },
      onError: async (error) => {
        notifications.show({ color: 'red', role: 'alert', title: t`E-mail not queued`, message: describeError(error) });
        await refresh();
      },
    },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.rows ?? [];
  if (rows.length === 0) return null;
  const count = query.data?.count ?? rows.length;
  return (
    <Card withBorder component="section" aria-labelledby="failed-notification-mails-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="failed-notification-mails-title">
          <Trans>Notification e-mails not delivered ({count})</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            These notification e-mails failed every retry. Send one again once its cause is fixed (the mail server, or the
            person&apos;s address).
          </Trans>
        </Text>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => {
            const mail = what(row);
            const { person } = row;
            return (
              <FailedMailItem
                key={row.id}
                label={t`${mail} to ${person}`}
                title={t`${mail} for ${person}`}
                to={row.to ?? t`no address`}
                attempts={row.attempts}
                failedAt={row.failedAt}
                lastError={row.lastError}
                againLabel={t`Send ${mail} for ${person} again`}
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
