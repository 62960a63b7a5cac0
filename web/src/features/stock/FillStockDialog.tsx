import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getAdminPreformStockGetPreformStockQueryKey,
  getOperatorStockGetOperatorPreformStockQueryKey,
  useAdminPreformStockFillPreformStock,
  useOperatorStockFillOperatorPreformStock,
} from '@generated/endpoints/stock/stock';
import { adminPreformStockFillPreformStockBody, operatorStockFillOperatorPreformStockBody } from '@generated/zod/stock/stock.zod';
import type { PreformStockRow } from '@generated/model';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

interface FormValues {
  preformStock: string;
}

/** The entered text, trimmed; a number when it reads as one (decimal, optional sign), else the text itself. */
function parseAmount(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export interface FillStockDialogProps {
  /** Who fills: the admin's warehouse stock page or the operator's '/stock' page (different calls, same rules). */
  variant: 'admin' | 'operator';
  row: PreformStockRow;
  onClose: () => void;
}

/**
 * 'Fill preform stock' (part 2.2): persistent (no close on outside click or Escape), one right-aligned, trimmed
 * input, Save and Cancel. Sends method 'increase'; a successful save reloads the list and closes. A failed
 * save keeps the dialog open and says why. It is mounted only while open, so its validation state resets
 * whenever it hides.
 */
export default function FillStockDialog({ variant, row, onClose }: FillStockDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const schema = variant === 'admin' ? adminPreformStockFillPreformStockBody : operatorStockFillOperatorPreformStockBody;
  const toBody = (values: FormValues) => ({
    preformId: row.preformId,
    preformWarehouseId: row.preformWarehouseId,
    preformStock: parseAmount(values.preformStock),
    method: 'increase' as const,
  });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { preformStock: '' },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toBody }),
  });
  const options = {
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        const listKey =
          variant === 'admin' ? getAdminPreformStockGetPreformStockQueryKey()[0] : getOperatorStockGetOperatorPreformStockQueryKey()[0];
        await queryClient.invalidateQueries({ queryKey: [listKey] });
        onClose();
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error));
      },
    },
  };
  const adminFill = useAdminPreformStockFillPreformStock(options);
  const operatorFill = useOperatorStockFillOperatorPreformStock(options);
  const fill = variant === 'admin' ? adminFill : operatorFill;

  const submit = form.onSubmit(
    (values) => fill.mutate({ data: schema.parse(toBody(values)) }),
    onInvalidForm,
  );

  return (
    <Modal opened onClose={onClose} title={t`Fill preform stock`} closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {row.Preform.preformName} · {row.Preform.material} · {row.Preform.color} — {row.PreformWarehouse.warehouseName}
          </Text>
          <TextInput
            label={t`Preform stock`}
            required
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            styles={{ input: { textAlign: 'right' } }}
            {...form.getInputProps('preformStock')}
          />
          <SaveFailed error={fill.error} />
          <DialogActions onCancel={onClose} pending={fill.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
