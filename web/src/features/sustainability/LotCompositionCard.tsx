import { lazy, Suspense, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import {
  adminSustainabilityDownloadLotCertificate,
  getAdminSustainabilityGetLotCompositionQueryKey,
  useAdminSustainabilityGetLotComposition,
} from '@generated/endpoints/sustainability/sustainability';
import { formatListDate } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { downloadAs } from './downloads';

const LotCompositionDialog = lazy(() => import('./LotCompositionDialog'));

/** The admin's view of a lot's recycled content, evidence and carbon on the lot's page, with its editor. */
export default function LotCompositionCard({ lotId }: { lotId: number }) {
  const body = { lotId };
  const query = useAdminSustainabilityGetLotComposition(body, { query: { queryKey: getAdminSustainabilityGetLotCompositionQueryKey(body) } });
  const [editing, setEditing] = useState(false);
  const composition = query.data;
  return (
    <Card withBorder component="section" aria-label="Recycled content and evidence">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3}>Recycled content and evidence</Title>
          {composition && (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              {composition.recorded ? 'Correct evidence' : 'Record evidence'}
            </Button>
          )}
        </Group>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : !composition ? (
          <Text c="dimmed">Loading…</Text>
        ) : !composition.recorded ? (
          <Text size="sm">Not recorded: lines made from this lot state its preforms as of unknown origin.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Text size="sm">Post-consumer: {composition.postConsumerPercent} %</Text>
            <Text size="sm">Pre-consumer: {composition.preConsumerPercent} %</Text>
            <Text size="sm">
              Certificate: {composition.scheme ?? '-'} {composition.certificateNo ?? ''}
            </Text>
            <Text size="sm">Valid until: {composition.validUntil ? formatListDate(composition.validUntil) : '-'}</Text>
            <Text size="sm">EU 2022/1616 process: {composition.recyclingProcess ?? '-'}</Text>
            <Text size="sm">
              Carbon: {composition.carbonAppliedKgPerKg} kg CO2e/kg ({composition.carbonSource === 'epd' ? `EPD ${composition.epdReference ?? ''}` : 'documented default'})
            </Text>
          </SimpleGrid>
        )}
        {composition?.certificateFile && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => void downloadAs(() => adminSustainabilityDownloadLotCertificate({ lotId }), composition.certificateFile!.originalFilename)}
            >
              Certificate file {composition.certificateFile.originalFilename}
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
