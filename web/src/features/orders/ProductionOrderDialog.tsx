import '@mantine/dates/styles.css';
import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useClientPlannerSavePlannerItem } from '@generated/endpoints/orders/orders';
import {
  clientOrdersSaveOrderBodyOrderClientProductionOrderItemsItemPlannedAmountMin,
  clientPlannerSavePlannerItemBody,
} from '@generated/zod/orders/orders.zod';
import type { PlannerOrderItem } from '@generated/model';
import { ApiError } from '../../api/http';
import { MESSAGES, PLANNER_MESSAGES } from '../../api/messages';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { describeError } from '../../api/describeError';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { formatListDate, formatNumber, numberInputSeparators } from '../../components/format';
import { dayInputProps, isWeekend } from '../../components/dates';
import { minimumQuantity, parseDay, producedForQuantity } from './plannerCalendar';
import { useReloadPlanner } from './usePlanner';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

/** The contract's rules of the save ('Provide order number.', 'Pick a day.' from the catalogue). */
const schema = clientPlannerSavePlannerItemBody.shape.item;
/** The minimum order quantity: the contract's order item minimum (the planner's own floor depends on what is produced). */
const MOQ = clientOrdersSaveOrderBodyOrderClientProductionOrderItemsItemPlannedAmountMin;

interface FormValues {
  refProductionOrder: { orderNo: string };
  refProductionOrderItem: { dueDate: string | null; plannedAmount: number | string; machineName: string | null };
}

/** The API's own rule texts (a stale planner may not know the latest purchase date); the quantity's come from the catalogue. */
const SERVER_RULES = new Set(['max', 'weekday']);

/**
 * 'Add new production order' (part 2.4): 'Production order no', 'Deliver at' and Quantity of the seller's production
 * order item for a buyer's confirmed item; with a production order already referenced, the same fields edit it.
 * Part 5: the order number is required; the quantity at least 1000, or the amount already produced when that is
 * above 0 (plannerCalendar `minimumQuantity`, the API's rule mirrored; the API's 400 is shown through the catalogue);
 * 'Deliver at' a weekday not after the buyer order's purchase date. 'Machine' (only for a product made on several):
 * the one the item is planned on, which the stopped-machine banner lists it under. A failed save keeps the dialog open and
 * says why; a 409 (changed meanwhile) closes it, says so and reloads the planner.
 */
