import { Badge, Table } from '@mantine/core';
import type { FootprintRow } from '@generated/model';
import { formatNumber } from '../../components/format';
import { formatKg, formatShare } from './downloads';

/** Rows of a period view (months, products or years) with the share against the directive's 25 % and 30 %. */
export function FootprintTable({ rows, label, first }: { rows: FootprintRow[]; label: string; first: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">Preform mass</Table.Th>
            <Table.Th ta="right">Recycled mass</Table.Th>
            <Table.Th ta="right">Recycled share</Table.Th>
            <Table.Th ta="right">Unknown origin</Table.Th>
            <Table.Th ta="right">Carbon (kg CO2e)</Table.Th>
            <Table.Th>25 % / 30 %</Table.Th>
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
                  {row.meets25 ? 'reaches 25 %' : 'below 25 %'}
                </Badge>{' '}
                <Badge variant="light" color={row.meets30 ? 'teal' : 'gray'}>
                  {row.meets30 ? 'reaches 30 %' : 'below 30 %'}
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
