import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { SupplyPlanRow, SupplyZone } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { preformLabel } from './supplyBoard';
import { describeSuggestion, packagingOf, planHref, reasonOf, ZONES, zoneBadgeText } from './supplyPlan';
import './catalogue';

/** The zone as a badge whose text names it (the colour only repeats what the text says). */
export function ZoneBadge({ zone }: { zone: SupplyZone }) {
  return (
    // Never cut to 'RED …': the label keeps its full width, so a narrow table column grows instead.
    <Badge color={ZONES[zone].color} variant="light" size="sm" data-zone={zone} styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {zoneBadgeText(zone)}
    </Badge>
  );
}

interface SuggestionCardProps {
  row: SupplyPlanRow & { suggestion: NonNullable<SupplyPlanRow['suggestion']> };
  onAccept: (row: SupplyPlanRow) => void;
  onDismiss: (row: SupplyPlanRow) => void;
  accepting: boolean;
  dismissing: boolean;
}

/**
 * A suggested supply order on the board: preform, warehouse, amount with boxes (and trucks), due
 * date, supplier, zone and the reason, with 'Accept', 'Dismiss' and a link to the pair's projection. Not draggable:
 * it is no supply order yet.
 */
export function SuggestionCard({ row, onAccept, onDismiss, accepting, dismissing }: SuggestionCardProps) {
  const { t } = useLingui();
  const { suggestion } = row;
  const name = describeSuggestion(row);
  const due = formatListDate(suggestion.dueDate);
  const amount = formatNumber(suggestion.amount);
  const supplier = suggestion.manufacturerName;
  const preform = preformLabel(row.Preform);
  const warehouse = row.PreformWarehouse.warehouseName;
  return (
    <Paper component="article" aria-label={name} withBorder radius="sm" p="sm" shadow="xs" data-suggestion={`${row.preformId}:${row.preformWarehouseId}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            <Trans>Due {due}</Trans>
          </Text>
          <ZoneBadge zone={row.zone} />
        </Group>
        <Text size="sm">{preformLabel(row.Preform)}</Text>
        <Group gap={4} wrap="nowrap">
          <IconBuildingWarehouse size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {row.PreformWarehouse.warehouseName}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            <Trans>{amount} pcs</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            {packagingOf(suggestion)}
          </Text>
        </Group>
        <Text size="sm">
          <Trans>Supplier: {supplier}</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          {reasonOf(row)}
        </Text>
        <Group justify="space-between" gap="xs" mt={4}>
          <Anchor size="sm" href={planHref(row)} aria-label={t`Plan of ${preform} at ${warehouse}`}>
            <Trans>Plan</Trans>
          </Anchor>
          <Group gap="xs">
            <Button size="xs" variant="default" loading={dismissing} disabled={accepting} onClick={() => onDismiss(row)} aria-label={t`Dismiss ${name}`}>
              <Trans>Dismiss</Trans>
            </Button>
            <Button size="xs" loading={accepting} disabled={dismissing} onClick={() => onAccept(row)} aria-label={t`Accept ${name}`}>
              <Trans>Accept</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
