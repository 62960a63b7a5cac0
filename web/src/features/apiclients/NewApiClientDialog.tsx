import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { getApiClientsGetApiClientsQueryKey, useApiClientsCreateApiClient } from '@generated/endpoints/apiclients/apiclients';
import { useAdminDirectoryGetDirectoryClients } from '@generated/endpoints/clients/clients';
import { apiClientsCreateApiClientBody } from '@generated/zod/apiclients/apiclients.zod';
import type { ApiClientAuthMethod, ApiClientRole, ApiClientsCreateApiClient200 } from '@generated/model';
import { ApiError } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { LabelledValue, ShownOnce } from '../../components/ShownOnce';
import { AUTH_METHOD_LABELS, clientTypesFor, ROLE_LABELS, STAFF_API_ROLES } from './apiClientLabels';
import './catalogue';

interface FormValues {
  name: string;
  /** '' for the manufacturer. */
  clientId: string;
  roles: ApiClientRole[];
  authMethod: ApiClientAuthMethod;
  /** The public JWK as pasted (private_key_jwt only). */
  publicKey: string;
}

const schema = apiClientsCreateApiClientBody.shape.apiClient;

/** The pasted key as an object, or undefined when it is no JSON object. */
function parsedKey(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const toInput = (values: FormValues) => ({
  name: values.name.trim(),
  ...(values.clientId ? { clientId: values.clientId } : {}),
  roles: values.roles,
  authMethod: values.authMethod,
  ...(values.authMethod === 'private_key_jwt' ? { publicKey: parsedKey(values.publicKey) } : {}),
});

/** The contract's rules, and a key that must be pasted (and parse) for private_key_jwt; any key member's error is the key's. */
function validate(values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(zodValidate<FormValues>(schema, { transform: toInput })(values))) {
    errors[field.startsWith('publicKey') ? 'publicKey' : field] ??= message;
  }
  if (values.authMethod === 'private_key_jwt' && !parsedKey(values.publicKey)) errors.publicKey = values.publicKey.trim() ? MESSAGES.publicKey : MESSAGES.required;
  return errors;
}

/** The secret, once: a copy button and the warning that it will not be shown again. */
function SecretOnce({ created, onClose }: { created: ApiClientsCreateApiClient200; onClose: () => void }) {
  const { apiClient, clientSecret } = created;
  const { t } = useLingui();
  const name = apiClient.name;
  return (
    <ShownOnce
      warning={
        clientSecret
          ? {
              title: t`Copy the secret now`,
              text: (
                <Trans>
                  This is the only time the secret of ''{name}'' is shown. Store it in the system&apos;s configuration; the portal keeps only a
                  hash of it. If it is lost, revoke the client and make a new one.
                </Trans>
              ),
            }
          : undefined
      }
      copy={clientSecret ? { value: clientSecret, label: t`Copy secret` } : undefined}
      onClose={onClose}
    >
      {!clientSecret && (
        <Text size="sm">
          <Trans>The client signs its token requests with the private key of the public key you gave; the portal holds no secret of it.</Trans>
        </Text>
      )}
      <LabelledValue id="client-id-label" label={t`Client ID`} value={apiClient.oauthClientId} />
      {clientSecret && <LabelledValue id="client-secret-label" label={t`Client secret`} value={clientSecret} />}
    </ShownOnce>
  );
}

/**
 * 'New API client': a name, whom it acts for (the manufacturer or one client company), its roles (staff roles for the
 * manufacturer, one client type the company allows) and how it signs in. On success the dialog shows the client id
 * and the secret once, with a copy button; closing it leaves no copy in the page.
 */
export default function NewApiClientDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const companies = useAdminDirectoryGetDirectoryClients();
  const [created, setCreated] = useState<ApiClientsCreateApiClient200 | null>(null);
  const { t } = useLingui();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', clientId: '', roles: [], authMethod: 'client_secret_basic', publicKey: '' },
    validateInputOnBlur: true,
    validate,
  });
  const create = useApiClientsCreateApiClient({
    mutation: {
      onSuccess: async (answer) => {
        setCreated(answer);
        await queryClient.invalidateQueries({ queryKey: getApiClientsGetApiClientsQueryKey().slice(0, 1) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'apiClient'));
      },
    },
  });
  const company = (companies.data ?? []).find((entry) => entry.id === form.values.clientId);
  const options = [{ value: '', label: t`The manufacturer` }, ...(companies.data ?? []).map((entry) => ({ value: entry.id, label: entry.company }))];
  const submit = form.onSubmit((values) => create.mutate({ data: { apiClient: schema.parse(toInput(values)) } }), onInvalidForm);
  const rolesError = form.errors.roles;

  return (
    <Modal opened onClose={onClose} title={created ? t`API client made` : t`New API client`} closeOnClickOutside={!created}>
      {created ? (
        <SecretOnce created={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t`Name`} description={t`What it is for, e.g. 'Nightly ERP import'.`} required data-autofocus {...form.getInputProps('name')} />
            <Select
              label={t`Acts for`}
              description={t`A client company's API client sees only that company's records.`}
              required
              searchable
              allowDeselect={false}
              data={options}
              disabled={!companies.data}
              value={form.values.clientId}
              onChange={(value) => {
                form.setFieldValue('clientId', value ?? '');
                form.setFieldValue('roles', []);
              }}
              error={form.errors.clientId}
            />
            {form.values.clientId ? (
              <Radio.Group
                label={t`Client type`}
                description={t`What the company allows: buyer for a Buyer company, client or seller for a Converter.`}
                required
                value={form.values.roles[0] ?? ''}
                onChange={(value) => form.setFieldValue('roles', [value as ApiClientRole])}
                error={rolesError}
              >
                <Group mt="xs">
                  {clientTypesFor(company?.clientType).map((role) => (
                    <Radio key={role} value={role} label={t(ROLE_LABELS[role])} />
                  ))}
                </Group>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                label={t`Roles`}
                description={t`Staff roles it may use.`}
                required
                value={form.values.roles}
                onChange={(value) => form.setFieldValue('roles', value as ApiClientRole[])}
                error={rolesError}
              >
                <Group mt="xs">
                  {STAFF_API_ROLES.map((role) => (
                    <Checkbox key={role} value={role} label={t(ROLE_LABELS[role])} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Select
              label={t`Signs in with`}
              required
              allowDeselect={false}
              data={Object.entries(AUTH_METHOD_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
              {...form.getInputProps('authMethod')}
            />
            {form.values.authMethod === 'private_key_jwt' && (
              <Textarea
                label={t`Public key (JWK)`}
                description={t`The public key its assertions are signed with, as JSON. Never paste a private key.`}
                required
                autosize
                minRows={3}
                {...form.getInputProps('publicKey')}
              />
            )}
            <DialogActions onCancel={onClose} pending={create.isPending} saveLabel={t`Create`} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
