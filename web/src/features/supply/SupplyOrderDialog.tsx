import '@mantine/dates/styles.css';
import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { getAdminSupplyGetSupplyOrdersQueryKey, useAdminSupplySaveSupplyOrder } from '@generated/endpoints/supply/supply';
import {
  getAdminPreformsGetPreformSuppliersQueryKey,
  getAdminPreformsGetPreformsQueryOptions,
  getAdminPreformsGetWarehousesQueryOptions,
  useAdminPreformsGetPreformSuppliers,
} from '@generated/endpoints/preforms/preforms';
import { adminSupplySaveSupplyOrderBody } from '@generated/zod/supply/supply.zod';
import type { SupplyOrder } from '@generated/model';
import { MESSAGES } from '../../api/messages';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError, idempotencyKey } from '../../api/http';
import { preformLabel } from './supplyBoard';
import { DialogActions } from '../../components/DialogActions';
import { dayInputProps } from '../../components/dates';
import { useServerLookup } from '../../components/useServerLookup';
import { onInvalidForm } from '../../components/invalidForm';
import { numberInputSeparators } from '../../components/format';
import './catalogue';

interface FormValues {
  preformId: string | null;
  preformWarehouseId: string | null;
  preformSupplyId: string | null;
  dueDate: string | null;
  orderedAmount: number | string;
}

const schema = adminSupplySaveSupplyOrderBody.shape.Order;
/** Part 5: the preform and warehouse lookups search the server after 2 typed characters (part 9: 300 ms debounce). */
const preformQuery = (filter: string) => getAdminPreformsGetPreformsQueryOptions({ filter, pagination: { page: 1, rowsPerPage: 20, sortBy: 'preformName' } });
const warehouseQuery = (filter: string) => getAdminPreformsGetWarehousesQueryOptions({ filter });
const preformOption = (preform: Parameters<typeof preformLabel>[0] & { id: number }) => ({ value: String(preform.id), label: preformLabel(preform) });
const warehouseOption = (warehouse: { id: number; warehouseName: string }) => ({ value: String(warehouse.id), label: warehouse.warehouseName });

const id = (value: string | null) => (value ? Number(value) : undefined);
const amount = (value: number | string) => {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? undefined : text; // not a number: the catalogue says so
};
const toInput = (values: FormValues) => ({
  preformId: id(values.preformId),
  preformWarehouseId: id(values.preformWarehouseId),
  preformSupplyId: id(values.preformSupplyId),
  dueDate: values.dueDate ?? undefined,
  orderedAmount: amount(values.orderedAmount),
});

/**
 * 'Add supply order' / 'Edit supply order': preform and warehouse looked up on the server after 2 typed
 * characters, the preform's supplier (disabled until a preform is chosen), due date and ordered amount.
 * Validates on touch with the contract's rules; an invalid submit sends nothing; edit sends id and version.
 */
export default function SupplyOrderDialog({ order, onClose }: { order: SupplyOrder | 'new'; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const editing = order === 'new' ? null : order;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: editing
      ? {
          preformId: String(editing.preformId),
          preformWarehouseId: String(editing.preformWarehouseId),
          preformSupplyId: String(editing.preformSupplyId),
          dueDate: editing.dueDate,
          orderedAmount: editing.orderedAmount,
        }
      : { preformId: null, preformWarehouseId: null, preformSupplyId: null, dueDate: null, orderedAmount: '' },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
    onValuesChange: (values, previous) => {
      // Another preform has other suppliers: the chosen one no longer applies.
      if (values.preformId !== previous.preformId && values.preformSupplyId) form.setFieldValue('preformSupplyId', null);
    },
  });

  const preforms = useServerLookup({
    query: preformQuery,
    option: preformOption,
    value: form.values.preformId,
    known: editing ? [preformOption({ ...editing.Preform, id: editing.preformId })] : undefined,
    what: t`preforms`,
  });
  const warehouses = useServerLookup({
    query: warehouseQuery,
    option: warehouseOption,
    value: form.values.preformWarehouseId,
    known: editing ? [warehouseOption({ id: editing.preformWarehouseId, warehouseName: editing.PreformWarehouse.warehouseName })] : undefined,
    what: t`warehouses`,
  });

  // Suppliers of the chosen preform
  const preformId = id(form.values.preformId);
  const suppliersBody = { preformId: preformId ?? 0 };
  const suppliers = useAdminPreformsGetPreformSuppliers(suppliersBody, {
    query: { queryKey: getAdminPreformsGetPreformSuppliersQueryKey(suppliersBody), enabled: preformId != null },
  });
  const supplierRows = preformId != null ? suppliers.data?.rows : undefined;
  const noSuppliers = supplierRows?.length === 0;
  const supplierData = supplierRows?.map((supply) => ({ value: String(supply.id), label: supply.Manufacturer.manufacturerName })) ??
    (editing && preformId === editing.preformId
      ? [{ value: String(editing.preformSupplyId), label: editing.PreformSupply.Manufacturer.manufacturerName }]
      : []);
  useEffect(() => {
    // A preform with a single supplier: that is the supplier.
    if (supplierRows?.length === 1 && !form.getValues().preformSupplyId) form.setFieldValue('preformSupplyId', String(supplierRows[0]!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supplierRows]);

  const save = useAdminSupplySaveSupplyOrder({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: [getAdminSupplyGetSupplyOrdersQueryKey()[0]] });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'Order'));
      },
    },
  });

  const submit = form.onSubmit(
    (values) => {
      const input = schema.parse(toInput(values));
      save.mutate({
        data: {
          Order: editing
            ? { ...input, id: editing.id, version: editing.version, orderStatus: editing.orderStatus, clientProductionOrderId: editing.clientProductionOrderId }
            : { ...input, orderStatus: 'pending' },
        },
        headers: idempotencyKey(),
      });
    },
    onInvalidForm,
  );

  return (
    <Modal opened onClose={onClose} title={editing ? t`Edit supply order` : t`Add supply order`} size="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t`Preform`}
            placeholder={t`Search preforms`}
            required
            data-autofocus
            {...preforms.props}
            {...form.getInputProps('preformId')}
          />
          <Select
            label={t`Warehouse`}
            placeholder={t`Search warehouses`}
            required
            {...warehouses.props}
            {...form.getInputProps('preformWarehouseId')}
          />
          <Select
            label={t`Supplier`}
            required
            disabled={preformId == null || noSuppliers}
            placeholder={preformId == null ? MESSAGES.selectPreformFirst : noSuppliers ? MESSAGES.noSuppliers : t`Pick a supplier`}
            data={supplierData}
            {...form.getInputProps('preformSupplyId')}
          />
          <DateInput
            label={t`Due date`}
            required
            clearable
            {...dayInputProps()}
            firstDayOfWeek={1}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('dueDate')}
          />
          <NumberInput
            label={t`Ordered amount`}
            required
            {...numberInputSeparators()}
            allowDecimal={false}
            hideControls
            {...form.getInputProps('orderedAmount')}
          />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
