import '@mantine/dates/styles.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Fieldset, Group, Input, Modal, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { useClientOrdersGetOrderableProducts } from '@generated/endpoints/orders/orders';
import { clientOrdersSaveOrderBody } from '@generated/zod/orders/orders.zod';
import type { OrderableProduct } from '@generated/model';
import { zodValidate } from '../../api/validation';
import { QueryError } from '../../components/QueryError';
import { dayInputProps, DELIVER_AT_FORMAT, isWeekend, shownDayFormat } from '../../components/dates';
import { numberInputSeparators } from '../../components/format';
import { firstOrderDay, parseOrderDay, type DraftItem } from './orderItems';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

interface FormValues {
  dueDate: string | null;
  clientProductId: number | null;
  plannedAmount: number | string;
  isBuyerConfirmed: boolean;
}

/** The contract's rules for one order line: 'Pick a day.', 'Pick one item.', 'MOQ - 1000.' come from the catalogue. */
const schema = clientOrdersSaveOrderBody.shape.Order.shape.ClientProductionOrderItems.element;

const toInput = (values: FormValues) => ({
  clientProductId: values.clientProductId ?? undefined,
  dueDate: values.dueDate ?? undefined,
  plannedAmount:
    typeof values.plannedAmount === 'number' ? values.plannedAmount : values.plannedAmount.trim() === '' ? undefined : values.plannedAmount,
});

type ProductRow = Pick<OrderableProduct, 'id' | 'articleNo' | 'productName'>;

/**
 * 'Add new item to order': 'Deliver at' (YYYY-MM-DD, Monday first, weekends and days before last week unavailable),
 * for buyers 'Confirmed' 'By buyer' and 'By seller' (read-only), 'Item to produce' (one of the products the client may
 * order), Quantity (whole bottles, thousands separators). 'Proceed' hands the item back to the order; nothing is saved
 * until 'Save order'. The whole dialog is disabled when the item has an invoice.
 */
