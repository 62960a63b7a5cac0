import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Divider, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { DataTable } from 'mantine-datatable';
import { IconPlus } from '@tabler/icons-react';
import { useAdminClientsGetProductPrices, useAdminClientsSaveProductPrice } from '@generated/endpoints/clients/clients';
import { adminClientsSaveProductPriceBody } from '@generated/zod/clients/clients.zod';
import type { ClientProduct, ProductPrice } from '@generated/model';
import { zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { QueryError } from '../../components/QueryError';
import { now } from '../../components/clock';
import { addDays, DAY_FORMAT, isoDay, shiftMonth } from '../../components/dates';
import { formatListDate } from '../../components/format';
import { formatPrice } from './clientInventory';
import { onInvalidForm } from '../../components/invalidForm';

interface FormValues {
  unitPrice: number | string;
  validFrom: string | null;
  validTo: string | null;
}

const schema = adminClientsSaveProductPriceBody.shape.price;

/** Part 5: a new price defaults to next month's full period. */
export function nextMonthPeriod(today = now()): { validFrom: string; validTo: string } {
  const validFrom = shiftMonth(isoDay(today), 1);
  return { validFrom, validTo: addDays(shiftMonth(validFrom, 1), -1) };
}

const valuesOf = (price: ProductPrice | 'new'): FormValues =>
  price === 'new' ? { unitPrice: '', ...nextMonthPeriod() } : { unitPrice: price.unitPrice, validFrom: price.validFrom, validTo: price.validTo };

/** The price editor below the list: a new price or the clicked one. */
function PriceForm({ product, price, onDone }: { product: ClientProduct; price: ProductPrice | 'new'; onDone: () => void }) {
  const toInput = (values: FormValues) => ({
    ...(price === 'new' ? {} : { id: price.id, version: price.version }),
    unitPrice: values.unitPrice === '' ? undefined : values.unitPrice,
    validFrom: values.validFrom ?? undefined,
    validTo: values.validTo ?? undefined,
    clientProductId: product.id,
    clientId: product.clientId,
  });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(price),
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });
  const save = useAdminClientsSaveProductPrice(useInventorySave({ message: 'Price saved.', onClose: onDone, setErrors: form.setErrors, wrapper: 'price' }));
  // The API's period rules (no overlap with another price, the end not before the start) carry their own words.
  const ruleMessage = save.error instanceof ApiError ? save.error.problem.errors?.find((issue) => issue.code !== 'required')?.message : undefined;
  const submit = form.onSubmit(
    (values) => save.mutate({ data: { price: schema.parse(toInput(values)) } }),
    onInvalidForm,
  );

  return (
    <form onSubmit={submit} noValidate aria-label={price === 'new' ? 'New price' : 'Edit price'}>
      <Stack gap="sm">
        <Title order={5}>{price === 'new' ? 'New price' : 'Edit price'}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Unit price @1k" required decimalScale={2} min={0} hideControls data-autofocus {...form.getInputProps('unitPrice')} />
          <DatePickerInput label="Valid from" required valueFormat={DAY_FORMAT} firstDayOfWeek={1} {...form.getInputProps('validFrom')} />
          <DatePickerInput label="Valid to" required valueFormat={DAY_FORMAT} firstDayOfWeek={1} {...form.getInputProps('validTo')} />
        </SimpleGrid>
        {ruleMessage ? (
          <SaveFailed error={null} message={ruleMessage} />
        ) : (
          <SaveFailed error={save.error} />
        )}
        <DialogActions onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/**
 * 'Product prices': the product's price periods (newest first; the one valid today named above), a click on
 * one edits it, 'New price' proposes next month's full period. Allowed for buyer-type clients too.
 */
export default function PricesDialog({ product, onClose }: { product: ClientProduct; onClose: () => void }) {
  const body = { clientProductId: product.id, clientId: product.clientId };
  const prices = useAdminClientsGetProductPrices(body);
  const [editing, setEditing] = useState<ProductPrice | 'new' | null>(null);
  const current = prices.data?.currentPrice;

  return (
    <Modal opened onClose={onClose} title="Product prices" size="lg">
      <Stack>
        <Group justify="space-between">
          <Text size="sm">
            {product.articleNo} · {product.productName}
            <br />
            <Text span c="dimmed" size="sm">
              {current
                ? `Current price @1k: ${formatPrice(current.unitPrice)} (${formatListDate(current.validFrom)} – ${formatListDate(current.validTo)})`
                : 'No price valid today.'}
            </Text>
          </Text>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing('new')} disabled={editing !== null}>
            New price
          </Button>
        </Group>
        {prices.isError ? (
          <QueryError error={prices.error} onRetry={() => void prices.refetch()} />
        ) : (
          <DataTable<ProductPrice>
            withTableBorder
            striped
            highlightOnHover
            minHeight={120}
            fetching={prices.isFetching}
            records={prices.data?.rows ?? []}
            noRecordsText="No prices yet. Use New price to add one."
            onRowClick={({ record }) => setEditing(record)}
            rowStyle={() => ({ cursor: 'pointer' })}
            columns={[
              { accessor: 'unitPrice', title: 'Unit price @1k', textAlign: 'right', render: (row) => formatPrice(row.unitPrice) },
              { accessor: 'validFrom', title: 'Valid from', render: (row) => formatListDate(row.validFrom) },
              { accessor: 'validTo', title: 'Valid to', render: (row) => formatListDate(row.validTo) },
            ]}
          />
        )}
        {editing && (
          <>
            <Divider />
            <PriceForm key={editing === 'new' ? 'new' : editing.id} product={product} price={editing} onDone={() => setEditing(null)} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
