import { lazy, Suspense, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Breadcrumbs, Button, Checkbox, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconDeviceFloppy, IconHistory, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  getClientOrdersGetOrderQueryKey,
  getClientOrdersGetOrdersQueryKey,
  useClientOrdersGetOrder,
  useClientOrdersGetOrderableProducts,
  useClientOrdersSaveOrder,
} from '@generated/endpoints/orders/orders';
import { clientOrdersSaveOrderBody } from '@generated/zod/orders/orders.zod';
import type { ClientProductionOrder, OrderInput } from '@generated/model';
import { idempotencyKey } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { useAppContext } from '../../app/context';
import { formatListDate, formatNumber } from '../../components/format';
import { SaveFailed } from '../../components/SaveFailed';
import { NotFoundPage } from '../../components/NotFoundPage';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { OrderProgress } from '../../components/OrderProgress';
import { confirmDelete } from '../../components/confirmDelete';
import { draftOf, isWorkInProgress, itemInput, producedAt, producedPart, orderRows, type DraftItem } from './orderItems';
import { useWideScreen } from '../../components/useWideScreen';
import { OrderCards, type CardField } from './OrderCards';
import { onInvalidForm } from '../../components/invalidForm';
import { useRecordEditor } from '../../components/useRecordEditor';
import { isRecordId, RecordLoad, recordIdOf } from '../../components/RecordLoad';
import './catalogue';

const OrderItemDialog = lazy(() => import('./OrderItemDialog'));
const ItemHistoryDialog = lazy(() => import('./ItemHistoryDialog'));
const OrderLineDrawer = lazy(() => import('./OrderLineDrawer'));

/** 'NS-0500, 03.03.2027': how the history's title and its button name an item. */
const itemTitle = (item: DraftItem) => `${item.ClientProduct.articleNo}, ${formatListDate(item.dueDate)}`;

interface FormValues {
  orderNo: string;
  closed: boolean;
  ClientProductionOrderItems: DraftItem[];
}

const schema = clientOrdersSaveOrderBody.shape.Order;
const LIST = '/orders';

/**
 * Client /orders/new and /orders/{id}. Loads the order (an unknown or another company's id: the API's 404 is shown
 * with Retry) and hands it to the form.
 */
export default function OrderEditPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const orderId = recordIdOf(id);
  const body = { id: orderId ?? 0 };
  const { t } = useLingui();
  const [reloads, setReloads] = useState(0);
  // Read fresh on arrival, then never behind the user's back: a new answer would start the form over.
  const query = useClientOrdersGetOrder(body, {
    query: {
      queryKey: getClientOrdersGetOrderQueryKey(body),
      enabled: orderId !== null && orderId > 0,
      refetchOnMount: 'always',
      refetchOnReconnect: false,
      staleTime: Infinity,
    },
  });
  if (orderId !== null && !isRecordId(orderId)) return <NotFoundPage />;
  if (orderId === null) return <OrderForm order={null} />;
  // Another version read, or Reload, starts the form over.
  const reload = async () => {
    await query.refetch();
    setReloads((count) => count + 1);
  };
  return (
    <RecordLoad query={query} label={t`Loading order`}>
      {(order) => <OrderForm key={`${order.id}@${order.version}@${reloads}`} order={order} onReload={() => void reload()} />}
    </RecordLoad>
  );
}

/**
 * The order form: 'Purchase order no' (required), 'Closed', and the items (Progress, Article no., Title, Quantity,
 * 'Produced at' for buyers, 'Deliver at'), edited locally through 'Add new item to order' and saved whole with 'Save
 * order'. 'Delete selected' is disabled without a selection or when a selected item has an invoice. Rows in production
 * now are highlighted. A failed save keeps every edit and says why; leaving with unsaved changes asks first.
 */
