import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button, Modal, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { getWebhooksGetEndpointsQueryKey, useWebhooksRotateSecret, useWebhooksSaveEndpoint } from '@generated/endpoints/webhooks/webhooks';
import { webhooksSaveEndpointBody } from '@generated/zod/webhooks/webhooks.zod';
import { EventType, type WebhookEndpoint } from '@generated/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { SaveFailed } from '../../components/SaveFailed';
import { SecretOnce } from './SecretOnce';
import './catalogue';

interface FormValues {
  url: string;
  eventTypes: string[];
  enabled: boolean;
}

const schema = webhooksSaveEndpointBody.shape.endpoint;
const toInput = (values: FormValues) => ({ url: values.url.trim(), eventTypes: values.eventTypes, enabled: values.enabled });
const TYPES = Object.values(EventType);

/**
 * New or edit webhook endpoint: the URL, the event types it receives, enabled. A new endpoint's signing secret is
 * shown once; an existing one can rotate its secret (shown once too).
 */
export default function WebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | 'new'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const { t } = useLingui();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: endpoint === 'new' ? { url: '', eventTypes: [], enabled: true } : { url: endpoint.url, eventTypes: endpoint.eventTypes, enabled: endpoint.enabled },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: getWebhooksGetEndpointsQueryKey().slice(0, 1) });
  const save = useWebhooksSaveEndpoint({
    mutation: {
      onSuccess: async (answer) => {
        await refresh();
        if (answer.secret) setSecret({ value: answer.secret, rotated: false });
        else onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'endpoint'));
      },
    },
  });
  const rotate = useWebhooksRotateSecret({
    mutation: {
      onSuccess: async (answer) => {
        await refresh();
        setSecret({ value: answer.secret, rotated: true });
      },
    },
  });
  const submit = form.onSubmit((values) => {
    const input = schema.parse(toInput(values));
    save.mutate({ data: { endpoint: endpoint === 'new' ? input : { ...input, id: endpoint.id, version: endpoint.version } } });
  }, onInvalidForm);

  return (
    <Modal opened onClose={onClose} title={secret ? t`Signing secret` : endpoint === 'new' ? t`New webhook endpoint` : t`Edit webhook endpoint`} closeOnClickOutside={!secret}>
      {secret ? (
        <SecretOnce secret={secret.value} rotated={secret.rotated} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t`URL`} description={t`An https address on the internet; events are POSTed there, signed.`} required data-autofocus {...form.getInputProps('url')} />
            <MultiSelect label={t`Events`} required searchable data={TYPES} {...form.getInputProps('eventTypes')} />
            <Switch label={t`Enabled`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            {endpoint !== 'new' && endpoint.disabledReason && (
              <Text size="sm" c="red">
                {endpoint.disabledReason}
              </Text>
            )}
            <SaveFailed error={save.error ?? rotate.error} />
            {endpoint !== 'new' && (
              <Button variant="light" loading={rotate.isPending} onClick={() => rotate.mutate({ data: { id: endpoint.id, version: endpoint.version } })}>
                {t`Rotate secret`}
              </Button>
            )}
            <DialogActions onCancel={onClose} pending={save.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
