import { Checkbox, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getOperatorAgendaGetAgendaQueryKey, useOperatorAgendaSaveProducedAmount } from '../../../../generated/web/endpoints/orders/orders';
import { operatorAgendaSaveProducedAmountBody } from '../../../../generated/web/zod/orders/orders.zod';
import type { AgendaItem } from '../../../../generated/web/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { formatNumber } from '../../components/format';
import { onInvalidForm } from '../../components/invalidForm';

const schema = operatorAgendaSaveProducedAmountBody.shape.item;

interface FormValues {
  producedAmount: number | string;
  isClosed: boolean;
}

/**
 * 'Update order item produced quantity' (part 2.2 spells it 'quanitity'; decisions.md corrects obvious label typos): the bottles produced so far for one item, 0 to
 * 99,999 (part 5, from the contract), and whether the item is finished. Sends the version read: a change made by
 * someone else meanwhile is refused (409), said, and the agenda reloads.
 */
export default function ProducedQuantityDialog({ item, onClose }: { item: AgendaItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toInput = (values: FormValues) => ({
    id: item.id,
    producedAmount: values.producedAmount === '' ? undefined : values.producedAmount,
    isClosed: values.isClosed,
    version: item.version,
  });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { producedAmount: item.producedAmount, isClosed: item.isClosed },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: [getOperatorAgendaGetAgendaQueryKey()[0]] });
  const save = useOperatorAgendaSaveProducedAmount({
    mutation: {
      meta: { silent: true },
      onSuccess: async (saved) => {
        notifications.show({ color: 'green', message: `${saved.ClientProductionOrder.orderNo}: ${formatNumber(saved.producedAmount)} produced.` });
        await reload();
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'item'));
        if (error instanceof ApiError && error.status === 409) void reload();
      },
    },
  });
  const submit = form.onSubmit(
    (values) => save.mutate({ data: { item: toInput(values) as { id: number; producedAmount: number; isClosed: boolean; version: number } } }),
    onInvalidForm,
  );

  return (
    <Modal opened onClose={onClose} title="Update order item produced quantity">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {item.ClientProductionOrder.orderNo} · {item.ClientProduct.productName} ({item.ClientProduct.articleNo}) · planned{' '}
            {formatNumber(item.plannedAmount)}
          </Text>
          <NumberInput
            label="Produced quantity"
            required
            data-autofocus
            thousandSeparator=","
            allowDecimal={false}
            hideControls
            styles={{ input: { textAlign: 'right' } }}
            {...form.getInputProps('producedAmount')}
          />
          <Checkbox label="Production of this item is finished (close it)" {...form.getInputProps('isClosed', { type: 'checkbox' })} />
          <SaveFailed error={save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
