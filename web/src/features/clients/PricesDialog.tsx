import '@mantine/dates/styles.css';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { addDays, DAY_FORMAT, isoDay, shiftMonth, shownDayFormat } from '../../components/dates';
import { formatListDate, numberInputSeparators } from '../../components/format';
import { formatPrice } from './clientInventory';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

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
  const { t } = useLingui();
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
  const save = useAdminClientsSaveProductPrice(
    useInventorySave({ message: t`Price saved.`, onClose: onDone, setErrors: form.setErrors, wrapper: 'price' }),
  );
  // The API's period rules (no overlap with another price, the end not before the start) carry their own words.
  const ruleMessage = save.error instanceof ApiError ? save.error.problem.errors?.find((issue) => issue.code !== 'required')?.message : undefined;
  const submit = form.onSubmit((values) => save.mutate({ data: { price: schema.parse(toInput(values)) } }), onInvalidForm);

  return (
    <form onSubmit={submit} noValidate aria-label={price === 'new' ? t`New price` : t`Edit price`}>
      <Stack gap="sm">
        <Title order={5}>{price === 'new' ? t`New price` : t`Edit price`}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t`Unit price @1k`}
            required
            decimalScale={2}
            {...numberInputSeparators()}
            min={0}
            hideControls
            data-autofocus
            {...form.getInputProps('unitPrice')}
          />
          <DatePickerInput
            label={t`Valid from`}
            required
            valueFormat={shownDayFormat(DAY_FORMAT)}
            firstDayOfWeek={1}
            {...form.getInputProps('validFrom')}
          />
          <DatePickerInput
            label={t`Valid to`}
            required
            valueFormat={shownDayFormat(DAY_FORMAT)}
            firstDayOfWeek={1}
            {...form.getInputProps('validTo')}
          />
        </SimpleGrid>
        {ruleMessage ? <SaveFailed error={null} message={ruleMessage} /> : <SaveFailed error={save.error} />}
        <DialogActions onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/** The price valid today, with its period. */
function CurrentPrice({ price }: { price: Pick<ProductPrice, 'unitPrice' | 'validFrom' | 'validTo'> }) {
  const unitPrice = formatPrice(price.unitPrice);
  const from = formatListDate(price.validFrom);
  const to = formatListDate(price.validTo);
  return (
    <Trans>
      Current price @1k: {unitPrice} ({from} – {to})
    </Trans>
  );
}

/**
 * 'Product prices': the product's price periods (newest first; the one valid today named above), a click on
 * one edits it, 'New price' proposes next month's full period. Allowed for buyer-type clients too.
 */
export default function PricesDialog({ product, onClose }: { product: ClientProduct; onClose: () => void }) {
  const { t } = useLingui();
  const body = { clientProductId: product.id, clientId: product.clientId };
  const prices = useAdminClientsGetProductPrices(body);
  const [editing, setEditing] = useState<ProductPrice | 'new' | null>(null);
  const current = prices.data?.currentPrice;

  return (
    <Modal opened onClose={onClose} title={t`Product prices`} size="lg">
      <Stack>
        <Group justify="space-between">
          <Text size="sm">
            {product.articleNo} · {product.productName}
            <br />
            <Text span c="dimmed" size="sm">
              {current ? <CurrentPrice price={current} /> : t`No price valid today.`}
            </Text>
          </Text>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing('new')} disabled={editing !== null}>
            <Trans>New price</Trans>
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
            noRecordsText={t`No prices yet. Use New price to add one.`}
            onRowClick={({ record }) => setEditing(record)}
            rowStyle={() => ({ cursor: 'pointer' })}
            columns={[
              { accessor: 'unitPrice', title: t`Unit price @1k`, textAlign: 'right', render: (row) => formatPrice(row.unitPrice) },
              { accessor: 'validFrom', title: t`Valid from`, render: (row) => formatListDate(row.validFrom) },
              { accessor: 'validTo', title: t`Valid to`, render: (row) => formatListDate(row.validTo) },
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
