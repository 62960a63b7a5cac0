import { lazy, Suspense, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import {
  getWebhooksGetDeliveriesQueryKey,
  useWebhooksGetDeliveries,
  useWebhooksGetEndpoints,
  useWebhooksResendDelivery,
} from '@generated/endpoints/webhooks/webhooks';
import type { WebhookDelivery, WebhookEndpoint } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { SaveFailed } from '../../components/SaveFailed';
import { formatDateTime } from '../../components/format';
import './catalogue';
// The dialog (zod, @mantine/form) loads when it is first opened.
const WebhookDialog = lazy(() => import('./WebhookDialog'));

const STATUS_COLOR = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;
/** A delivery's status as a person reads it; English shows the contract's own words. */
const STATUS_LABEL = {
  pending: msg({ message: 'pending', comment: 'A webhook delivery not sent successfully yet' }),
  delivered: msg({ message: 'delivered', comment: 'A webhook delivery the receiver accepted' }),
  failed: msg({ message: 'failed', comment: 'A webhook delivery given up on' }),
};

/** The recent deliveries of one endpoint, with their last answers, and Resend. */
function Deliveries({ endpointId }: { endpointId: number }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const body = { endpointId, limit: 50 };
  const query = useWebhooksGetDeliveries(body);
  const resend = useWebhooksResendDelivery({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getWebhooksGetDeliveriesQueryKey(body) }) },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack>
      <SaveFailed error={resend.error} />
      <DataTable<WebhookDelivery>
        aria-label={t`Recent deliveries`}
        minHeight={120}
        fetching={query.isFetching}
        records={query.data?.rows ?? []}
        noRecordsText={t`No deliveries yet.`}
        columns={[
          { accessor: 'createdAt', title: t`Event at`, render: (row) => formatDateTime(row.createdAt) },
          { accessor: 'eventType', title: t`Event` },
          { accessor: 'status', title: t`Status`, render: (row) => <Badge color={STATUS_COLOR[row.status]} miw="max-content">{t(STATUS_LABEL[row.status])}</Badge> },
          { accessor: 'attempts', title: t`Attempts`, textAlign: 'right' },
          { accessor: 'lastStatusCode', title: t`Answer`, render: (row) => row.lastStatusCode ?? '—' },
          { accessor: 'lastResponse', title: t`Answer text`, render: (row) => <Text size="xs" lineClamp={2}>{row.lastResponse ?? ''}</Text> },
          { accessor: 'nextAttemptAt', title: t`Next attempt`, render: (row) => formatDateTime(row.nextAttemptAt) },
          {
            accessor: 'id',
            title: '',
            render: (row) => (
              <Button size="xs" variant="light" loading={resend.isPending && resend.variables?.data.deliveryId === row.id} onClick={() => resend.mutate({ data: { deliveryId: row.id } })}>
                <Trans>Resend</Trans>
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * /webhooks: the endpoints that receive the portal's events, signed (Standard Webhooks), for the
 * manufacturer (admin) or the caller's company (client); New and an edit dialog on row click; the recent deliveries
 * of the chosen endpoint with their answers, and Resend.
 */
export default function WebhooksPage() {
  const query = useWebhooksGetEndpoints({});
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { t } = useLingui();
  const endpoints = query.data?.rows ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Webhooks</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          <Trans>New</Trans>
        </Button>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<WebhookEndpoint>
          aria-label={t`Webhook endpoints`}
          minHeight={120}
          fetching={query.isFetching}
          records={endpoints}
          noRecordsText={t`No webhook endpoints yet. Use New to subscribe one.`}
          onRowClick={({ record }) => setEditing(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          columns={[
            { accessor: 'url', title: t`URL` },
            { accessor: 'eventTypes', title: t`Events`, render: (row) => row.eventTypes.join(', ') },
            {
              accessor: 'enabled',
              title: t`State`,
              render: (row) =>
                row.enabled ? (
                  <Badge color="green" miw="max-content">
                    <Trans>enabled</Trans>
                  </Badge>
                ) : (
                  <Badge color="red" miw="max-content" title={row.disabledReason ?? undefined}>
                    <Trans>disabled</Trans>
                  </Badge>
                ),
            },
            { accessor: 'secretHint', title: t`Secret`, render: (row) => `${row.secretHint}…` },
          ]}
        />
      )}
      {endpoints.length > 0 && (
        <Stack>
          <Title order={3}>
            <Trans>Recent deliveries</Trans>
          </Title>
          <Select
            label={t`Endpoint`}
            placeholder={t`Pick an endpoint`}
            data={endpoints.map((endpoint) => ({ value: String(endpoint.id), label: endpoint.url }))}
            value={shown}
            onChange={setShown}
          />
          {shown && <Deliveries endpointId={Number(shown)} />}
        </Stack>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <WebhookDialog endpoint={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