export default function ProductionOrderDialog({ item, mode, onClose }: { item: PlannerOrderItem; mode: 'add' | 'edit'; onClose: () => void }) {
  const { t } = useLingui();
  const reload = useReloadPlanner();
  const purchaseDate = item.ClientProductionOrder.purchaseDate;
  const minimum = minimumQuantity(item, MOQ);
  const producedFloor = producedForQuantity(item) > 0;
  const ref = mode === 'edit' ? item.refProductionOrderItem : null;
  const defaultDay = ref?.dueDate ?? (purchaseDate === null || item.dueDate <= purchaseDate ? item.dueDate : null);
  // A product made on one machine needs no choice (the banner takes its only machine); with several the seller picks one.
  const machines = item.productMachineNames ?? [];
  const choosesMachine = machines.length > 1;

  const toInput = (values: FormValues) => ({
    id: item.id,
    version: item.version,
    refProductionOrder: { orderNo: values.refProductionOrder.orderNo.trim() },
    refProductionOrderItem: {
      dueDate: values.refProductionOrderItem.dueDate ?? undefined,
      plannedAmount: values.refProductionOrderItem.plannedAmount === '' ? undefined : values.refProductionOrderItem.plannedAmount,
      ...(choosesMachine ? { machineName: values.refProductionOrderItem.machineName } : {}),
    },
  });
  const contract = zodValidate<FormValues>(schema, { transform: toInput });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      refProductionOrder: { orderNo: item.refProductionOrder?.orderNo ?? '' },
      refProductionOrderItem: { dueDate: defaultDay, plannedAmount: ref?.plannedAmount ?? item.plannedAmount, machineName: ref?.machineName ?? null },
    },
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = contract(values);
      const { dueDate, plannedAmount } = values.refProductionOrderItem;
      if (!errors['refProductionOrderItem.plannedAmount'] && plannedAmount !== '' && Number(plannedAmount) < minimum) {
        errors['refProductionOrderItem.plannedAmount'] = producedFloor ? PLANNER_MESSAGES.producedMinimum(minimum) : MESSAGES.moq;
      }
      if (!errors['refProductionOrderItem.dueDate'] && dueDate && purchaseDate && dueDate > purchaseDate) {
        errors['refProductionOrderItem.dueDate'] = PLANNER_MESSAGES.afterPurchaseDate(formatListDate(purchaseDate));
      }
      return errors;
    },
  });

  const save = useClientPlannerSavePlannerItem({
    mutation: {
      meta: { silent: true },
      onSuccess: async (saved) => {
        const order = saved.refProductionOrder?.orderNo ?? form.values.refProductionOrder.orderNo;
        const line = saved.refProductionOrderItem;
        const articleNo = saved.ClientProduct.articleNo;
        const quantity = line ? formatNumber(line.plannedAmount) : '';
        const day = line ? formatListDate(line.dueDate) : '';
        notifications.show({
          color: 'green',
          title: mode === 'add' ? t`Production order item added` : t`Production order item saved`,
          message: line ? t`${order}: ${articleNo}, ${quantity} at ${day}.` : t`${order}: ${articleNo}.`,
        });
        await reload();
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 409) {
          const reason = describeError(error);
          notifications.show({ color: 'red', role: 'alert', title: t`Not saved`, message: t`${reason} The planner was reloaded.` });
          void reload();
          onClose();
        } else if (error.status === 400) {
          const errors = problemFieldErrors(error, 'item');
          for (const issue of error.problem.errors ?? []) {
            if (SERVER_RULES.has(issue.code)) errors[issue.field.replace(/^item\./, '')] = issue.message;
          }
          form.setErrors(errors);
        }
      },
    },
  });
  const submit = form.onSubmit(
    (values) => save.mutate({ data: { item: schema.parse(toInput(values)) } }),
    onInvalidForm,
  );
  const title = mode === 'add' ? t`Add new production order` : t`Edit production order`;
  const { company, orderNo } = item.ClientProductionOrder;
  const { articleNo, productName } = item.ClientProduct;
  const client = company ?? t`Own order`;
  const planned = formatNumber(item.plannedAmount);
  const due = formatListDate(item.dueDate);
  const purchase = purchaseDate ? formatListDate(purchaseDate) : '';
  const minimumShown = formatNumber(minimum);
  const moqShown = formatNumber(MOQ);

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {purchaseDate
              ? t`${client} · ${orderNo} · ${articleNo} ${productName} · ${planned} due ${due} · purchase date ${purchase}`
              : t`${client} · ${orderNo} · ${articleNo} ${productName} · ${planned} due ${due}`}
          </Text>
          <TextInput label={t`Production order no`} required data-autofocus {...form.getInputProps('refProductionOrder.orderNo')} />
          <DateInput
            label={t`Deliver at`}
            required
            clearable
            {...dayInputProps()}
            firstDayOfWeek={1}
            excludeDate={isWeekend}
            maxDate={purchaseDate ?? undefined}
            dateParser={(text) => parseDay(text)}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('refProductionOrderItem.dueDate')}
          />
          <NumberInput
            label={t`Quantity`}
            required
            {...numberInputSeparators()}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            description={producedFloor ? t`At least ${minimumShown} (already produced)` : t`At least ${moqShown}`}
            {...form.getInputProps('refProductionOrderItem.plannedAmount')}
          />
          {choosesMachine && (
            <Select
              label={t`Machine`}
              placeholder={t`Not planned on a machine`}
              clearable
              // Mantine hides its clear button from assistive technology; named and exposed, a screen reader can clear too.
              clearButtonProps={{ 'aria-label': t`Clear machine`, 'aria-hidden': false }}
              data={machines}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('refProductionOrderItem.machineName')}
            />
          )}
          <SaveFailed error={save.error instanceof ApiError && save.error.status === 409 ? null : save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
