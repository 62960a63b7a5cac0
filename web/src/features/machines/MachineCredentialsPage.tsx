import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirm } from '../../components/confirm';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../components/format';
import {
  getAdminMachinesGetCredentialsQueryKey,
  useAdminMachinesGetCredentials,
  useAdminMachinesRevokeCredential,
} from '@generated/endpoints/machines/machines';
import type { MachineCredential as Credential } from '@generated/model';
import { KeptAsideEvents } from './KeptAsideEvents';
import { machineKeyOf, machineLabelOf, useLiveStatus } from './liveStatus';

// The dialog (zod, @mantine/form) loads when it is first opened.
const NewCredentialDialog = lazy(() => import('./NewCredentialDialog'));

/** Asks before a revocation: the machines or collector using the token stop being heard at once. */
function confirmRevoke(credential: Credential, onConfirm: () => void) {
  openConfirm({
    title: 'Revoke credential',
    children: (
      <Text size="sm">
        Revoke &apos;{credential.name}&apos;? Machines or collectors using its token can no longer report events. This cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Revoke', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * Admin 'Machine credentials': the tokens machines or their collectors report events with — never a
 * user's password. New shows the token once; Revoke asks first. A revoked credential stays listed, marked so. Below
 * them, the events kept aside.
 */
export default function MachineCredentialsPage() {
  const queryClient = useQueryClient();
  const query = useAdminMachinesGetCredentials({});
  // The machines' companies, to name a credential's machines as the other screens do.
  const live = useLiveStatus({ refetchInterval: false });
  const companies = new Map((live.data ?? []).map((machine) => [machineKeyOf(machine), machine.company]));
  const machinesOf = (credential: Credential) =>
    credential.machines.map((machine) => machineLabelOf({ ...machine, company: companies.get(machineKeyOf(machine)) ?? null })).join(', ');
  const [creating, setCreating] = useState(false);
  const revoke = useAdminMachinesRevokeCredential({
    mutation: {
      onSuccess: async (revoked) => {
        notifications.show({ color: 'green', message: `Credential '${revoked.name}' revoked.` });
        await queryClient.invalidateQueries({ queryKey: getAdminMachinesGetCredentialsQueryKey().slice(0, 1) });
      },
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Machine credentials</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A credential lets a machine, or the collector beside it, report its events over HTTP with a bearer token, or over MQTT with the credential&apos;s
        name as user name and the token as password, only for its machines. The token is shown once, when the credential is made.
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Credential>
          withTableBorder
          striped
          minHeight={180}
          fetching={query.isPending}
          aria-label="Machine credentials"
          records={query.data?.rows ?? []}
          noRecordsText="No machine credentials yet. Use New to make one."
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'tokenHint', title: 'Token starts with', render: (credential) => <code>{credential.tokenHint}…</code> },
            { accessor: 'machines', title: 'Machines', render: machinesOf },
            { accessor: 'createdAt', title: 'Created at', render: (credential) => formatDateTime(credential.createdAt) },
            { accessor: 'lastUsedAt', title: 'Last used', render: (credential) => (credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : 'Never') },
            {
              accessor: 'actions',
              title: 'Status',
              textAlign: 'right',
              render: (credential) =>
                credential.revokedAt ? (
                  <Badge color="gray" variant="light" title={`Revoked ${formatDateTime(credential.revokedAt)}`}>
                    Revoked
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Revoke ${credential.name}`}
                    loading={revoke.isPending && revoke.variables?.data.id === credential.id}
                    onClick={() => confirmRevoke(credential, () => revoke.mutate({ data: { id: credential.id } }))}
                  >
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
      <KeptAsideEvents />
      {creating && (
        <Suspense fallback={null}>
          <NewCredentialDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
