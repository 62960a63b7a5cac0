import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, List, Modal, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  getOperatorAgendaGetAgendaQueryKey,
  getOperatorAgendaGetProducedEntriesQueryKey,
  useOperatorAgendaAddProducedEntry,
  useOperatorAgendaGetProducedEntries,
  useOperatorAgendaSaveProducedAmount,
} from '@generated/endpoints/orders/orders';
import { operatorAgendaAddProducedEntryBody, operatorAgendaSaveProducedAmountBody } from '@generated/zod/orders/orders.zod';
import type { AgendaItem, ProducedEntry } from '@generated/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { QueryError } from '../../components/QueryError';
import { SaveFailed } from '../../components/SaveFailed';
import { formatDateTime, formatNumber, numberInputSeparators } from '../../components/format';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

const entrySchema = operatorAgendaAddProducedEntryBody.shape.item;
const totalSchema = operatorAgendaSaveProducedAmountBody.shape.item;

interface FormValues {
  producedQuantity: number | string;
  isClosed: boolean;
  /** Correct the total instead (a mistyped entry): the published `order/item/save`, 0 to 99,999. */
  correct: boolean;
}

/** An entry as the history lists it: '+4,000 · total 52,000 · Olga Operator · 09.03.2026 15:20'. */
function EntryLine({ entry }: { entry: ProducedEntry }) {
  const amount = `${entry.quantity < 0 ? '−' : '+'}${formatNumber(Math.abs(entry.quantity))}`;
  const total = formatNumber(entry.producedTotal);
  const recordedAt = formatDateTime(entry.recordedAt);
  const { recordedBy } = entry;
  return (
    <List.Item>
      <Text size="sm">
        <Trans>
          {amount} · total {total} · {recordedBy} · {recordedAt}
        </Trans>
      </Text>
    </List.Item>
  );
}

/**
 * 'Update order item produced quantity' (part 2.2 spells it 'quanitity'; decisions.md corrects obvious label typos).
 * The operator records what was produced since the last entry, 0 to 99,999 (part 5, from the contract), and the
 * item's total grows by it, so items planned at 100,000 and more can be completed (decisions.md, 'Produced entries').
 * The dialog shows the running total, what it becomes, and the item's last entries (who, when, how much). 'Correct the
 * total' replaces the total instead (a mistyped entry; 0 to 99,999, the published `order/item/save`). Sends the
 * version read: a change made by someone else meanwhile (or a repeated save) is refused (409), said, and the agenda
 * reloads.
 */
export default function ProducedQuantityDialog({ item, onClose }: { item: AgendaItem; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const entries = useOperatorAgendaGetProducedEntries({ id: item.id });
  const amountOf = (values: FormValues) => (values.producedQuantity === '' ? undefined : values.producedQuantity);
  const toEntry = (values: FormValues) => ({ id: item.id, producedQuantity: amountOf(values), isClosed: values.isClosed, version: item.version });
  const toTotal = (values: FormValues) => ({ id: item.id, producedAmount: amountOf(values), isClosed: values.isClosed, version: item.version });
  const validateEntry = zodValidate<FormValues>(entrySchema, { transform: toEntry });
  const validateTotal = zodValidate<FormValues>(totalSchema, { transform: toTotal });
  /** The total's errors land on the one amount field. */
  const onAmountField = (errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field === 'producedAmount' ? 'producedQuantity' : field, message]));
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { producedQuantity: '', isClosed: item.isClosed, correct: false },
    // Checked on Save only: the field starts empty, and an error appearing on blur would move Cancel under the pointer.
    validate: (values) => (values.correct ? onAmountField(validateTotal(values)) : validateEntry(values)),
  });
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [getOperatorAgendaGetAgendaQueryKey()[0]] }),
      queryClient.invalidateQueries({ queryKey: getOperatorAgendaGetProducedEntriesQueryKey({ id: item.id }) }),
    ]);
  const mutation = {
    mutation: {
      meta: { silent: true },
      onSuccess: async (saved: AgendaItem) => {
        const orderNo = saved.ClientProductionOrder.orderNo;
        const produced = formatNumber(saved.producedAmount);
        notifications.show({ color: 'green', message: t`${orderNo}: ${produced} produced.` });
        await reload();
        onClose();
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(onAmountField(problemFieldErrors(error, 'item')));
        if (error instanceof ApiError && error.status === 409) void reload();
      },
    },
  };
  const addEntry = useOperatorAgendaAddProducedEntry(mutation);
  const correctTotal = useOperatorAgendaSaveProducedAmount(mutation);
  const save = form.values.correct ? correctTotal : addEntry;
  const submit = form.onSubmit(
    (values) =>
      values.correct
        ? correctTotal.mutate({ data: { item: totalSchema.parse(toTotal(values)) } })
        : addEntry.mutate({ data: { item: entrySchema.parse(toEntry(values)) } }),
    onInvalidForm,
  );
  const added = Number(form.values.producedQuantity);
  const valid = form.values.producedQuantity !== '' && Number.isInteger(added) && added >= 0;
  const newTotal = !valid ? null : form.values.correct ? added : item.producedAmount + added;
  const label = form.values.correct ? t`Produced total` : t`Produced since the last entry`;
  const hint = form.values.correct ? t`The corrected total replaces the one recorded.` : t`Bottles produced since the last entry; they are added to the total.`;
  const shownTotal = formatNumber(newTotal);
  const produced = formatNumber(item.producedAmount);
  const planned = formatNumber(item.plannedAmount);

  return (
    <Modal opened onClose={onClose} title={t`Update order item produced quantity`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {item.ClientProductionOrder.orderNo} · {item.ClientProduct.productName} ({item.ClientProduct.articleNo})
          </Text>
          <Text fw={500} aria-label={t`Running total`}>
            <Trans>
              Produced so far {produced} of {planned}
            </Trans>
          </Text>
          <NumberInput
            label={label}
            description={newTotal === null ? hint : t`New total: ${shownTotal}`}
            required
            data-autofocus
            {...numberInputSeparators()}
            allowDecimal={false}
            hideControls
            styles={{ input: { textAlign: 'right' } }}
            {...form.getInputProps('producedQuantity')}
          />
           <Checkbox label={t`Production of this item is finished (close it)`} {...form.getInputProps('isClosed', { type: 'checkbox' })} />
          <Switch label={t`Correct the total instead (a mistyped entry)`} {...form.getInputProps('correct', { type: 'checkbox' })} />
          <SaveFailed error={save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
          <section aria-labelledby={`entries-${item.id}`}>
            <Title order={4} size="sm" id={`entries-${item.id}`}>
              <Trans>Last entries</Trans>
            </Title>
            {entries.isError ? (
              <QueryError error={entries.error} onRetry={() => void entries.refetch()} />
            ) : entries.isPending ? (
              <Skeleton height={40} />
            ) : entries.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No entries yet.</Trans>
              </Text>
            ) : (
              <List spacing={2} listStyleType="none">
                {entries.data.map((entry) => (
                  <EntryLine key={entry.id} entry={entry} />
                ))}
              </List>
            )}
          </section>
        </Stack>
      </form>
    </Modal>
  );
}
