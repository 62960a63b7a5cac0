import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAdminClientsSaveClientProduct } from '@generated/endpoints/clients/clients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminPreformsGetPreformSuppliersQueryOptions,
  getAdminPreformsGetPreformsQueryOptions,
  getAdminPreformsGetWarehousesQueryOptions,
} from '@generated/endpoints/preforms/preforms';
import { adminClientsSaveClientProductBody } from '@generated/zod/clients/clients.zod';
import type { ClientProduct, ClientSummary } from '@generated/model';
import { MESSAGES } from '../../api/messages';
import { zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useServerLookup } from '../../components/useServerLookup';
import { useInventorySave } from './useInventorySave';
import { machinesOf, preformText } from './clientInventory';
import { onInvalidForm } from '../../components/invalidForm';
import { numberInputSeparators } from '../../components/format';
import './catalogue';

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
  /** Planned run time per item in seconds (the OEE's performance rate); empty when not set. */
  plannedSecondsPerItem: number | string;
}

const schema = adminClientsSaveClientProductBody.shape.product;
/** The lookups show the first 20 by name, and search the server by name as the user types (there may be more than a page). */
const LOOKUP_PAGE = { page: 1, rowsPerPage: 20 as const };
const preformQuery = (filter: string) =>
  getAdminPreformsGetPreformsQueryOptions({ filter: filter || undefined, pagination: { ...LOOKUP_PAGE, sortBy: 'preformName' } });
const warehouseQuery = (filter: string) =>
  getAdminPreformsGetWarehousesQueryOptions({ filter: filter || undefined, pagination: { ...LOOKUP_PAGE, sortBy: 'warehouseName' } });
const preformOption = (preform: Parameters<typeof preformText>[0] & { id: number }) => ({ value: String(preform.id), label: preformText(preform) });
const warehouseOption = (warehouse: { id: number; warehouseName: string }) => ({ value: String(warehouse.id), label: warehouse.warehouseName });

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
    // Sent only when given: absent leaves the rate as it is (submit sends null when an existing rate is cleared).
    ...(values.plannedSecondsPerItem === '' ? {} : { plannedSecondsPerItem: Number(values.plannedSecondsPerItem) }),
  };
}

function valuesOf(product: ClientProduct | 'new'): FormValues {
  if (product === 'new') {
    return {
      productName: '',
      articleNo: '',
      altName: '',
      machineNames: [],
      preformId: null,
      preformWarehouseId: null,
      defaultSupplyId: null,
      scrapRate: '',
      preformScrapStart: '',
      preformScrapChangeOver: '',
      plannedSecondsPerItem: '',
    };
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
    plannedSecondsPerItem: product.plannedSecondsPerItem ?? '',
  };
}

/**
 * 'Product data' (New / Edit): title, article no., alternative name, machines (the client's FBs offered, others
 * may be typed), preform, warehouse, default supplier (a supplier of the chosen preform), scrap rate in percent
 * and the two scrap amounts. Required fields per part 5, checked with the contract's rules.
 */
