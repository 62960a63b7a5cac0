import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getManufacturersGetManufacturersQueryKey,
  useManufacturersSaveManufacturer,
} from '@generated/endpoints/manufacturers/manufacturers';
import { manufacturersSaveManufacturerBody } from '@generated/zod/manufacturers/manufacturers.zod';
import type { Manufacturer } from '@generated/model';
import { zodValidate, problemFieldErrors } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

interface FormValues {
  manufacturerName: string;
  defaultLeadTime: number | string;
  boxQtyPerTruck: number | string;
}

const EMPTY: FormValues = { manufacturerName: '', defaultLeadTime: '', boxQtyPerTruck: '' };
const schema = manufacturersSaveManufacturerBody.shape.manufacturer;
const toInput = (values: FormValues) => ({
  manufacturerName: values.manufacturerName.trim(),
  defaultLeadTime: values.defaultLeadTime === '' ? undefined : values.defaultLeadTime,
  boxQtyPerTruck: values.boxQtyPerTruck === '' ? undefined : values.boxQtyPerTruck,
});

/** New or edit manufacturer. Validates on touch with the contract's rules; keeps the input when saving fails. */
export default function ManufacturerDialog({ manufacturer, onClose }: { manufacturer: Manufacturer | 'new' | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const save = useManufacturersSaveManufacturer({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getManufacturersGetManufacturersQueryKey().slice(0, 1) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'manufacturer'));
      },
    },
  });

  const opened = manufacturer !== null;
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      manufacturer === 'new'
        ? EMPTY
        : { manufacturerName: manufacturer.manufacturerName, defaultLeadTime: manufacturer.defaultLeadTime, boxQtyPerTruck: manufacturer.boxQtyPerTruck },
    );
    form.resetDirty();
    form.clearErrors();
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manufacturer]);

  const submit = form.onSubmit(
    (values) => {
      const input = schema.parse(toInput(values));
      save.mutate({
        data: {
          manufacturer: manufacturer === 'new' || !manufacturer ? input : { ...input, id: manufacturer.id, version: manufacturer.version },
        },
      });
    },
    onInvalidForm,
  );

  return (
    <Modal opened={opened} onClose={onClose} title={manufacturer === 'new' ? t`New manufacturer` : t`Edit manufacturer`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('manufacturerName')} />
          <NumberInput label={t`Lead time (days)`} required allowDecimal={false} {...form.getInputProps('defaultLeadTime')} />
          <NumberInput label={t`Boxes per truck`} required allowDecimal={false} {...form.getInputProps('boxQtyPerTruck')} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
