import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import './catalogue';

export interface CardField {
  label: string;
  value: ReactNode;
}

/** A card's checkbox, left out where the list has no selection. The claims and forecasts lists use these cards too. */
function SelectCheckbox({ shown, ...props }: React.ComponentProps<typeof Checkbox> & { shown: boolean }) {
  return shown ? <Checkbox {...props} /> : null;
}

/**
 * The phone layout of the order screens' rows: a card per row with its checkbox (multi-select), a heading and the
 * columns as labelled values, stacked so nothing is clipped. Opening a row is the card's button (a link when the row is a record with a route), named by what it shows (the
 * checkbox stays a separate control, not nested in it). Rows in production now are highlighted, marked `data-work-in-progress` and say
 * 'In production now' in words, as the table rows are titled.
 */
export function OrderCards<Row>({
  records,
  rowKey,
  heading,
  fields,
  open,
  href,
  inProgress,
  selected,
  onSelectedChange,
  emptyText,
  label,
  actions,
}: {
  records: Row[];
  rowKey: (row: Row) => string | number;
  heading: (row: Row) => ReactNode;
  fields: (row: Row) => CardField[];
  open: (row: Row) => void;
  /** The route of the record a card opens: the card is then a link (middle-click, 'Open in new tab', copy the address). */
  href?: (row: Row) => string;
  inProgress: (row: Row) => boolean;
  selected: Row[];
  /** Without it the list has no selection, and the cards no checkbox (a seller's read-only claims). */
  onSelectedChange?: (rows: Row[]) => void;
  emptyText: string;
  /** The row's name for its checkbox, e.g. 'order PO-24-0117'. */
  label: (row: Row) => string;
  /** The row's own buttons (e.g. History, Details), beside the card's button, never inside it (no button in a button). */
  actions?: (row: Row) => ReactNode;
}) {
  if (records.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Card>
    );
  }
  const isSelected = (row: Row) => selected.some((chosen) => rowKey(chosen) === rowKey(row));
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {records.map((row) => {
        const wip = inProgress(row);
        const name = label(row);
        return (
          <Card
            key={rowKey(row)}
            component="li"
            withBorder
            padding="sm"
            data-work-in-progress={wip ? 'true' : undefined}
            style={wip ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : undefined}
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <SelectCheckbox
                shown={onSelectedChange !== undefined}
                mt={4}
                aria-label={t`Select ${name}`}
                checked={isSelected(row)}
                onChange={(event) =>
                  onSelectedChange?.(event.currentTarget.checked ? [...selected, row] : selected.filter((chosen) => rowKey(chosen) !== rowKey(row)))
                }
              />
              <UnstyledButton {...(href ? { component: Link, to: href(row) } : { onClick: () => open(row) })} style={{ flex: 1, minWidth: 0 }}>
                <div style={{ minWidth: 0, marginBottom: 4 }}>{heading(row)}</div>
                <Stack gap={2}>
                  {fields(row).map((field) => (
                    <Group key={field.label} gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="sm" c="dimmed" w={96} style={{ flexShrink: 0 }}>
                        {field.label}
                      </Text>
                      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {field.value}
                      </Text>
                    </Group>
                  ))}
                  {wip && (
                    <Text size="xs" fw={700} tt="uppercase" mt={4}>
                      <Trans>In production now</Trans>
                    </Text>
                  )}
                </Stack>
              </UnstyledButton>
              {actions && (
                <Group gap={4} wrap="nowrap">
                  {actions(row)}
                </Group>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
