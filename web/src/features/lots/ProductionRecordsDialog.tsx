import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, List, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getStaffLotsGetItemTraceQueryKey,
  getStaffLotsGetLotStockQueryKey,
  useAdminLotsSaveProductionLots,
  useStaffLotsGetItemTrace,
  useStaffLotsGetLotStock,
} from '@generated/endpoints/lots/lots';
import { adminLotsSaveProductionLotsBody } from '@generated/zod/lots/lots.zod';
import type { ItemTrace, Lot, LotRef, ProductionRecordLots, RecallItem, StaffRole } from '@generated/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { useAppContext } from '../../app/context';
import { mayCall } from '../../app/face';
import { DialogActions } from '../../components/DialogActions';
import { formatDateTime, formatListDate, formatNumber, numberInputSeparators } from '../../components/format';
import { onInvalidForm } from '../../components/invalidForm';
import { RecordLoad } from '../../components/RecordLoad';
import { isLotQuery } from './LotNumberDialog';
import { lotLine } from './lots';
import './catalogue';

/**
 * An order item's production records (the backward trace), newest first, each with the preform lots it took
 * and what no lot covered. The admin corrects the lots of a record: how many of its preforms came from each lot of its
 * preform and warehouse; what the lots do not cover stays unlotted.
 */
