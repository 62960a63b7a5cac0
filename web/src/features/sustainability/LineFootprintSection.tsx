import { Anchor, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  clientSustainabilityDownloadInvoiceStatement,
  clientSustainabilityDownloadItemLotCertificate,
  getClientSustainabilityGetItemFootprintQueryKey,
  useClientSustainabilityGetItemFootprint,
} from '@generated/endpoints/sustainability/sustainability';
import { formatNumber } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { downloadAs, formatKg, formatShare, languageParams } from './downloads';

/**
 * A delivered line's recycled content and carbon, beside its lots and declaration in the client's line
 * view: the preform mass, the recycled mass and share, the share of unknown origin (never guessed), the carbon, the
 * lots it comes from, and the statement per invoice.
 */
export default function LineFootprintSection({ itemId }: { itemId: number }) {
  const body = { id: itemId };
  const query = useClientSustainabilityGetItemFootprint(body, { query: { queryKey: getClientSustainabilityGetItemFootprintQueryKey(body) } });
  const footprint = query.data;
  let content;
  if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!footprint)
    content = (
      <Text size="sm" c="dimmed">
        Loading recycled content…
      </Text>
    );
  else if (footprint.figures.preforms === 0) content = <Text size="sm">No preforms recorded for this line yet.</Text>;
  else
    content = (
      <>
        {!footprint.delivered && <Text size="sm">Not invoiced yet: the figures so far, declared once the line is invoiced.</Text>}
        <Table withRowBorders={false} verticalSpacing={2} aria-label="Recycled content and carbon of the line">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Preform mass</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.preformMassKg)} ({formatNumber(footprint.figures.preforms)} preforms)
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Recycled content</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.recycledMassKg)} · {formatShare(footprint.figures.recycledSharePercent)} (post-consumer {formatShare(footprint.figures.postConsumerSharePercent)})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Unknown origin</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.unknownMassKg)} · {formatShare(footprint.figures.unknownSharePercent)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Carbon, cradle to gate</Table.Th>
              <Table.Td>{formatNumber(footprint.figures.carbonKgCo2e)} kg CO2e (of the known mass)</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <List spacing={4} size="sm">
          {footprint.lots.map((lot) => (
            <List.Item key={lot.id}>
              {lot.supplierLotNumber ?? `Lot ${lot.id}`} ·{' '}
              {lot.postConsumerPercent === null ? 'composition not recorded (unknown)' : `${lot.postConsumerPercent} % post-consumer, ${lot.preConsumerPercent} % pre-consumer`}
              {lot.certificateNo ? ` · ${lot.scheme ?? ''} ${lot.certificateNo}` : ''}
              {lot.certificateFile && (
                <>
                  {' · '}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => void downloadAs(() => clientSustainabilityDownloadItemLotCertificate({ id: itemId, lotId: lot.id }), lot.certificateFile!.originalFilename)}
                  >
                    Certificate file
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
        {footprint.invoices.length > 0 && (
          <Group gap="xs">
            {footprint.invoices.map((invoice) => (
              <Button
                key={invoice.id}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} />}
                onClick={() => void downloadAs(() => clientSustainabilityDownloadInvoiceStatement({ id: invoice.id }, languageParams()), `recycled-content-${invoice.invoiceNumber}.pdf`)}
              >
                Recycled content statement {invoice.invoiceNumber}
              </Button>
            ))}
          </Group>
        )}
      </>
    );
  return (
    <Stack gap={6} component="section" aria-label="Recycled content and carbon">
      <Title order={4}>Recycled content and carbon</Title>
      {content}
    </Stack>
  );
}
