import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  clientSustainabilityDownloadYearStatement,
  clientSustainabilityExportYearFootprintCsv,
  clientSustainabilityExportYearFootprintJson,
  getClientSustainabilityGetYearFootprintQueryKey,
  useClientSustainabilityGetYearFootprint,
} from '@generated/endpoints/sustainability/sustainability';
import { now } from '../../components/clock';
import { QueryError } from '../../components/QueryError';
import { downloadAs, languageParams } from './downloads';
import { FootprintTable, yearsUpTo } from './FootprintTable';

/**
 * The client's recycled content and carbon: the lines invoiced in a year by month, by product and the
 * year, against the Single-Use Plastics Directive's 25 % and 30 %, with the CSV and JSON exports and the statement.
 */
export default function SustainabilityPage() {
  const [year, setYear] = useState(String(now().getUTCFullYear()));
  const body = { year: Number(year) };
  const query = useClientSustainabilityGetYearFootprint(body, { query: { queryKey: getClientSustainabilityGetYearFootprintQueryKey(body) } });
  const data = query.data;
  return (
    <Stack>
      <Title order={2}>Recycled content and carbon</Title>
      <Text size="sm" c="dimmed">
        The preforms of the lines invoiced in the year, from the lots they were made of. Mass whose lot is unknown is never counted as recycled.
      </Text>
      <Group align="end">
        <Select label="Year" data={yearsUpTo(now().getUTCFullYear())} value={year} onChange={(value) => value && setYear(value)} allowDeselect={false} w={120} />
        <Button variant="light" leftSection={<IconDownload size={14} />} onClick={() => void downloadAs(() => clientSustainabilityExportYearFootprintCsv(body), `recycled-content-${year}.csv`)}>
          CSV
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            void downloadAs(async () => new Blob([JSON.stringify(await clientSustainabilityExportYearFootprintJson(body), null, 2)], { type: 'application/json' }), `recycled-content-${year}.json`)
          }
        >
          JSON
        </Button>
        <Button leftSection={<IconDownload size={14} />} onClick={() => void downloadAs(() => clientSustainabilityDownloadYearStatement(body, languageParams()), `recycled-content-${year}.pdf`)}>
          Statement (PDF)
        </Button>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Text c="dimmed">Loading…</Text>
      ) : data.months.length === 0 ? (
        <Text>No line was invoiced in {year}.</Text>
      ) : (
        <>
          <Title order={3}>Year</Title>
          <FootprintTable rows={[data.total]} label={`The year ${year}`} first="Year" />
          <Title order={3}>By month</Title>
          <FootprintTable rows={data.months} label="By month" first="Month" />
          <Title order={3}>By product</Title>
          <FootprintTable rows={data.products} label="By product" first="Product" />
        </>
      )}
    </Stack>
  );
}
