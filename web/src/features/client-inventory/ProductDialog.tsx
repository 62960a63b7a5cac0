import { useEffect } from 'react';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getAdminClientsGetClientProductsQueryKey, useAdminClientsSaveClientProduct } from '../../../../generated/web/endpoints/clients/clients';
import {
  getAdminPreformsGetPreformSuppliersQueryKey,
  useAdminPreformsGetPreformSuppliers,
  useAdminPreformsGetPreforms,
  useAdminPreformsGetWarehouses,
} from '../../../../generated/web/endpoints/preforms/preforms';
import { adminClientsSaveClientProductBody } from '../../../../generated/web/zod/clients/clients.zod';
import type { ClientProduct, ClientProductInput, ClientSummary } from '../../../../generated/web/model';
import { MESSAGES } from '../../api/messages';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { machinesOf, preformText } from './clientInventory';

interface FormValues {
  productName: string;
  articleNo: string;
  altName: string;
  machineNames: string[];
  preformId: string | null;
  preformWarehouseId: string | null;
  defaultSupplyId: string | null;
  /** Percent, two decimals (part 9); sent divided by 100, 0 when empty. */
  scrapRate: number | string;
  preformScrapStart: number | string;
  preformScrapChangeOver: number | string;
}

const schema = adminClientsSaveClientProductBody.shape.product;
/** The lookups list every preform and warehouse of the plant (a few dozen), searchable in the browser. */
const ALL = { page: 1, rowsPerPage: 100 as const };

const id = (value: string | null) => (value ? Number(value) : undefined);
const count = (value: number | string) => (value === '' ? 0 : value);

function toInput(values: FormValues, clientId: string) {
  return {
    clientId,
    productName: values.productName.trim(),
    articleNo: values.articleNo.trim(),
    altName: values.altName.trim() || null,
    machineNames: values.machineNames.join(','),
    preformId: id(values.preformId),
    preformWarehouseId: id(values.preformWarehouseId),
    defaultSupplyId: id(values.defaultSupplyId),
    scrapRate: values.scrapRate === '' ? 0 : Math.round(Number(values.scrapRate) * 100) / 10000,
    preformScrapStart: count(values.preformScrapStart),
    preformScrapChangeOver: count(values.preformScrapChangeOver),
  };
}

function valuesOf(product: ClientProduct | 'new'): FormValues {
  if (product === 'new') {
    return { productName: '', articleNo: '', altName: '', machineNames: [], preformId: null, preformWarehouseId: null, defaultSupplyId: null, scrapRate: '', preformScrapStart: '', preformScrapChangeOver: '' };
  }
  return {
    productName: product.productName,
    articleNo: product.articleNo,
    altName: product.altName ?? '',
    machineNames: machinesOf(product),
    preformId: String(product.preformId),
    preformWarehouseId: String(product.preformWarehouseId),
    defaultSupplyId: String(product.defaultSupplyId),
    scrapRate: Math.round(product.scrapRate * 10000) / 100,
    preformScrapStart: product.preformScrapStart,
    preformScrapChangeOver: product.preformScrapChangeOver,
  };
}

/**
 * 'Product data' (New / Edit): title, article no., alternative name, machines (the client's FBs offered, others
 * may be typed), preform, warehouse, default supplier (a supplier of the chosen preform), scrap rate in percent
 * and the two scrap amounts. Required fields per part 5, checked with the contract's rules.
 */
