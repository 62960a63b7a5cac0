import { useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { FootprintRow } from '@generated/model';
import { formatNumber } from '../../components/format';
import { useWideScreen } from '../../components/useWideScreen';
import { formatKg, formatShare } from './downloads';
import './catalogue';

/** Rows of a period view (months, products or years) with the share against the directive's 25 % and 30 %. */
export function FootprintTable({ rows, label, first }: { rows: FootprintRow[]; label: string; first: string }) {
  const { t } = useLingui();
  const wide = useWideScreen();
  // On a phone each row is a card, as the other lists are: seven columns do not fit 390 px without sideways scrolling.
  if (!wide) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={row.key} withBorder role="listitem" padding="sm">
            <Text fw={600}>{row.label}</Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
              <Text size="sm">{t`Preform mass`}</Text>
              <Text size="sm" ta="right">{formatKg(row.preformMassKg)}</Text>
              <Text size="sm">{t`Recycled mass`}</Text>
              <Text size="sm" ta="right">{formatKg(row.recycledMassKg)}</Text>
              <Text size="sm">{t`Recycled share`}</Text>
              <Text size="sm" ta="right">{formatShare(row.recycledSharePercent)}</Text>
              <Text size="sm">{t`Unknown origin`}</Text>
              <Text size="sm" ta="right">{formatShare(row.unknownSharePercent)}</Text>
              <Text size="sm">{t`Carbon (kg CO2e)`}</Text>
              <Text size="sm" ta="right">{formatNumber(row.carbonKgCo2e)}</Text>
            </SimpleGrid>
            <Group gap="xs" mt="xs">
              <Badge variant="light" color={row.meets25 ? 'teal' : 'gray'}>
                {row.meets25 ? t`reaches 25 %` : t`below 25 %`}
              </Badge>
              <Badge variant="light" color={row.meets30 ? 'teal' : 'gray'}>
                {row.meets30 ? t`reaches 30 %` : t`below 30 %`}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">{t`Preform mass`}</Table.Th>
            <Table.Th ta="right">{t`Recycled mass`}</Table.Th>
            <Table.Th ta="right">{t`Recycled share`}</Table.Th>
            <Table.Th ta="right">{t`Unknown origin`}</Table.Th>
            <Table.Th ta="right">{t`Carbon (kg CO2e)`}</Table.Th>
            <Table.Th>{t`25 % / 30 %`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">{formatKg(row.preformMassKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(row.recycledMassKg)}</Table.Td>
              <Table.Td ta="right">{formatShare(row.recycledSharePercent)}</Table.Td>
              <Table.Td ta="right">{formatShare(row.unknownSharePercent)}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.carbonKgCo2e)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.meets25 ? 'teal' : 'gray'}>
                  {row.meets25 ? t`reaches 25 %` : t`below 25 %`}
                </Badge>{' '}
                <Badge variant="light" color={row.meets30 ? 'teal' : 'gray'}>
                  {row.meets30 ? t`reaches 30 %` : t`below 30 %`}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The years a view offers: this year and the four before it. */
export const yearsUpTo = (year: number) => Array.from({ length: 5 }, (_, index) => String(year - index));
