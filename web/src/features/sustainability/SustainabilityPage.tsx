import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

/**
 * The client's recycled content and carbon: the lines invoiced in a year by month, by product and the
 * year, against the Single-Use Plastics Directive's 25 % and 30 %, with the CSV and JSON exports and the statement.
 */
export default function SustainabilityPage() {
  const { t } = useLingui();
  const [year, setYear] = useState(String(now().getUTCFullYear()));
  const body = { year: Number(year) };
  const query = useClientSustainabilityGetYearFootprint(body, { query: { queryKey: getClientSustainabilityGetYearFootprintQueryKey(body) } });
  const data = query.data;
  return (
    <Stack>
      <Title order={2}>{t`Recycled content and carbon`}</Title>
      <Text size="sm" c="dimmed">
        <Trans>The preforms of the lines invoiced in the year, from the lots they were made of. Mass whose lot is unknown is never counted as recycled.</Trans>
      </Text>
      <Group align="end">
        <Select label={t`Year`} data={yearsUpTo(now().getUTCFullYear())} value={year} onChange={(value) => value && setYear(value)} allowDeselect={false} w={120} />
        <Button variant="light" leftSection={<IconDownload size={14} />} onClick={() => void downloadAs(() => clientSustainabilityExportYearFootprintCsv(body), `recycled-content-${year}.csv`)}>
          <Trans>CSV</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            void downloadAs(async () => new Blob([JSON.stringify(await clientSustainabilityExportYearFootprintJson(body), null, 2)], { type: 'application/json' }), `recycled-content-${year}.json`)
          }
        >
          <Trans>JSON</Trans>
        </Button>
        <Button leftSection={<IconDownload size={14} />} onClick={() => void downloadAs(() => clientSustainabilityDownloadYearStatement(body, languageParams()), `recycled-content-${year}.pdf`)}>
          <Trans>Statement (PDF)</Trans>
        </Button>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : data.months.length === 0 ? (
        <Text>{t`No line was invoiced in ${year}.`}</Text>
      ) : (
        <>
          <Title order={3}>{t`Year`}</Title>
          <FootprintTable rows={[data.total]} label={t`The year ${year}`} first={t`Year`} />
          <Title order={3}>{t`By month`}</Title>
          <FootprintTable rows={data.months} label={t`By month`} first={t`Month`} />
          <Title order={3}>{t`By product`}</Title>
          <FootprintTable rows={data.products} label={t`By product`} first={t`Product`} />
        </>
      )}
    </Stack>
  );
}