export default function ProductDialog({ client, product, onClose }: { client: ClientSummary; product: ClientProduct | 'new'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(product),
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: (values) => toInput(values, client.id) }),
    onValuesChange: (values, previous) => {
      // Another preform has other suppliers: the chosen one no longer applies.
      if (values.preformId !== previous.preformId && values.defaultSupplyId) form.setFieldValue('defaultSupplyId', null);
    },
  });
  const preforms = useAdminPreformsGetPreforms({ pagination: { ...ALL, sortBy: 'preformName' } });
  const warehouses = useAdminPreformsGetWarehouses({ pagination: { ...ALL, sortBy: 'warehouseName' } });
  const preformId = id(form.values.preformId);
  const suppliersBody = { preformId: preformId ?? 0 };
  const suppliers = useAdminPreformsGetPreformSuppliers(suppliersBody, {
    query: { queryKey: getAdminPreformsGetPreformSuppliersQueryKey(suppliersBody), enabled: preformId != null },
  });
  const supplierRows = preformId != null ? suppliers.data?.rows : undefined;
  const noSuppliers = supplierRows?.length === 0;
  useEffect(() => {
    // A preform with a single supplier: that is the default supplier.
    if (supplierRows?.length === 1 && !form.getValues().defaultSupplyId) form.setFieldValue('defaultSupplyId', String(supplierRows[0]!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supplierRows]);

  const save = useAdminClientsSaveClientProduct({
    mutation: {
      onSuccess: async () => {
        notifications.show({ color: 'green', message: product === 'new' ? 'Product added.' : 'Product saved.' });
        await queryClient.invalidateQueries({ queryKey: [getAdminClientsGetClientProductsQueryKey()[0]] });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'product'));
      },
    },
  });
  const submit = form.onSubmit(
    (values) => {
      const input = toInput(values, client.id) as ClientProductInput;
      save.mutate({ data: { product: product === 'new' ? input : { ...input, id: product.id, version: product.version } } });
    },
    () => console.info('Invalid!'),
  );

  const machineOptions = [...new Set([...client.fbs, ...form.values.machineNames])];
  const preformOptions = (preforms.data?.rows ?? []).map((preform) => ({ value: String(preform.id), label: preformText(preform) }));
  if (product !== 'new' && !preformOptions.some((option) => option.value === String(product.preformId))) {
    preformOptions.unshift({ value: String(product.preformId), label: preformText(product.Preform) });
  }
  const warehouseOptions = (warehouses.data?.rows ?? []).map((warehouse) => ({ value: String(warehouse.id), label: warehouse.warehouseName }));
  if (product !== 'new' && !warehouseOptions.some((option) => option.value === String(product.preformWarehouseId))) {
    warehouseOptions.unshift({ value: String(product.preformWarehouseId), label: product.PreformWarehouse.warehouseName });
  }
  const supplierOptions = (supplierRows ?? []).map((supply) => ({ value: String(supply.id), label: supply.Manufacturer.manufacturerName }));

  return (
    <Modal opened onClose={onClose} title="Product data" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Title" required data-autofocus autoComplete="off" {...form.getInputProps('productName')} />
            <TextInput label="Article no." required autoComplete="off" {...form.getInputProps('articleNo')} />
          </SimpleGrid>
          <TextInput label="Alternative name" autoComplete="off" {...form.getInputProps('altName')} />
          <TagsInput
            label="Machines"
            required
            data={machineOptions}
            placeholder="Pick or type machine IDs"
            {...form.getInputProps('machineNames')}
          />
          <Select label="Preform" required searchable data={preformOptions} nothingFoundMessage="No preform found" {...form.getInputProps('preformId')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Warehouse" required searchable data={warehouseOptions} nothingFoundMessage="No warehouse found" {...form.getInputProps('preformWarehouseId')} />
            <Select
              label="Default supplier"
              required
              disabled={preformId == null || noSuppliers}
              placeholder={preformId == null ? MESSAGES.selectPreformFirst : noSuppliers ? MESSAGES.noSuppliers : 'Pick a supplier'}
              data={supplierOptions}
              {...form.getInputProps('defaultSupplyId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label="Scrap rate %" decimalScale={2} min={0} max={100} hideControls {...form.getInputProps('scrapRate')} />
            <NumberInput label="Preform scrap at start" allowDecimal={false} thousandSeparator="," min={0} hideControls {...form.getInputProps('preformScrapStart')} />
            <NumberInput label="Preform scrap at change-over" allowDecimal={false} thousandSeparator="," min={0} hideControls {...form.getInputProps('preformScrapChangeOver')} />
          </SimpleGrid>
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