export default function OrderItemDialog({
  item,
  isBuyer,
  onProceed,
  onClose,
}: {
  item: DraftItem | 'new';
  isBuyer: boolean;
  onProceed: (item: DraftItem) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const existing = item === 'new' ? null : item;
  const locked = existing?.hasInvoice ?? false;
  const products = useClientOrdersGetOrderableProducts();
  const [search, setSearch] = useState('');
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: existing
      ? {
          dueDate: existing.dueDate,
          clientProductId: existing.clientProductId,
          plannedAmount: existing.plannedAmount,
          isBuyerConfirmed: existing.isBuyerConfirmed,
        }
      : { dueDate: null, clientProductId: null, plannedAmount: '', isBuyerConfirmed: false },
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: toInput }),
  });

  // The item's own product stays choosable even when it is no longer among the orderable ones.
  const rows: ProductRow[] = [...(products.data ?? [])];
  if (existing && !rows.some((product) => product.id === existing.clientProductId)) {
    rows.unshift({ id: existing.clientProductId, ...existing.ClientProduct });
  }
  const term = search.trim().toLowerCase();
  const shown = term ? rows.filter((product) => `${product.articleNo} ${product.productName}`.toLowerCase().includes(term)) : rows;
  const chosen = rows.find((product) => product.id === form.values.clientProductId);
  const choose = (product: ProductRow) => {
    if (locked) return;
    form.setFieldValue('clientProductId', product.id);
    form.validateField('clientProductId');
  };
  // Changing the date clears the seller's confirmation (part 4); the API does the same when it is saved.
  const sellerConfirmed = Boolean(existing?.isSellerConfirmed && form.values.dueDate === existing.dueDate);

  const submit = form.onSubmit(
    (values) => {
      const product = chosen!;
      onProceed({
        key: existing?.key ?? `new-${crypto.randomUUID()}`,
        id: existing?.id,
        version: existing?.version,
        clientProductId: product.id,
        ClientProduct: { articleNo: product.articleNo, productName: product.productName },
        dueDate: values.dueDate!,
        plannedAmount: Number(values.plannedAmount),
        producedAmount: existing?.producedAmount ?? 0,
        isBuyerConfirmed: values.isBuyerConfirmed,
        isSellerConfirmed: sellerConfirmed,
        hasInvoice: existing?.hasInvoice ?? false,
        isClosed: existing?.isClosed ?? false,
        refProductionOrderItem: existing?.refProductionOrderItem ?? null,
      });
    },
    onInvalidForm,
  );
  const productError = form.errors.clientProductId;

  return (
    <Modal opened onClose={onClose} title={t`Add new item to order`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {locked && (
            <Alert color="gray" icon={<IconLock size={16} />}>
              <Trans>This item has an invoice: it cannot be changed.</Trans>
            </Alert>
          )}
          <Fieldset variant="unstyled" disabled={locked}>
            <Stack>
              <DateInput
                label={t`Deliver at`}
                required
                clearable
                valueFormat={shownDayFormat(DELIVER_AT_FORMAT)}
                placeholder={dayInputProps(DELIVER_AT_FORMAT).placeholder}
                firstDayOfWeek={1}
                minDate={firstOrderDay()}
                excludeDate={isWeekend}
                dateParser={(text) => parseOrderDay(text)}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('dueDate')}
              />
              {isBuyer && (
                <Input.Wrapper label={t`Confirmed`}>
                  <Group mt={4}>
                    <Checkbox label={t`By buyer`} {...form.getInputProps('isBuyerConfirmed', { type: 'checkbox' })} />
                    <Checkbox label={t`By seller`} checked={sellerConfirmed} readOnly disabled />
                  </Group>
                </Input.Wrapper>
              )}
              <Input.Wrapper label={t`Item to produce`} required error={productError}>
                <Stack gap="xs" mt={4}>
                  <TextInput
                    aria-label={t`Search products`}
                    placeholder={t`Search article no. or title`}
                    leftSection={<IconSearch size={14} />}
                    value={search}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                  />
                  {products.isError ? (
                    <QueryError error={products.error} onRetry={() => void products.refetch()} />
                  ) : (
                    <DataTable<ProductRow>
                      aria-label={t`Item to produce`}
                      withTableBorder
                      highlightOnHover
                      height={220}
                      minHeight={120}
                      fetching={products.isLoading}
                      records={shown}
                      noRecordsText={term ? t`No product matches` : t`No products to order`}
                      onRowClick={({ record }) => choose(record)}
                      rowStyle={(product) => ({
                        cursor: locked ? 'default' : 'pointer',
                        ...(product.id === form.values.clientProductId ? { backgroundColor: 'var(--mantine-color-blue-light)' } : {}),
                      })}
                      customRowAttributes={(product) => ({ 'aria-selected': product.id === form.values.clientProductId })}
                      columns={[
                        {
                          accessor: 'select',
                          title: '',
                          width: 40,
                          render: (product) => (
                            <Radio
                              aria-label={`${product.articleNo} ${product.productName}`}
                              name="clientProductId"
                              checked={product.id === form.values.clientProductId}
                              onChange={() => choose(product)}
                              onClick={(event) => event.stopPropagation()}
                            />
                          ),
                        },
                        { accessor: 'articleNo', title: t`Article no.` },
                        { accessor: 'productName', title: t`Title` },
                      ]}
                    />
                  )}
                  {chosen && <ChosenProduct articleNo={chosen.articleNo} productName={chosen.productName} />}
                </Stack>
              </Input.Wrapper>
              <NumberInput
                label={t`Quantity`}
                required
                thousandSeparator={numberInputSeparators().thousandSeparator}
                decimalSeparator={numberInputSeparators().decimalSeparator}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps('plannedAmount')}
              />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={locked} onMouseDown={(event) => event.preventDefault()}>
              <Trans>Proceed</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ChosenProduct({ articleNo, productName }: { articleNo: string; productName: string }) {
  return (
    <Text size="sm" c="dimmed">
      <Trans>
        Chosen: {articleNo} {productName}
      </Trans>
    </Text>
  );
}