export default function ProductDialog({ client, product, onClose }: { client: ClientSummary; product: ClientProduct | 'new'; onClose: () => void }) {
  const { t } = useLingui();
  const separators = numberInputSeparators();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(product),
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: (values) => toInput(values, client.id) }),
  });
  const queryClient = useQueryClient();
  const preforms = useServerLookup({
    query: preformQuery,
    option: preformOption,
    value: form.values.preformId,
    known: product === 'new' ? undefined : [preformOption({ ...product.Preform, id: product.preformId })],
    browse: true,
    what: t`preforms`,
  });
  const warehouses = useServerLookup({
    query: warehouseQuery,
    option: warehouseOption,
    value: form.values.preformWarehouseId,
    known:
      product === 'new' ? undefined : [warehouseOption({ id: product.preformWarehouseId, warehouseName: product.PreformWarehouse.warehouseName })],
    browse: true,
    what: t`warehouses`,
  });
  const preformId = id(form.values.preformId);
  const suppliers = useQuery({ ...getAdminPreformsGetPreformSuppliersQueryOptions({ preformId: preformId ?? 0 }), enabled: preformId != null });
  const supplierRows = preformId != null ? suppliers.data?.rows : undefined;
  const noSuppliers = supplierRows?.length === 0;
  const preformInput = form.getInputProps('preformId');
  /** Another preform has other suppliers: the default supplier is picked again, by itself when there is only one. */
  const choosePreform = async (value: string | null) => {
    preformInput.onChange(value);
    form.setFieldValue('defaultSupplyId', null);
    if (!value) return;
    const { rows } = await queryClient.fetchQuery(getAdminPreformsGetPreformSuppliersQueryOptions({ preformId: Number(value) }));
    if (rows.length === 1 && form.getValues().preformId === value) form.setFieldValue('defaultSupplyId', String(rows[0]!.id));
  };

  const save = useAdminClientsSaveClientProduct(
    useInventorySave({ message: product === 'new' ? t`Product added.` : t`Product saved.`, onClose, setErrors: form.setErrors, wrapper: 'product' }),
  );
  const submit = form.onSubmit((values) => {
    const parsed = schema.parse(toInput(values, client.id));
    const cleared = product !== 'new' && product.plannedSecondsPerItem != null && values.plannedSecondsPerItem === '';
    const input = cleared ? { ...parsed, plannedSecondsPerItem: null } : parsed;
    save.mutate({ data: { product: product === 'new' ? input : { ...input, id: product.id, version: product.version } } });
  }, onInvalidForm);

  const machineOptions = [...new Set([...client.fbs, ...form.values.machineNames])];
  const supplierOptions = (supplierRows ?? []).map((supply) => ({ value: String(supply.id), label: supply.Manufacturer.manufacturerName }));

  return (
    <Modal opened onClose={onClose} title={t`Product data`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Title`} required data-autofocus autoComplete="off" {...form.getInputProps('productName')} />
            <TextInput label={t`Article no.`} required autoComplete="off" {...form.getInputProps('articleNo')} />
          </SimpleGrid>
          <TextInput label={t`Alternative name`} autoComplete="off" {...form.getInputProps('altName')} />
          <TagsInput
            label={t`Machines`}
            required
            data={machineOptions}
            placeholder={t`Pick or type machine IDs`}
            {...form.getInputProps('machineNames')}
          />
          <Select
            label={t`Preform`}
            required
            placeholder={t`Search preforms`}
            {...preforms.props}
            {...preformInput}
            onChange={(value) => void choosePreform(value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t`Warehouse`}
              required
              placeholder={t`Search warehouses`}
              {...warehouses.props}
              {...form.getInputProps('preformWarehouseId')}
            />
            <Select
              label={t`Default supplier`}
              required
              disabled={preformId == null || noSuppliers}
              placeholder={preformId == null ? MESSAGES.selectPreformFirst : noSuppliers ? MESSAGES.noSuppliers : t`Pick a supplier`}
              data={supplierOptions}
              {...form.getInputProps('defaultSupplyId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <NumberInput
              label={t`Scrap rate %`}
              decimalScale={2}
              decimalSeparator={separators.decimalSeparator}
              min={0}
              max={100}
              hideControls
              {...form.getInputProps('scrapRate')}
            />
            <NumberInput
              label={t`Start scrap (preforms)`}
              allowDecimal={false}
              {...separators}
              min={0}
              hideControls
              {...form.getInputProps('preformScrapStart')}
            />
            <NumberInput
              label={t`Change-over scrap`}
              allowDecimal={false}
              {...separators}
              min={0}
              hideControls
              {...form.getInputProps('preformScrapChangeOver')}
            />
            <NumberInput
              label={t`Run time per item (s)`}
              description={t`Planned, for the OEE's performance`}
              decimalScale={3}
              decimalSeparator={separators.decimalSeparator}
              min={0}
              hideControls
              {...form.getInputProps('plannedSecondsPerItem')}
            />
          </SimpleGrid>
          <SaveFailed error={save.error instanceof ApiError && save.error.status === 400 ? null : save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