export default function ProductionRecordsDialog({ role, item, lot, onClose }: { role: StaffRole; item: RecallItem; lot: Lot; onClose: () => void }) {
  const { session } = useAppContext();
  const mayCorrect = mayCall('AdminLots_saveProductionLots', session.user.roles);
  const body = { orderItemId: item.orderItemId };
  const trace = useStaffLotsGetItemTrace(role, body, { query: { queryKey: getStaffLotsGetItemTraceQueryKey(role, body) } });
  const [correcting, setCorrecting] = useState<ProductionRecordLots | null>(null);
  const [orderNo, articleNo, deliverAt] = [item.orderNo, item.articleNo, formatListDate(item.dueDate)];
  return (
    <Modal opened onClose={onClose} title={t`Production records of ${orderNo}, ${articleNo}, ${deliverAt}`} size="xl">
      <RecordLoad query={trace} label={t`Loading the production records`}>
        {(answer) =>
          correcting ? (
            <CorrectLots record={correcting} role={role} lot={lot} onDone={() => setCorrecting(null)} />
          ) : answer.records.length === 0 ? (
            <Text size="sm">
              <Trans>No production recorded on this item.</Trans>
            </Text>
          ) : (
            <Stack>
              {answer.producedOnItemId !== null && answer.producedOnItemId !== answer.orderItemId && (
                <Text size="sm" c="dimmed">
                  <Trans>A buyer&apos;s item: these are the records of the seller&apos;s item that produced it.</Trans>
                </Text>
              )}
              <Text size="sm">{lineShares(answer)}</Text>
              <Table.ScrollContainer minWidth={640}>
                <Table withTableBorder striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Recorded</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Bottles</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Preforms</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>From lots</Trans>
                      </Table.Th>
                      {mayCorrect && (
                        <Table.Th>
                          <Trans>Correction</Trans>
                        </Table.Th>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.records.map((record) => (
                      <Table.Tr key={record.producedEntryId}>
                        <Table.Td>
                          {formatDateTime(record.recordedAt)} · {record.recordedBy}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(record.bottles)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(record.preforms)}</Table.Td>
                        <Table.Td>
                          <List size="sm" spacing={0}>
                            {record.lots.map((use, index) => (
                              <List.Item key={use.lot?.id ?? `unlotted-${index}`}>
                                {use.lot ? lotLine(use.lot) : t`No lot`}: {formatNumber(use.preforms)}
                              </List.Item>
                            ))}
                          </List>
                        </Table.Td>
                        {mayCorrect && (
                          <Table.Td>
                            {record.preforms > 0 && (
                              <Button size="compact-xs" variant="light" onClick={() => setCorrecting(record)} aria-label={correctLabel(record.recordedAt)}>
                                <Trans>Correct lots</Trans>
                              </Button>
                            )}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )
        }
      </RecordLoad>
    </Modal>
  );
}

/** The item's lotted and unlotted shares, so that no lot is read as the line's whole source. */
function lineShares(trace: Pick<ItemTrace, 'lots' | 'unlottedPreforms'>): string {
  const lotted = formatNumber(trace.lots.reduce((sum, lot) => sum + lot.preforms, 0));
  const unlotted = formatNumber(trace.unlottedPreforms);
  return t`${lotted} preforms from lots, ${unlotted} without a lot.`;
}

/** The name of a record's Correct lots button, which its row's time tells apart from the others. */
function correctLabel(recordedAt: string): string {
  const recorded = formatDateTime(recordedAt);
  return t`Correct the lots of the record of ${recorded}`;
}

type Candidate = Pick<LotRef, 'id' | 'supplierLotNumber' | 'manufacturerName' | 'deliveryDate'> & { remaining: number | null };

/**
 * The lots a record can take from: the open lots of its preform and warehouse delivered by the record's day (the API
 * refuses a lot received after the record), and the lots it already took from.
 */
function candidatesOf(record: ProductionRecordLots, open: Candidate[]): Candidate[] {
  const day = record.recordedAt.slice(0, 10);
  const byId = new Map(open.filter((lot) => lot.deliveryDate <= day).map((lot) => [lot.id, lot]));
  for (const use of record.lots) if (use.lot && !byId.has(use.lot.id)) byId.set(use.lot.id, { ...use.lot, remaining: null });
  return [...byId.values()].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
}

function CorrectLots({ record, role, lot, onDone }: { record: ProductionRecordLots; role: StaffRole; lot: Lot; onDone: () => void }) {
  const queryClient = useQueryClient();
  const stockBody = { preformId: record.preformId, preformWarehouseId: record.preformWarehouseId };
  const stock = useStaffLotsGetLotStock(role, stockBody, { query: { queryKey: getStaffLotsGetLotStockQueryKey(role, stockBody) } });
  return (
    <RecordLoad query={stock} label={t`Loading the lots of the preform`}>
      {(answer) => (
        <CorrectLotsForm
          record={record}
          lotId={lot.id}
          candidates={candidatesOf(record, answer.rows[0]?.lots ?? [])}
          onDone={onDone}
          onSaved={() => queryClient.invalidateQueries({ predicate: (query) => isLotQuery(query.queryKey) })}
        />
      )}
    </RecordLoad>
  );
}

type Shares = Record<string, number | string>;

/** A lot the record can take from, as its share's field names it. */
function candidateLabel(candidate: Candidate, isThisLot: boolean): string {
  const line = lotLine(candidate);
  return isThisLot ? t`${line} (this lot)` : line;
}

/** What remains of a candidate lot, or that only this record keeps it. */
function candidateNote(remaining: number | null): string {
  const left = formatNumber(remaining);
  return remaining === null ? t`Used up besides this record` : t`${left} remaining`;
}

function CorrectLotsForm({ record, lotId, candidates, onDone, onSaved }: { record: ProductionRecordLots; lotId: number; candidates: Candidate[]; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const initial: Shares = Object.fromEntries(candidates.map((candidate) => [String(candidate.id), record.lots.find((use) => use.lot?.id === candidate.id)?.preforms ?? '']));
  const toBody = (values: { shares: Shares }) => ({
    producedEntryId: record.producedEntryId,
    lots: Object.entries(values.shares)
      .filter(([, preforms]) => preforms !== '' && preforms !== 0)
      .map(([id, preforms]) => ({ lotId: Number(id), preforms })),
  });
  const form = useForm<{ shares: Shares }>({
    mode: 'controlled',
    initialValues: { shares: initial },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const fromSchema = zodValidate<{ shares: Shares }>(adminLotsSaveProductionLotsBody, { transform: toBody })(values);
      // The schema's paths are `lots.{index}.preforms`: the form's are `shares.{lotId}`.
      const body = toBody(values);
      for (const [path, message] of Object.entries(fromSchema)) {
        const index = Number(path.split('.')[1]);
        const share = body.lots[index];
        errors[share ? `shares.${share.lotId}` : 'shares'] = message;
      }
      const total = body.lots.reduce((sum, share) => sum + (typeof share.preforms === 'number' ? share.preforms : 0), 0);
      const most = formatNumber(record.preforms);
      if (total > record.preforms) errors.shares = t`At most ${most} preforms in all: the record's preforms.`;
      return errors;
    },
  });
  const save = useAdminLotsSaveProductionLots({
    mutation: {
      onSuccess: async () => {
        await onSaved();
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const fields = problemFieldErrors(error);
          form.setErrors({ shares: Object.values(fields)[0] ?? error.problem.detail ?? t`Refused.` });
        }
      },
    },
  });
  const submit = form.onSubmit((values) => save.mutate({ data: adminLotsSaveProductionLotsBody.parse(toBody(values)) }), onInvalidForm);
  const assigned = Object.values(form.values.shares).reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
  const [recorded, recordedBy, bottles, preforms, withoutLot] = [formatDateTime(record.recordedAt), record.recordedBy, formatNumber(record.bottles), formatNumber(record.preforms), formatNumber(Math.max(0, record.preforms - assigned))];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          <Trans>
            The record of {recorded} by {recordedBy}: {bottles} bottles from {preforms} preforms. Say how many came from each lot; what the lots do not cover stays without a
            lot. The stock balance does not change.
          </Trans>
        </Text>
        {candidates.length === 0 ? (
          <Text size="sm">
            <Trans>No lot of this preform in this warehouse.</Trans>
          </Text>
        ) : (
          candidates.map((candidate) => (
            <NumberInput
              key={candidate.id}
              label={candidateLabel(candidate, candidate.id === lotId)}
              description={candidateNote(candidate.remaining)}
              {...numberInputSeparators()}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps(`shares.${candidate.id}`)}
            />
          ))
        )}
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            <Trans>Without a lot: {withoutLot} preforms</Trans>
          </Text>
        </Group>
        {form.errors.shares && (
          <Text c="red" size="sm" role="alert">
            {form.errors.shares}
          </Text>
        )}
        <DialogActions onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}
