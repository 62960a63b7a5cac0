import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  getAdminSupplyGetSupplyPlanQueryKey,
  getAdminSupplyGetSupplyPlanSettingsQueryKey,
  useAdminSupplyGetSupplyPlanSettings,
  useAdminSupplySaveSupplyPlanSettings,
} from '@generated/endpoints/supply/supply';
import { adminSupplySaveSupplyPlanSettingsBody } from '@generated/zod/supply/supply.zod';
import type { SupplyPlanSettings } from '@generated/model';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { QueryError } from '../../components/QueryError';
import { SaveFailed } from '../../components/SaveFailed';
import { onInvalidForm } from '../../components/invalidForm';
import { numberInputSeparators } from '../../components/format';
import './catalogue';

interface FormValues {
  leadTimeFactor: number | string;
  variabilityFactor: number | string;
  minimumOrder: number | string;
}

const schema = adminSupplySaveSupplyPlanSettingsBody.shape.settings;
const settingsBody = {};
const toInput = (values: FormValues, version: number) => ({
  leadTimeFactor: values.leadTimeFactor === '' ? undefined : values.leadTimeFactor,
  variabilityFactor: values.variabilityFactor === '' ? undefined : values.variabilityFactor,
  minimumOrder: values.minimumOrder === '' ? undefined : values.minimumOrder,
  version,
});

/**
 * The supply plan's settings: the DDMRP lead-time and variability factors and the minimum order.
 * Validated with the contract's zod, messages from the catalogue; a failed save keeps the input and says why, and a 409
 * (someone saved meanwhile) offers to reload the stored settings.
 */
export default function SupplyPlanSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = useAdminSupplyGetSupplyPlanSettings(settingsBody, { query: { queryKey: getAdminSupplyGetSupplyPlanSettingsQueryKey(settingsBody) } });
  const version = settings.data?.version ?? 0;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { leadTimeFactor: '', variabilityFactor: '', minimumOrder: '' },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: (values) => toInput(values, version) }),
  });
  const fill = (stored: SupplyPlanSettings) => {
    form.setValues({ leadTimeFactor: stored.leadTimeFactor, variabilityFactor: stored.variabilityFactor, minimumOrder: stored.minimumOrder });
    form.resetDirty();
    form.clearErrors();
  };
  useEffect(() => {
    if (settings.data) fill(settings.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data]);

  const save = useAdminSupplySaveSupplyPlanSettings({
    mutation: {
      meta: { silent: true }, // the dialog says why itself, next to the input it keeps
      onSuccess: async (saved) => {
        queryClient.setQueryData(getAdminSupplyGetSupplyPlanSettingsQueryKey(settingsBody), saved);
        notifications.show({ color: 'green', message: t`Plan settings saved; the plan is recomputed with them.` });
        await queryClient.invalidateQueries({ queryKey: [getAdminSupplyGetSupplyPlanQueryKey()[0]] });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'settings'));
      },
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 409;
  const reload = async () => {
    save.reset();
    const { data } = await settings.refetch();
    if (data) fill(data);
  };

  const submit = form.onSubmit((values) => save.mutate({ data: { settings: schema.parse(toInput(values, version)) } }), onInvalidForm);

  return (
    <Modal opened onClose={onClose} title={t`Supply plan settings`}>
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Center mih={120}>
          <Loader role="status" aria-label={t`Loading the plan settings`} />
        </Center>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              <Trans>
                Red = yellow × lead-time factor × (1 + variability factor); green = the larger of the minimum order and yellow × lead-time factor. A suggestion
                orders at least the minimum order.
              </Trans>
            </Text>
            <NumberInput label={t`Lead-time factor`} required decimalScale={2} decimalSeparator={numberInputSeparators().decimalSeparator} step={0.05} data-autofocus {...form.getInputProps('leadTimeFactor')} />
            <NumberInput label={t`Variability factor`} required decimalScale={2} decimalSeparator={numberInputSeparators().decimalSeparator} step={0.05} {...form.getInputProps('variabilityFactor')} />
            <NumberInput label={t`Minimum order (preforms)`} required {...numberInputSeparators()} allowDecimal={false} allowNegative={false} {...form.getInputProps('minimumOrder')} />
            <SaveFailed error={save.error} reload={stale ? { label: t`Reload settings`, onClick: () => void reload() } : null} />
            <DialogActions onCancel={onClose} pending={save.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
