import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Modal, NumberInput, Select, Stack, type ComboboxItem } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { getAdminSupplyGetSupplyOrdersQueryKey, useAdminSupplySaveSupplyOrder } from '../../../../generated/web/endpoints/supply/supply';
import {
  getAdminPreformsGetPreformSuppliersQueryKey,
  getAdminPreformsGetPreformsQueryKey,
  getAdminPreformsGetWarehousesQueryKey,
  useAdminPreformsGetPreformSuppliers,
  useAdminPreformsGetPreforms,
  useAdminPreformsGetWarehouses,
} from '../../../../generated/web/endpoints/preforms/preforms';
import { adminSupplySaveSupplyOrderBody } from '../../../../generated/web/zod/supply/supply.zod';
import type { SupplyOrder, SupplyOrderInput } from '../../../../generated/web/model';
import { MESSAGES } from '../../api/messages';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError, idempotencyKey } from '../../api/http';
import { preformLabel } from './supplyBoard';
import { DialogActions } from '../../components/DialogActions';

interface FormValues {
  preformId: string | null;
  preformWarehouseId: string | null;
  preformSupplyId: string | null;
  dueDate: string | null;
  orderedAmount: number | string;
}

const schema = adminSupplySaveSupplyOrderBody.shape.Order;
/** Part 9: filter lookups start at 2 characters, after the 300 ms search debounce. */
const LOOKUP_MIN = 2;
const LOOKUP_DEBOUNCE = 300;

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

/** Typed dates: the pickers' MM.DD.YYYY (part 9), or YYYY-MM-DD. */
function parseDate(text: string): string | null {
  const us = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text);
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** Options found by a server lookup, keeping the chosen option even when the latest answer no longer has it. */
function useLookupOptions(found: ComboboxItem[] | undefined, initial: ComboboxItem | null) {
  const [known, setKnown] = useState<Map<string, ComboboxItem>>(() => new Map(initial ? [[initial.value, initial]] : []));
  useEffect(() => {
    if (!found?.length) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const option of found) next.set(option.value, option);
      return next;
    });
  }, [found]);
  return (value: string | null) => {
    const chosen = value ? known.get(value) : undefined;
    const options = found ?? [];
    return chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  };
}

const serverFiltered = ({ options }: { options: ComboboxItem[] | unknown[] }) => options as ComboboxItem[];

/**
 * 'Add supply order' / 'Edit supply order': preform and warehouse looked up on the server after 2 typed
 * characters, the preform's supplier (disabled until a preform is chosen), due date and ordered amount.
 * Validates on touch with the contract's rules; an invalid submit sends nothing; edit sends id and version.
 */
export default function SupplyOrderDialog({ order, onClose }: { order: SupplyOrder | 'new'; onClose: () => void }) {
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

  // Preform lookup
  const [preformSearch, setPreformSearch] = useState('');
  const [preformFilter] = useDebouncedValue(preformSearch.trim(), LOOKUP_DEBOUNCE);
  const preformBody = { filter: preformFilter, pagination: { page: 1, rowsPerPage: 20 as const, sortBy: 'preformName' as const } };
  const preforms = useAdminPreformsGetPreforms(preformBody, {
    query: { queryKey: getAdminPreformsGetPreformsQueryKey(preformBody), enabled: preformFilter.length >= LOOKUP_MIN, placeholderData: keepPreviousData },
  }).data;
  const preformOptions = useLookupOptions(
    useMemo(() => preforms?.rows.map((preform) => ({ value: String(preform.id), label: preformLabel(preform) })), [preforms]),
    editing ? { value: String(editing.preformId), label: preformLabel(editing.Preform) } : null,
  );

  // Warehouse lookup
  const [warehouseSearch, setWarehouseSearch] = useState('');
  const [warehouseFilter] = useDebouncedValue(warehouseSearch.trim(), LOOKUP_DEBOUNCE);
  const warehouseBody = { filter: warehouseFilter };
  const warehouses = useAdminPreformsGetWarehouses(warehouseBody, {
    query: { queryKey: getAdminPreformsGetWarehousesQueryKey(warehouseBody), enabled: warehouseFilter.length >= LOOKUP_MIN, placeholderData: keepPreviousData },
  }).data;
  const warehouseOptions = useLookupOptions(
    useMemo(() => warehouses?.rows.map((warehouse) => ({ value: String(warehouse.id), label: warehouse.warehouseName })), [warehouses]),
    editing ? { value: String(editing.preformWarehouseId), label: editing.PreformWarehouse.warehouseName } : null,
  );

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
      const input = toInput(values) as SupplyOrderInput;
      save.mutate({
        data: {
          Order: editing
            ? { ...input, id: editing.id, version: editing.version, orderStatus: editing.orderStatus, clientProductionOrderId: editing.clientProductionOrderId }
            : { ...input, orderStatus: 'pending' },
        },
        headers: idempotencyKey(),
      });
    },
    () => console.info('Invalid!'),
  );

  const lookupMessage = (search: string, what: string) => (search.trim().length < LOOKUP_MIN ? `Type at least ${LOOKUP_MIN} characters` : `No ${what} found`);

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit supply order' : 'Add supply order'} size="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Preform"
            placeholder="Search preforms"
            required
            searchable
            data-autofocus
            data={preformOptions(form.values.preformId)}
            filter={serverFiltered}
            searchValue={preformSearch}
            onSearchChange={setPreformSearch}
            nothingFoundMessage={lookupMessage(preformSearch, 'preforms')}
            {...form.getInputProps('preformId')}
          />
          <Select
            label="Warehouse"
            placeholder="Search warehouses"
            required
            searchable
            data={warehouseOptions(form.values.preformWarehouseId)}
            filter={serverFiltered}
            searchValue={warehouseSearch}
            onSearchChange={setWarehouseSearch}
            nothingFoundMessage={lookupMessage(warehouseSearch, 'warehouses')}
            {...form.getInputProps('preformWarehouseId')}
          />
          <Select
            label="Supplier"
            required
            disabled={preformId == null || noSuppliers}
            placeholder={preformId == null ? MESSAGES.selectPreformFirst : noSuppliers ? MESSAGES.noSuppliers : 'Pick a supplier'}
            data={supplierData}
            {...form.getInputProps('preformSupplyId')}
          />
          <DateInput
            label="Due date"
            required
            clearable
            valueFormat="MM.DD.YYYY"
            placeholder="MM.DD.YYYY"
            firstDayOfWeek={1}
            dateParser={parseDate}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('dueDate')}
          />
          <NumberInput
            label="Ordered amount"
            required
            thousandSeparator=","
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
