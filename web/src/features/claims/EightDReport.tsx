import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconListSearch } from '@tabler/icons-react';
import { adminClaimsFillContainmentFromTrace } from '@generated/endpoints/claims/claims';
import type { Claim, ContainmentEntryKind } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatDateTime, formatNumber } from '../../components/format';
import { hasEightD, PROBLEM_QUESTIONS, type ClaimFormValues, type EightDText } from './claimForm';
import './catalogue';

/** The disciplines before and after D2 and D3, with their labels and what each holds. */
type Discipline = [EightDText, MessageDescriptor, MessageDescriptor];
const BEFORE: Discipline[] = [
  ['preparation', msg`D0 Preparation`, msg`Is an 8D needed; the emergency response.`],
  ['team', msg`D1 Team`, msg`The members and their roles.`],
];
const AFTER: Discipline[] = [
  ['rootCause', msg`D4 Root cause`, msg`Why it happened.`],
  ['escapePoint', msg`D4 Escape point`, msg`Where it should have been caught and was not.`],
  ['correctiveActions', msg`D5 Corrective actions`, msg`The permanent corrective actions chosen.`],
  ['validation', msg`D6 Validation`, msg`The corrective actions implemented and shown to work.`],
  ['prevention', msg`D7 Prevention`, msg`What keeps it from happening again, here and elsewhere.`],
  ['recognition', msg`D8 Recognition`, msg`The team's work recognised; the report closed.`],
];

const KIND_LABELS: Record<ContainmentEntryKind, MessageDescriptor> = {
  lot: msg`Lot`,
  'order item': msg`Order item`,
  client: msg`Client`,
  'preform stock': msg`Preform stock`,
  'bottle stock': msg`Bottle stock`,
};

/**
 * The 8D report under 'Filled by the GP', after the short form: D0–D8 with D2 as its seven 5W2H questions and
 * D3 with its list from the trace (the staff's only). The admin edits it with the rest of the claim (one Save report,
 * the same unsaved-changes guard); a client reads it, and only once the GP has written something.
 */
export function EightDReport({
  form,
  claim,
  isGp,
  locked,
  onFilled,
}: {
  form: UseFormReturnType<ClaimFormValues>;
  claim: Claim | null;
  isGp: boolean;
  locked: boolean;
  /** The claim as the fill answered it (a new version: the editor starts over from it). */
  onFilled: (claim: Claim) => void;
}) {
  const { t, i18n } = useLingui();
  const disabled = locked || !isGp;
  if (!isGp && !hasEightD(claim?.eightD)) return null;
  const text = ([field, label, description]: Discipline) => (
    <Textarea
      key={field}
      label={i18n._(label)}
      description={isGp ? i18n._(description) : undefined}
      rows={2}
      resize="vertical"
      disabled={disabled}
      {...form.getInputProps(`eightD.${field}`)}
    />
  );
  return (
    <Stack gap="sm" aria-labelledby="eight-d-title" role="group">
      <Title order={4} id="eight-d-title">
        <Trans>8D report</Trans>
      </Title>
      {BEFORE.map(text)}
      <Fieldset legend={t`D2 Problem (5W2H)`} disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PROBLEM_QUESTIONS.map(([question, label]) => (
            <Textarea key={question} label={i18n._(label)} rows={1} resize="vertical" disabled={disabled} {...form.getInputProps(`eightD.problem.${question}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t`D3 Containment`}>
        <Stack gap="sm">
          <Textarea label={t`Interim actions`} rows={2} resize="vertical" disabled={disabled} {...form.getInputProps('eightD.containment')} />
          {isGp && <ContainmentFromTrace form={form} claim={claim} locked={locked} onFilled={onFilled} />}
        </Stack>
      </Fieldset>
      {AFTER.map(text)}
    </Stack>
  );
}

/**
 * D3's list from the trace of the claimed item's lots: the lots, the other clients, the stock to quarantine and the
 * other order items. 'Fill from the trace' asks the server to fill (or refill) it; it changes the claim, so it waits
 * until the edits are saved. A claim without an item or a lot to trace says so here.
 */
function ContainmentFromTrace({
  form,
  claim,
  locked,
  onFilled,
}: {
  form: UseFormReturnType<ClaimFormValues>;
  claim: Claim | null;
  locked: boolean;
  onFilled: (claim: Claim) => void;
}) {
  const { t, i18n } = useLingui();
  const fill = useMutation({
    mutationFn: (saved: Claim) => adminClaimsFillContainmentFromTrace({ id: saved.id, version: saved.version }),
    meta: { silent: true },
    onSuccess: onFilled,
  });
  const filled = claim?.eightD?.containmentFromTrace ?? null;
  const dirty = form.isDirty();
  const reason = !claim ? t`Save the claim first.` : dirty ? t`Save your changes first: filling the list saves the claim.` : null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Text fw={500} size="sm" id="containment-list-title">
          <Trans>Affected, from the trace of the claimed item's lots</Trans>
        </Text>
        {!locked && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconListSearch size={14} />}
            loading={fill.isPending}
            disabled={reason !== null}
            title={reason ?? undefined}
            onClick={() => claim && fill.mutate(claim)}
          >
            {filled ? t`Fill again from the trace` : t`Fill from the trace`}
          </Button>
        )}
      </Group>
      {reason && !locked && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
      {fill.error && (
        <Alert color="red" title={t`D3 not filled from the trace`}>
          {describeError(fill.error)}
        </Alert>
      )}
      {filled ? (
        <>
          <FilledBy by={filled.by} at={formatDateTime(filled.at)} entries={filled.entries.length} />
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby="containment-list-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Kind</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans context="containment entry">What</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Detail</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Quantity</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filled.entries.map((entry, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{i18n._(KIND_LABELS[entry.kind])}</Table.Td>
                    <Table.Td>{entry.label}</Table.Td>
                    <Table.Td>{entry.detail}</Table.Td>
                    <Table.Td ta="right">{entry.quantity === null ? '' : formatNumber(entry.quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Not filled yet.</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Who filled D3's list and when, and how many entries it has. */
function FilledBy({ by, at, entries }: { by: string; at: string; entries: number }) {
  const { t } = useLingui();
  return (
    <Text size="xs" c="dimmed">
      {t`Filled by ${by}, ${at}; ${plural(entries, { one: '# entry', other: '# entries' })}.`}
    </Text>
  );
}
