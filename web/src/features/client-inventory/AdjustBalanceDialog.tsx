import { Alert, Modal, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  getAdminClientsGetClientProductsQueryKey,
  getAdminClientsGetProductStockQueryKey,
  useAdminClientsSaveProductStock,
} from '../../../../generated/web/endpoints/clients/clients';
import { adminClientsSaveProductStockBody } from '../../../../generated/web/zod/clients/clients.zod';
import type { ProductStockRow } from '../../../../generated/web/model';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { describeError } from '../../app/providers';
import { DialogActions } from '../../components/DialogActions';

interface FormValues {
  currentStock: number | string;
}

/**
 * 'Adjust balance': sets the bottle stock of one price period, never below 0 ('Minimum stock level - 0!'); the
 * hint under the field says so before anyone types. A failed save keeps the dialog open and says why.
 */
export default function AdjustBalanceDialog({ row, onClose }: { row: ProductStockRow; onClose: () => void }) {
  const queryClient = useQueryClient();
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
  const save = useAdminClientsSaveProductStock({
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        notifications.show({ color: 'green', message: 'Stock balance adjusted.' });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [getAdminClientsGetProductStockQueryKey()[0]] }),
          queryClient.invalidateQueries({ queryKey: [getAdminClientsGetClientProductsQueryKey()[0]] }),
        ]);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'stock'));
      },
    },
  });
  const submit = form.onSubmit(
    (values) => save.mutate({ data: toBody(values) as { stock: { id: number; currentStock: number; version: number } } }),
    () => console.info('Invalid!'),
  );

  return (
    <Modal opened onClose={onClose} title="Adjust balance">
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput
            label="Current stock"
            description="Minimum stock level - 0"
            required
            data-autofocus
            allowDecimal={false}
            thousandSeparator=","
            hideControls
            styles={{ input: { textAlign: 'right' } }}
            {...form.getInputProps('currentStock')}
          />
          {save.isError && !(save.error instanceof ApiError && save.error.status === 400) && (
            <Alert color="red" title="Not saved" role="alert">
              {describeError(save.error)}
            </Alert>
          )}
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
