import { lazy, Suspense, useState } from 'react';
import { i18n } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { openConfirm } from '../../components/confirm';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../components/format';
import { getApiClientsGetApiClientsQueryKey, useApiClientsGetApiClients, useApiClientsRevokeApiClient } from '@generated/endpoints/apiclients/apiclients';
import type { ApiClient } from '@generated/model';
import { AUTH_METHOD_LABELS, ROLE_LABELS } from './apiClientLabels';
import './catalogue';

// The dialog (zod, @mantine/form) loads when it is first opened.
const NewApiClientDialog = lazy(() => import('./NewApiClientDialog'));

/** Asks before a revocation: the system using the client is refused from its next call. */
function confirmRevoke(apiClient: ApiClient, onConfirm: () => void) {
  const name = apiClient.name;
  openConfirm({
    title: i18n._(msg`Revoke API client`),
    children: (
      <Text size="sm">
        <Trans>Revoke ''{name}''? The system using it is refused from its next call and gets no new token. This cannot be undone.</Trans>
      </Text>
    ),
    labels: { confirm: i18n._(msg`Revoke`), cancel: i18n._(msg`Cancel`) },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * Admin 'API clients': the systems (an ERP, an integration) that sign in unattended with OAuth 2.0 client
 * credentials, for the manufacturer or one client company. New shows the secret once; Revoke asks first. A revoked
 * client stays listed, marked so.
 */
export default function ApiClientsPage() {
  const queryClient = useQueryClient();
  const query = useApiClientsGetApiClients({});
  const [creating, setCreating] = useState(false);
  const { t } = useLingui();
  const revoke = useApiClientsRevokeApiClient({
    mutation: {
      onSuccess: async (revoked) => {
        const name = revoked.name;
        notifications.show({ color: 'green', message: t`API client ''${name}'' revoked.` });
        await queryClient.invalidateQueries({ queryKey: getApiClientsGetApiClientsQueryKey().slice(0, 1) });
      },
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>API clients</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          <Trans>New</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          An API client lets another system call the portal&apos;s API without a person: it gets short-lived access tokens with OAuth 2.0 client
          credentials and may do what its roles allow, for its company only. The secret is shown once, when the client is made.
        </Trans>
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ApiClient>
          withTableBorder
          striped
          minHeight={180}
          fetching={query.isPending}
          aria-label={t`API clients`}
          records={query.data?.rows ?? []}
          noRecordsText={t`No API clients yet. Use New to make one.`}
          columns={[
            { accessor: 'name', title: t`Name` },
            { accessor: 'oauthClientId', title: t`Client ID`, render: (apiClient) => <code>{apiClient.oauthClientId}</code> },
            { accessor: 'company', title: t`For`, render: (apiClient) => apiClient.company ?? t`The manufacturer` },
            { accessor: 'roles', title: t`Roles`, render: (apiClient) => apiClient.roles.map((role) => t(ROLE_LABELS[role])).join(', ') },
            {
              accessor: 'authMethod',
              title: t`Sign-in`,
              render: (apiClient) => (
                <>
                  {t(AUTH_METHOD_LABELS[apiClient.authMethod])}
                  {apiClient.secretHint && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (<code>{apiClient.secretHint}…</code>)
                    </Text>
                  )}
                </>
              ),
            },
            { accessor: 'createdAt', title: t`Created at`, render: (apiClient) => formatDateTime(apiClient.createdAt) },
            {
              accessor: 'actions',
              title: t`Status`,
              textAlign: 'right',
              render: (apiClient) =>
                apiClient.revokedAt ? (
                  <Badge color="gray" variant="light" miw="max-content" title={t`Revoked ${ph({ revokedAt: formatDateTime(apiClient.revokedAt) })}`}>
                    <Trans>Revoked</Trans>
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t`Revoke ${ph({ name: apiClient.name })}`}
                    loading={revoke.isPending && revoke.variables?.data.id === apiClient.id}
                    onClick={() => confirmRevoke(apiClient, () => revoke.mutate({ data: { id: apiClient.id } }))}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                ),
            },
          ]}
        />
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewApiClientDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
