import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getAdminMachinesGetCredentialsQueryKey,
  useAdminMachinesCreateCredential,
} from '@generated/endpoints/machines/machines';
import { adminMachinesCreateCredentialBody } from '@generated/zod/machines/machines.zod';
import type { AdminMachinesCreateCredential200 } from '@generated/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { LabelledValue, ShownOnce } from '../../components/ShownOnce';
import { machineKeyOf, machineLabelOf, machineOfKey, useLiveStatus } from './liveStatus';
import './catalogue';

interface FormValues {
  name: string;
  machines: string[];
}

const schema = adminMachinesCreateCredentialBody.shape.credential;
const toInput = (values: FormValues) => ({ name: values.name.trim(), machines: values.machines.map(machineOfKey) });

/** The token, once: a copy button and the warning that it will not be shown again. */
function TokenOnce({ created, onClose }: { created: AdminMachinesCreateCredential200; onClose: () => void }) {
  const { t } = useLingui();
  const name = created.credential.name;
  return (
    <ShownOnce
      warning={{
        title: t`Copy the token now`,
        text: (
          <Trans>
            This is the only time the token of &apos;&apos;{name}&apos;&apos; is shown. Store it in the machine&apos;s or collector&apos;s
            configuration; the portal keeps only a hash of it. If it is lost, revoke the credential and make a new one.
          </Trans>
        ),
      }}
      copy={{ value: created.token, label: t`Copy token` }}
      onClose={onClose}
    >
      <LabelledValue id="token-label" label={t`Token`} value={created.token} />
    </ShownOnce>
  );
}

/**
 * 'New machine credential': a name and the machines it may report for (the client machines the portal knows). On
 * success the dialog shows the token once, with a copy button; closing it leaves no copy in the page.
 */
export default function NewCredentialDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const machines = useLiveStatus({ refetchInterval: false });
  const [created, setCreated] = useState<AdminMachinesCreateCredential200 | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', machines: [] },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const create = useAdminMachinesCreateCredential({
    mutation: {
      onSuccess: async (answer) => {
        setCreated(answer);
        await queryClient.invalidateQueries({ queryKey: getAdminMachinesGetCredentialsQueryKey().slice(0, 1) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'credential'));
      },
    },
  });
  const options = (machines.data ?? []).map((machine) => ({ value: machineKeyOf(machine), label: machineLabelOf(machine) }));
  const submit = form.onSubmit((values) => create.mutate({ data: { credential: schema.parse(toInput(values)) } }), onInvalidForm);

  return (
    <Modal opened onClose={onClose} title={created ? t`Machine credential made` : t`New machine credential`} closeOnClickOutside={!created}>
      {created ? (
        <TokenOnce created={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t`Name`} description={t`What it is for, e.g. 'Line 4 collector'.`} required data-autofocus {...form.getInputProps('name')} />
            <MultiSelect
              label={t`Machines`}
              description={t`The machines it may report events for; events of other machines are kept aside.`}
              required
              searchable
              data={options}
              disabled={!machines.data}
              nothingFoundMessage={t`No such machine`}
              {...form.getInputProps('machines')}
            />
            <DialogActions onCancel={onClose} pending={create.isPending} saveLabel={t`Create`} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
