import { lazy, Suspense, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

// The dialog (zod, @mantine/form) loads when it is first opened.
const NewCredentialDialog = lazy(() => import('./NewCredentialDialog'));

/** Asks before a revocation: the machines or collector using the token stop being heard at once. */
function confirmRevoke(credential: Credential, onConfirm: () => void) {
  const name = credential.name;
  openConfirm({
    title: t`Revoke credential`,
    children: (
      <Text size="sm">
        {t`Revoke ''${name}''? Machines or collectors using its token can no longer report events. This cannot be undone.`}
      </Text>
    ),
    labels: { confirm: t`Revoke`, cancel: t`Cancel` },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** 'Revoked 24.11.2026 07:05' */
function revokedAt(instant: string) {
  const at = formatDateTime(instant);
  return t`Revoked ${at}`;
}

/** The revoke button's name: 'Revoke Line 4 collector'. */
const revokeLabel = (name: string) => t`Revoke ${name}`;

/**
 * Admin 'Machine credentials': the tokens machines or their collectors report events with — never a
 * user's password. New shows the token once; Revoke asks first. A revoked credential stays listed, marked so. Below
 * them, the events kept aside.
 */
export default function MachineCredentialsPage() {
  const { t } = useLingui();
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
        const name = revoked.name;
        notifications.show({ color: 'green', message: t`Credential ''${name}'' revoked.` });
        await queryClient.invalidateQueries({ queryKey: getAdminMachinesGetCredentialsQueryKey().slice(0, 1) });
      },
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Machine credentials</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          <Trans>New</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          A credential lets a machine, or the collector beside it, report its events over HTTP with a bearer token, or over MQTT with the credential&apos;s
          name as user name and the token as password, only for its machines. The token is shown once, when the credential is made.
        </Trans>
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Credential>
          withTableBorder
          striped
          minHeight={180}
          fetching={query.isPending}
          aria-label={t`Machine credentials`}
          records={query.data?.rows ?? []}
          noRecordsText={t`No machine credentials yet. Use New to make one.`}
          columns={[
            { accessor: 'name', title: t`Name` },
            { accessor: 'tokenHint', title: t`Token starts with`, render: (credential) => <code>{credential.tokenHint}…</code> },
            { accessor: 'machines', title: t`Machines`, render: machinesOf },
            { accessor: 'createdAt', title: t`Created at`, render: (credential) => formatDateTime(credential.createdAt) },
            { accessor: 'lastUsedAt', title: t`Last used`, render: (credential) => (credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : t`Never`) },
            {
              accessor: 'actions',
              title: t`Status`,
              textAlign: 'right',
              render: (credential) =>
                credential.revokedAt ? (
                  <Badge color="gray" variant="light" miw="max-content" title={revokedAt(credential.revokedAt)}>
                    <Trans>Revoked</Trans>
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={revokeLabel(credential.name)}
                    loading={revoke.isPending && revoke.variables?.data.id === credential.id}
                    onClick={() => confirmRevoke(credential, () => revoke.mutate({ data: { id: credential.id } }))}
                  >
                    <Trans>Revoke</Trans>
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