function OrderForm({ order, onReload }: { order: ClientProductionOrder | null; onReload?: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isBuyer = useAppContext().session.user.clientType === 'buyer';
  const products = useClientOrdersGetOrderableProducts();
  const wipProducts = new Set((products.data ?? []).filter((product) => product.wip).map((product) => product.id));
  const [selected, setSelected] = useState<DraftItem[]>([]);
  const [editing, setEditing] = useState<DraftItem | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<DraftItem | null>(null);
  const [lineOf, setLineOf] = useState<DraftItem | null>(null);
  // One view of a saved line: progress, lots, declaration of conformity and claims.
  const lineButton = (item: DraftItem, name = itemTitle(item)) =>
    item.id === undefined ? null : (
      <Tooltip label={t`Line details`}>
        <ActionIcon
          variant="subtle"
          aria-label={t`Details of ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            setLineOf(item);
          }}
        >
          <IconListDetails size={18} />
        </ActionIcon>
      </Tooltip>
    );
  // A saved item's history; the button's click must not also open the item's editor (the row's click).
  const historyButton = (item: DraftItem, name = itemTitle(item)) =>
    item.id === undefined ? null : (
      <Tooltip label={t`History`}>
        <ActionIcon
          variant="subtle"
          aria-label={t`History of ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            setHistoryOf(item);
          }}
        >
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
    );

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      orderNo: order?.orderNo ?? '',
      closed: order?.closed === 1,
      ClientProductionOrderItems: order?.ClientProductionOrderItems.map(draftOf) ?? [],
    },
    validateInputOnBlur: ['orderNo'],
    validate: zodValidate<FormValues>(schema, { transform: (values) => toOrderInput(values, isBuyer) }),
  });
  const items = form.values.ClientProductionOrderItems;
  const wide = useWideScreen();
  const inProgress = (item: DraftItem) => isWorkInProgress(item, { closed: form.values.closed }, wipProducts);

  const editor = useRecordEditor<ClientProductionOrder>({
    list: LIST,
    savedMessage: ({ orderNo }) => t`Order ${orderNo} saved.`,
    refresh: (saved) => {
      queryClient.setQueryData(getClientOrdersGetOrderQueryKey({ id: saved.id }), saved);
      return queryClient.invalidateQueries({ queryKey: [getClientOrdersGetOrdersQueryKey()[0]] });
    },
    onFieldErrors: (error) => form.setErrors(problemFieldErrors(error, 'Order')),
  });
  const { failure, setFailure, stale } = editor;
  const save = useClientOrdersSaveOrder({ mutation: editor.mutation });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      const input = toOrderInput(values, isBuyer);
      save.mutate({ data: { Order: order ? { ...input, id: order.id, version: order.version } : input }, headers: idempotencyKey() });
    },
    onInvalidForm,
  );

  const proceed = (item: DraftItem) => {
    const index = items.findIndex((existing) => existing.key === item.key);
    if (index >= 0) form.replaceListItem('ClientProductionOrderItems', index, item);
    else form.insertListItem('ClientProductionOrderItems', item);
    form.clearFieldError('ClientProductionOrderItems');
    setEditing(null);
  };

  const selectedNow = items.filter((item) => selected.some((chosen) => chosen.key === item.key));
  const invoiced = selectedNow.filter((item) => item.hasInvoice);
  const selectedCount = selectedNow.length;
  const deleteSelected = () =>
    confirmDelete({
      title: t`Delete items`,
      message: plural(selectedCount, {
        one: 'Remove this item from the order? They are deleted when you save the order.',
        other: 'Remove these # items from the order? They are deleted when you save the order.',
      }),
      onConfirm: () => {
        const removed = new Set(selectedNow.map((item) => item.key));
        form.setFieldValue(
          'ClientProductionOrderItems',
          items.filter((item) => !removed.has(item.key)),
        );
        setSelected([]);
      },
    });

  const columns: DataTableColumn<DraftItem>[] = [
    { accessor: 'progress', title: t`Progress`, width: 120, render: (item) => <OrderProgress part={producedPart(item)} /> },
    { accessor: 'ClientProduct.articleNo', title: t`Article no.` },
    { accessor: 'ClientProduct.productName', title: t`Title` },
    { accessor: 'plannedAmount', title: t`Quantity`, textAlign: 'right', render: (item) => formatNumber(item.plannedAmount) },
    ...(isBuyer
      ? [
          {
            accessor: 'producedAt',
            title: t`Produced at`,
            render: producedAt,
          },
        ]
      : []),
    { accessor: 'dueDate', title: t`Deliver at`, render: (item) => formatListDate(item.dueDate) },
    { accessor: 'history', title: t`History`, width: 80, textAlign: 'center', render: (item) => historyButton(item) },
    { accessor: 'details', title: t`Details`, width: 80, textAlign: 'center', render: (item) => lineButton(item) },
  ];
  // The phone layout (below `sm`): a card per item with the same values as the columns.
  const cardFields = (item: DraftItem): CardField[] => [
    { label: t`Quantity`, value: formatNumber(item.plannedAmount) },
    ...(isBuyer ? [{ label: t`Produced at`, value: producedAt(item) }] : []),
    { label: t`Deliver at`, value: formatListDate(item.dueDate) },
  ];
  const itemsError = form.errors.ClientProductionOrderItems;
  const orderNo = order?.orderNo;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Breadcrumbs>
            <Anchor component={Link} to={LIST}>
              <Trans>Weekly order list</Trans>
            </Anchor>
            <Text>{order ? order.orderNo : t`New order`}</Text>
          </Breadcrumbs>
          <Title order={2}>{orderNo ? t`Order ${orderNo}` : t`New order`}</Title>
          <Group align="flex-end">
            <TextInput label={t`Purchase order no`} required w={{ base: '100%', xs: 320 }} data-autofocus={order ? undefined : true} {...form.getInputProps('orderNo')} />
            <Checkbox label={t`Closed`} mb={8} {...form.getInputProps('closed', { type: 'checkbox' })} />
          </Group>
          <SaveFailed
            error={failure}
            message={stale ? t`Someone else changed this order meanwhile. Reload it and apply your changes again.` : null}
            onClose={() => setFailure(null)}
            reload={stale && onReload ? { label: t`Reload order`, onClick: onReload } : null}
          />
          <Group justify="space-between">
            <Title order={4}>
              <Trans>Items</Trans>
            </Title>
            <Group gap="xs">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                <Trans>Add item</Trans>
              </Button>
              <Tooltip label={t`Items with an invoice cannot be deleted.`} disabled={invoiced.length === 0}>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  disabled={selectedNow.length === 0 || invoiced.length > 0}
                  onClick={deleteSelected}
                >
                  <Trans>Delete selected</Trans>
                </Button>
              </Tooltip>
            </Group>
          </Group>
          {wide ? (
            <DataTable<DraftItem>
              withTableBorder
              striped
              highlightOnHover
              minHeight={160}
              idAccessor="key"
              records={items}
              noRecordsText={t`Please add items`}
              selectedRecords={selectedNow}
              onSelectedRecordsChange={setSelected}
              {...orderRows<DraftItem>({ open: setEditing, inProgress })}
              columns={columns}
            />
          ) : (
            <OrderCards<DraftItem>
              records={items}
              rowKey={(item) => item.key}
              label={(item) => {
                const [articleNo, day] = [item.ClientProduct.articleNo, formatListDate(item.dueDate)];
                return t`item ${articleNo} ${day}`;
              }}
              heading={(item) => (
                <Group gap="xs" wrap="nowrap">
                  <OrderProgress part={producedPart(item)} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {item.ClientProduct.articleNo}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                      {item.ClientProduct.productName}
                    </Text>
                  </div>
                </Group>
              )}
              fields={cardFields}
              actions={(item) => (
                <>
                  {historyButton(item)}
                  {lineButton(item)}
                </>
              )}
              open={setEditing}
              inProgress={inProgress}
              selected={selectedNow}
              onSelectedChange={setSelected}
              emptyText={t`Please add items`}
            />
          )}
          {itemsError && (
            <Text c="red" size="sm" role="alert">
              {itemsError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: LIST })} disabled={save.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              <Trans>Save order</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the order's form: React bubbles the dialog's submit through the portal. */}
      {editing && (
        <Suspense fallback={null}>
          <OrderItemDialog item={editing} isBuyer={isBuyer} onProceed={proceed} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {historyOf?.id !== undefined && (
        <Suspense fallback={null}>
          <ItemHistoryDialog itemId={historyOf.id} title={itemTitle(historyOf)} onClose={() => setHistoryOf(null)} />
        </Suspense>
      )}
      {lineOf?.id !== undefined && order && (
        <Suspense fallback={null}>
          <OrderLineDrawer item={{ ...lineOf, id: lineOf.id }} order={order} title={itemTitle(lineOf)} onClose={() => setLineOf(null)} />
        </Suspense>
      )}
      <UnsavedChangesGuard when={editor.guard(() => form.isDirty())} subject={t`This order`} />
    </>
  );
}

function toOrderInput(values: FormValues, isBuyer: boolean): OrderInput {
  return {
    orderNo: values.orderNo.trim(),
    closed: values.closed ? 1 : 0,
    ClientProductionOrderItems: values.ClientProductionOrderItems.map((item) => itemInput(item, isBuyer)),
  };
}
