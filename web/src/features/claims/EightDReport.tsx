import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconListSearch } from '@tabler/icons-react';
import { adminClaimsFillContainmentFromTrace } from '@generated/endpoints/claims/claims';
import type { Claim, ContainmentEntryKind } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatDateTime, formatNumber } from '../../components/format';
import { hasEightD, PROBLEM_QUESTIONS, type ClaimFormValues, type EightDText } from './claimForm';

/** The disciplines before and after D2 and D3, with their labels and what each holds. */
const BEFORE: [EightDText, string, string][] = [
  ['preparation', 'D0 Preparation', 'Is an 8D needed; the emergency response.'],
  ['team', 'D1 Team', 'The members and their roles.'],
];
const AFTER: [EightDText, string, string][] = [
  ['rootCause', 'D4 Root cause', 'Why it happened.'],
  ['escapePoint', 'D4 Escape point', 'Where it should have been caught and was not.'],
  ['correctiveActions', 'D5 Corrective actions', 'The permanent corrective actions chosen.'],
  ['validation', 'D6 Validation', 'The corrective actions implemented and shown to work.'],
  ['prevention', 'D7 Prevention', 'What keeps it from happening again, here and elsewhere.'],
  ['recognition', 'D8 Recognition', "The team's work recognised; the report closed."],
];

const KIND_LABELS: Record<ContainmentEntryKind, string> = {
  lot: 'Lot',
  'order item': 'Order item',
  client: 'Client',
  'preform stock': 'Preform stock',
  'bottle stock': 'Bottle stock',
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
  const disabled = locked || !isGp;
  if (!isGp && !hasEightD(claim?.eightD)) return null;
  const text = ([field, label, description]: [EightDText, string, string]) => (
    <Textarea
      key={field}
      label={label}
      description={isGp ? description : undefined}
      rows={2}
      resize="vertical"
      disabled={disabled}
      {...form.getInputProps(`eightD.${field}`)}
    />
  );
  return (
    <Stack gap="sm" aria-labelledby="eight-d-title" role="group">
      <Title order={4} id="eight-d-title">
        8D report
      </Title>
      {BEFORE.map(text)}
      <Fieldset legend="D2 Problem (5W2H)" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PROBLEM_QUESTIONS.map(([question, label]) => (
            <Textarea key={question} label={label} rows={1} resize="vertical" disabled={disabled} {...form.getInputProps(`eightD.problem.${question}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="D3 Containment">
        <Stack gap="sm">
          <Textarea label="Interim actions" rows={2} resize="vertical" disabled={disabled} {...form.getInputProps('eightD.containment')} />
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
  const fill = useMutation({
    mutationFn: (saved: Claim) => adminClaimsFillContainmentFromTrace({ id: saved.id, version: saved.version }),
    meta: { silent: true },
    onSuccess: onFilled,
  });
  const filled = claim?.eightD?.containmentFromTrace ?? null;
  const dirty = form.isDirty();
  const reason = !claim ? 'Save the claim first.' : dirty ? 'Save your changes first: filling the list saves the claim.' : null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Text fw={500} size="sm" id="containment-list-title">
          Affected, from the trace of the claimed item's lots
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
            {filled ? 'Fill again from the trace' : 'Fill from the trace'}
          </Button>
        )}
      </Group>
      {reason && !locked && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
      {fill.error && (
        <Alert color="red" title="D3 not filled from the trace">
          {describeError(fill.error)}
        </Alert>
      )}
      {filled ? (
        <>
          <Text size="xs" c="dimmed">
            Filled by {filled.by}, {formatDateTime(filled.at)}; {filled.entries.length} {filled.entries.length === 1 ? 'entry' : 'entries'}.
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby="containment-list-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Detail</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filled.entries.map((entry, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
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
          Not filled yet.
        </Text>
      )}
    </Stack>
  );
}
