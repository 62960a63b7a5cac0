import { useLingui } from '@lingui/react/macro';
import { Checkbox, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { getAdminDowntimeGetCausesQueryKey, useAdminDowntimeSaveCause } from '@generated/endpoints/downtime/downtime';
import { adminDowntimeSaveCauseBody } from '@generated/zod/downtime/downtime.zod';
import type { DowntimeCause } from '@generated/model';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

interface FormValues {
  causeName: string;
  causeDescription: string;
  /** A planned stop (changeover, maintenance) does not count against the machine's availability. */
  planned: boolean;
}

const schema = adminDowntimeSaveCauseBody.shape.cause;
/** Part 5: both texts trimmed, both required. */
const toInput = (values: FormValues) => ({ causeName: values.causeName.trim(), causeDescription: values.causeDescription.trim(), planned: values.planned });

/**
 * 'New cause' / 'Edit cause' (part 2.1): name and description, required and trimmed (part 5), validated on touch
 * with the contract's rules. Save closes and reloads the list; a failed save keeps the dialog and its input.
 */
export default function CauseDialog({ cause, onClose }: { cause: DowntimeCause | 'new'; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues:
      cause === 'new'
        ? { causeName: '', causeDescription: '', planned: false }
        : { causeName: cause.causeName, causeDescription: cause.causeDescription, planned: cause.planned ?? false },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const save = useAdminDowntimeSaveCause({
    mutation: {
      onSuccess: async (saved) => {
        const name = saved.causeName;
        notifications.show({ color: 'green', message: t`Cause ${name} saved.` });
        await queryClient.invalidateQueries({ queryKey: [getAdminDowntimeGetCausesQueryKey()[0]] });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'cause'));
      },
    },
  });

  const submit = form.onSubmit(
    (values) => {
      const input = toInput(values);
      save.mutate({ data: { cause: cause === 'new' ? input : { ...input, id: cause.id, version: cause.version } } });
    },
    onInvalidForm,
  );

  return (
    <Modal opened onClose={onClose} title={cause === 'new' ? t`New cause` : t`Edit cause`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('causeName')} />
          <Textarea label={t`Description`} required rows={4} resize="vertical" {...form.getInputProps('causeDescription')} />
          <Checkbox
            label={t`Planned stop`}
            description={t`A changeover or maintenance: planned downtime, not counted against the machine's availability (OEE).`}
            {...form.getInputProps('planned', { type: 'checkbox' })}
          />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
