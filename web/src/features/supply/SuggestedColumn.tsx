import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getAdminSupplyGetSupplyPlanQueryKey, useAdminSupplyGetSupplyPlan } from '@generated/endpoints/supply/supply';
import type { AdminSupplyGetSupplyPlanBody, SupplyPlanRow } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { SuggestionCard } from './SuggestionCard';
import { SUGGESTION_ZONES, useSuggestionActions } from './supplyPlan';
import './catalogue';

/** The board asks for the red and yellow pairs, most urgent first, one page of the largest size. */
export const SUGGESTIONS_BODY: AdminSupplyGetSupplyPlanBody = { zones: SUGGESTION_ZONES, pagination: { page: 1, rowsPerPage: 100 } };

type Suggested = SupplyPlanRow & { suggestion: NonNullable<SupplyPlanRow['suggestion']> };
const hasSuggestion = (row: SupplyPlanRow): row is Suggested => row.suggestion != null;

/**
 * The board's 'Suggested' column, before New: the suggested supply orders of the pairs whose net
 * flow position is red or yellow, most urgent first. A column of its own rather than a group in New: a suggestion is
 * no supply order yet (it cannot be dragged, edited or removed, and New's count stays the count of orders), and
 * 'Accept' visibly moves it one column to the right. Dismiss hides the card at once (it comes back if the dismissal
 * is not saved); the plan reloads without it.
 */
export function SuggestedColumn() {
  const { t } = useLingui();
  const query = useAdminSupplyGetSupplyPlan(SUGGESTIONS_BODY, { query: { queryKey: getAdminSupplyGetSupplyPlanQueryKey(SUGGESTIONS_BODY) } });
  const actions = useSuggestionActions();
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const rows = (query.data?.rows ?? []).filter(hasSuggestion).filter((row) => !hidden.has(`${row.preformId}:${row.preformWarehouseId}:${row.suggestion.fingerprint}`));
  const dismiss = (row: SupplyPlanRow) => {
    const key = `${row.preformId}:${row.preformWarehouseId}:${row.suggestion?.fingerprint}`;
    setHidden((current) => new Set(current).add(key));
    actions.dismiss(row, () =>
      setHidden((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      }),
    );
  };

  const suggestionCount = rows.length;
  let content;
  if (query.isError && !query.data) content = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending)
    content = (
      <>
        <Skeleton height={150} radius="sm" aria-label={t`Loading suggestions`} />
        <Skeleton height={150} radius="sm" />
      </>
    );
  else if (rows.length === 0)
    content = (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        <Trans>No suggestions: every preform is above its yellow zone.</Trans>
      </Text>
    );
  else
    content = rows.map((row) => (
      <SuggestionCard
        key={`${row.preformId}:${row.preformWarehouseId}`}
        row={row}
        onAccept={actions.accept}
        onDismiss={dismiss}
        accepting={actions.accepting(row)}
        dismissing={actions.dismissing(row)}
      />
    ));

  return (
    <Paper component="section" aria-labelledby="supply-column-suggested" data-column="suggested" withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" style={{ minHeight: 320 }}>
      <Group justify="space-between" mb="sm" wrap="nowrap" mih={30}>
        <Group gap="xs" wrap="nowrap">
          <Title order={4} id="supply-column-suggested">
            <Trans>Suggested</Trans>
          </Title>
          {query.data && (
            <Badge variant="default" size="sm" aria-label={plural(suggestionCount, { one: '# suggestions', other: '# suggestions' })}>
              {rows.length}
            </Badge>
          )}
        </Group>
      </Group>
      <Stack gap="xs">{content}</Stack>
    </Paper>
  );
}
