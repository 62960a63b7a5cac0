import { t } from '@lingui/core/macro';
import { Modal, MultiSelect, NumberInput, Pill, Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { getAdminPreformsGetPreformsQueryKey, useAdminPreformsSavePreform } from '@generated/endpoints/preforms/preforms';
import { getManufacturersGetManufacturersQueryOptions } from '@generated/endpoints/manufacturers/manufacturers';
import { adminPreformsSavePreformBody } from '@generated/zod/preforms/preforms.zod';
import { Color, Material, Neck, type Preform } from '@generated/model';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { useServerLookup } from '../../components/useServerLookup';
import { onInvalidForm } from '../../components/invalidForm';
import { numberInputSeparators } from '../../components/format';
import './catalogue';

interface FormValues {
  preformName: string;
  neck: string | null;
  material: string | null;
  color: string | null;
  weight: number | string;
  qtyPerBox: number | string;
  PreformSuppliesSelected: string[];
}

const schema = adminPreformsSavePreformBody.shape.preform;
const NECKS = Object.values(Neck);
const MATERIALS = Object.values(Material);
const COLORS = Object.values(Color);
/** Part 9: a new preform starts as PET, Clear, PCO1810. */
const NEW: FormValues = { preformName: '', neck: Neck.PCO1810, material: Material.PET, color: Color.Clear, weight: '', qtyPerBox: '', PreformSuppliesSelected: [] };

const trimmedNumber = (value: number | string) => {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text;
};
const toInput = (values: FormValues) => ({
  preformName: values.preformName.trim(),
  neck: values.neck ?? undefined,
  material: values.material ?? undefined,
  color: values.color ?? undefined,
  weight: trimmedNumber(values.weight),
  qtyPerBox: trimmedNumber(values.qtyPerBox),
  PreformSuppliesSelected: values.PreformSuppliesSelected.map(Number),
});

/** Manufacturers by name: the first 20, or those whose name contains the typed text (searched on the server). */
const manufacturersQuery = (filter: string) =>
  getManufacturersGetManufacturersQueryOptions({ filter: filter || undefined, pagination: { page: 1, rowsPerPage: 20, sortBy: 'manufacturerName' } });

/** Suppliers that client products use, with those products: they stay selected (the API refuses too). */
function lockedSuppliers(preform: Preform | 'new') {
  const locked = new Map<string, string>();
  if (preform === 'new') return locked;
  for (const supply of preform.PreformSupplies) {
    if (supply.ClientProducts.length > 0) {
      locked.set(String(supply.manufacturerId), supply.ClientProducts.map((product) => `${product.articleNo} ${product.productName}`).join(', '));
    }
  }
  return locked;
}

/** A supplier that client products use, in its pill's tooltip, name and remove button. */
const lockedReason = (products: string) => t`Used by client products (${products}): cannot be removed.`;
const lockedLabel = (supplier: string) => t`${supplier} (in use by client products)`;
const removeLabel = (supplier: string) => t`Remove ${supplier}`;

/**
 * 'New preform' / 'Edit preform': name, neck, material, color, weight, qtyPerBox and the suppliers (manufacturers,
 * at least one). Validates on touch with the contract's rules; name and numbers are trimmed; keeps the input
 * when saving fails.
 */
export default function PreformDialog({ preform, onClose }: { preform: Preform | 'new'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const locked = lockedSuppliers(preform);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues:
      preform === 'new'
        ? NEW
        : {
            preformName: preform.preformName,
            neck: preform.neck,
            material: preform.material,
            color: preform.color,
            weight: preform.weight,
            qtyPerBox: preform.qtyPerBox,
            PreformSuppliesSelected: preform.PreformSupplies.map((supply) => String(supply.manufacturerId)),
          },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const suppliers = useServerLookup({
    query: manufacturersQuery,
    // Suppliers in use by client products are shown but cannot be deselected.
    option: (manufacturer: { id: number; manufacturerName: string }) => ({
      value: String(manufacturer.id),
      label: manufacturer.manufacturerName,
      disabled: locked.has(String(manufacturer.id)),
    }),
    value: form.values.PreformSuppliesSelected,
    // The preform's current suppliers keep their names whatever the search shows.
    known: preform === 'new' ? undefined : preform.PreformSupplies.map((supply) => ({ value: String(supply.manufacturerId), label: supply.Manufacturer.manufacturerName, disabled: locked.has(String(supply.manufacturerId)) })),
    browse: true,
    what: t`manufacturers`,
  });
  const save = useAdminPreformsSavePreform({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: [getAdminPreformsGetPreformsQueryKey()[0]] });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'preform'));
      },
    },
  });

  const suppliersInput = form.getInputProps('PreformSuppliesSelected');

  const submit = form.onSubmit(
    (values) => {
      const input = schema.parse(toInput(values));
      save.mutate({ data: { preform: preform === 'new' ? input : { ...input, id: preform.id, version: preform.version } } });
    },
    onInvalidForm,
  );

  return (
    <Modal opened onClose={onClose} title={preform === 'new' ? t`New preform` : t`Edit preform`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('preformName')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label={t`Neck`} required data={NECKS} allowDeselect={false} {...form.getInputProps('neck')} />
            <Select label={t`Material`} required data={MATERIALS} allowDeselect={false} {...form.getInputProps('material')} />
            <Select label={t`Color`} required data={COLORS} allowDeselect={false} {...form.getInputProps('color')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t`Weight (g)`} required decimalScale={2} decimalSeparator={numberInputSeparators().decimalSeparator} min={0} hideControls {...form.getInputProps('weight')} />
            <NumberInput label={t`Quantity per box`} required allowDecimal={false} {...numberInputSeparators()} min={0} hideControls {...form.getInputProps('qtyPerBox')} />
          </SimpleGrid>
          <MultiSelect
            label={t`Suppliers`}
            required
            placeholder={t`Search manufacturers`}
            {...suppliers.props}
            {...suppliersInput}
            // Suppliers in use by client products cannot be deselected: they are always kept.
            onChange={(value: string[]) => suppliersInput.onChange([...new Set([...locked.keys(), ...value])])}
            renderPill={({ option, value, onRemove, disabled }) => {
              const reason = locked.get(String(value));
              const label = option?.label ?? String(value);
              return reason ? (
                <Tooltip label={lockedReason(reason)} multiline maw={320} withinPortal>
                  <Pill aria-label={lockedLabel(label)}>
                    <IconLock size={10} style={{ marginRight: 4 }} aria-hidden />
                    {label}
                  </Pill>
                </Tooltip>
              ) : (
                <Pill withRemoveButton={!disabled} onRemove={onRemove} removeButtonProps={{ 'aria-label': removeLabel(label) }}>
                  {label}
                </Pill>
              );
            }}
          />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
