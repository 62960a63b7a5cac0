import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Button, Group, Loader, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  getNotificationsGetPreferencesQueryKey,
  useNotificationsGetPreferences,
  useNotificationsSavePreferences,
} from '@generated/endpoints/notifications/notifications';
import { notificationsSavePreferencesBody } from '@generated/zod/notifications/notifications.zod';
import type { NotificationDelivery, NotificationPreferences } from '@generated/model';
import { zodValidate, problemFieldErrors } from '../../api/validation';
import { ApiError } from '../../api/http';
import { QueryError } from '../../components/QueryError';
import { SaveFailed } from '../../components/SaveFailed';
import { onInvalidForm } from '../../components/invalidForm';
import { KIND_LABELS } from './describe';
import './catalogue';

interface FormValues {
  choices: NotificationPreferences['choices'];
  digestHour: number | string;
  timeZone: string | null;
}

const DELIVERIES: { value: NotificationDelivery; label: MessageDescriptor }[] = [
  { value: 'portal', label: msg`In the portal only` },
  { value: 'immediate', label: msg`E-mail at once` },
  { value: 'digest', label: msg`Daily digest` },
];

/** The zones this browser knows (IANA), UTC first. */
const ZONES = (() => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
})();

const schema = notificationsSavePreferencesBody;
const toInput = (values: FormValues) => ({
  choices: values.choices,
  digestHour: values.digestHour === '' ? undefined : values.digestHour,
  timeZone: values.timeZone ?? '',
});

/**
 * The signed-in person's own e-mail choices: per kind of notification, in the portal only, e-mail at once or a daily
 * digest, and the digest's hour in their time zone. Every face has it (the bell's drawer links here, and every e-mail).
 */
export default function NotificationSettingsPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const preferences = useNotificationsGetPreferences({});
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { choices: [], digestHour: 8, timeZone: 'UTC' },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const save = useNotificationsSavePreferences({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getNotificationsGetPreferencesQueryKey({}), saved);
        form.setValues({ choices: saved.choices, digestHour: saved.digestHour, timeZone: saved.timeZone });
        form.resetDirty();
        notifications.show({ color: 'green', message: t`Notification settings saved.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error));
      },
    },
  });

  const loaded = preferences.data;
  useEffect(() => {
    if (!loaded) return;
    form.setValues({ choices: loaded.choices, digestHour: loaded.digestHour, timeZone: loaded.timeZone });
    form.resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  if (preferences.error) return <QueryError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  if (!loaded) return <Loader aria-label={t`Loading notification settings`} />;

  const submit = form.onSubmit((values) => save.mutate({ data: schema.parse(toInput(values)) }), onInvalidForm);
  const deliveries = DELIVERIES.map((delivery) => ({ value: delivery.value, label: i18n._(delivery.label) }));
  const email = loaded.email;
  const zones = ZONES.includes(loaded.timeZone) ? ZONES : [loaded.timeZone, ...ZONES];

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        <Title order={2}>
          <Trans>Notification settings</Trans>
        </Title>
        <Text size="sm">
          {email ? t`E-mail goes to ${email}.` : t`Your account has no e-mail address: notifications stay in the portal.`}
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Notification</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>How you hear of it</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.choices.map((choice, index) => {
              const kind = KIND_LABELS[choice.kind] ?? choice.kind;
              return (
                <Table.Tr key={choice.kind}>
                  <Table.Td>{kind}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t`How you hear of: ${kind}`}
                      data={deliveries}
                      allowDeselect={false}
                      {...form.getInputProps(`choices.${index}.delivery`)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group align="flex-start">
          <NumberInput label={t`Daily digest at (hour, 0-23)`} required allowDecimal={false} {...form.getInputProps('digestHour')} />
          <Select label={t`Time zone`} required searchable data={zones} allowDeselect={false} {...form.getInputProps('timeZone')} />
        </Group>
        <SaveFailed error={save.error} onClose={() => save.reset()} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
