import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAdminClientsSaveProductStock } from '@generated/endpoints/clients/clients';
import { adminClientsSaveProductStockBody } from '@generated/zod/clients/clients.zod';
import type { ProductStockRow } from '@generated/model';
import { zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { onInvalidForm } from '../../components/invalidForm';
import { numberInputSeparators } from '../../components/format';
import './catalogue';

interface FormValues {
  currentStock: number | string;
}

/**
 * 'Adjust balance': sets the bottle stock of one price period, never below 0 ('Minimum stock level - 0!'); the
 * hint under the field says so before anyone types. A failed save keeps the dialog open and says why.
 */
export default function AdjustBalanceDialog({ row, onClose }: { row: ProductStockRow; onClose: () => void }) {
  const { t } = useLingui();
  const toBody = (values: FormValues) => ({
    stock: { id: row.id, currentStock: values.currentStock === '' ? undefined : values.currentStock, version: row.version },
  });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { currentStock: row.currentStock },
    validateInputOnBlur: true,
    // Errors come back as `stock.currentStock`; the form field is `currentStock`.
    validate: (values) => {
      const errors = zodValidate<FormValues>(adminClientsSaveProductStockBody, { transform: toBody })(values);
      return errors['stock.currentStock'] ? { currentStock: errors['stock.currentStock'] } : {};
    },
  });
  const save = useAdminClientsSaveProductStock(
    useInventorySave({ message: t`Stock balance adjusted.`, onClose, setErrors: form.setErrors, wrapper: 'stock' }),
  );
  const submit = form.onSubmit((values) => save.mutate({ data: adminClientsSaveProductStockBody.parse(toBody(values)) }), onInvalidForm);

  return (
    <Modal opened onClose={onClose} title={t`Adjust balance`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput
            label={t`Current stock`}
            description={t`Minimum stock level - 0`}
            required
            data-autofocus
            allowDecimal={false}
            {...numberInputSeparators()}
            hideControls
            styles={{ input: { textAlign: 'right' } }}
            {...form.getInputProps('currentStock')}
          />
          <SaveFailed error={save.error instanceof ApiError && save.error.status === 400 ? null : save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
