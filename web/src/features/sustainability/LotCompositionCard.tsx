import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import {
  adminSustainabilityDownloadLotCertificate,
  getAdminSustainabilityGetLotCompositionQueryKey,
  useAdminSustainabilityGetLotComposition,
} from '@generated/endpoints/sustainability/sustainability';
import type { LotComposition } from '@generated/model';
import { formatDecimals, formatListDate, formatNumber } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { downloadAs } from './downloads';
import './catalogue';

const LotCompositionDialog = lazy(() => import('./LotCompositionDialog'));

/** The admin's view of a lot's recycled content, evidence and carbon on the lot's page, with its editor. */
export default function LotCompositionCard({ lotId }: { lotId: number }) {
  const { t } = useLingui();
  const body = { lotId };
  const query = useAdminSustainabilityGetLotComposition(body, { query: { queryKey: getAdminSustainabilityGetLotCompositionQueryKey(body) } });
  const [editing, setEditing] = useState(false);
  const composition = query.data;
  const certificateName = composition?.certificateFile?.originalFilename;
  return (
    <Card withBorder component="section" aria-label={t`Recycled content and evidence`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3}>{t`Recycled content and evidence`}</Title>
          {composition && (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              {composition.recorded ? t`Correct evidence` : t`Record evidence`}
            </Button>
          )}
        </Group>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : !composition ? (
          <Text c="dimmed">{t`Loading…`}</Text>
        ) : !composition.recorded ? (
          <Text size="sm">{t`Not recorded: lines made from this lot state its preforms as of unknown origin.`}</Text>
        ) : (
          <CompositionFigures composition={composition} />
        )}
        {composition?.certificateFile && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => void downloadAs(() => adminSustainabilityDownloadLotCertificate({ lotId }), composition.certificateFile!.originalFilename)}
            >
              <Trans>Certificate file {certificateName}</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      {editing && composition && (
        <Suspense fallback={null}>
          <LotCompositionDialog composition={composition} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}

/** A recorded lot's shares, evidence and carbon, in the chosen language's numbers and days. */
function CompositionFigures({ composition }: { composition: LotComposition }) {
  const { t } = useLingui();
  const post = formatNumber(composition.postConsumerPercent);
  const pre = formatNumber(composition.preConsumerPercent);
  const scheme = composition.scheme === 'other' ? t`other` : (composition.scheme ?? '-');
  const certificateNo = composition.certificateNo ?? '';
  const validUntil = composition.validUntil ? formatListDate(composition.validUntil) : '-';
  const process = composition.recyclingProcess ?? '-';
  const carbon = formatDecimals(composition.carbonAppliedKgPerKg, 0, 4);
  const epd = composition.epdReference ?? '';
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <Text size="sm">{t`Post-consumer: ${post} %`}</Text>
      <Text size="sm">{t`Pre-consumer: ${pre} %`}</Text>
      <Text size="sm">{t`Certificate: ${scheme} ${certificateNo}`}</Text>
      <Text size="sm">{t`Valid until: ${validUntil}`}</Text>
      <Text size="sm">{t`EU 2022/1616 process: ${process}`}</Text>
      <Text size="sm">{composition.carbonSource === 'epd' ? t`Carbon: ${carbon} kg CO2e/kg (EPD ${epd})` : t`Carbon: ${carbon} kg CO2e/kg (documented default)`}</Text>
    </SimpleGrid>
  );
}
