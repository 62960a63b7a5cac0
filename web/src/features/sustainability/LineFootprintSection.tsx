import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

/**
 * A delivered line's recycled content and carbon, beside its lots and declaration in the client's line
 * view: the preform mass, the recycled mass and share, the share of unknown origin (never guessed), the carbon, the
 * lots it comes from, and the statement per invoice.
 */
export default function LineFootprintSection({ itemId }: { itemId: number }) {
  const { t } = useLingui();
  const body = { id: itemId };
  const query = useClientSustainabilityGetItemFootprint(body, { query: { queryKey: getClientSustainabilityGetItemFootprintQueryKey(body) } });
  const footprint = query.data;
  const preformsText = (count: number) => {
    const preforms = formatNumber(count);
    return t`${preforms} preforms`;
  };
  const postConsumerText = (share: number) => {
    const postConsumer = formatShare(share);
    return t`post-consumer ${postConsumer}`;
  };
  const carbonText = (kg: number) => {
    const carbon = formatNumber(kg);
    return t`${carbon} kg CO2e (of the known mass)`;
  };
  const lotText = (id: number) => t`Lot ${id}`;
  const compositionText = (postConsumerPercent: number, preConsumerPercent: number) => {
    const post = formatNumber(postConsumerPercent);
    const pre = formatNumber(preConsumerPercent);
    return t`${post} % post-consumer, ${pre} % pre-consumer`;
  };
  let content;
  if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!footprint)
    content = (
      <Text size="sm" c="dimmed">
        <Trans>Loading recycled content…</Trans>
      </Text>
    );
  else if (footprint.figures.preforms === 0) content = <Text size="sm">{t`No preforms recorded for this line yet.`}</Text>;
  else
    content = (
      <>
        {!footprint.delivered && <Text size="sm">{t`Not invoiced yet: the figures so far, declared once the line is invoiced.`}</Text>}
        <Table withRowBorders={false} verticalSpacing={2} aria-label={t`Recycled content and carbon of the line`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t`Preform mass`}</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.preformMassKg)} ({preformsText(footprint.figures.preforms)})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t`Recycled content`}</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.recycledMassKg)} · {formatShare(footprint.figures.recycledSharePercent)} ({postConsumerText(footprint.figures.postConsumerSharePercent)})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t`Unknown origin`}</Table.Th>
              <Table.Td>
                {formatKg(footprint.figures.unknownMassKg)} · {formatShare(footprint.figures.unknownSharePercent)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t`Carbon, cradle to gate`}</Table.Th>
              <Table.Td>{carbonText(footprint.figures.carbonKgCo2e)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <List spacing={4} size="sm">
          {footprint.lots.map((lot) => (
            <List.Item key={lot.id}>
              {lot.supplierLotNumber ?? lotText(lot.id)} ·{' '}
              {lot.postConsumerPercent === null ? t`composition not recorded (unknown)` : compositionText(lot.postConsumerPercent, lot.preConsumerPercent ?? 0)}
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
                    <Trans>Certificate file</Trans>
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
        {footprint.invoices.length > 0 && (
          <Group gap="xs">
            {footprint.invoices.map(({ id, invoiceNumber }) => (
              <Button
                key={id}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} />}
                onClick={() => void downloadAs(() => clientSustainabilityDownloadInvoiceStatement({ id }, languageParams()), `recycled-content-${invoiceNumber}.pdf`)}
              >
                <Trans>Recycled content statement {invoiceNumber}</Trans>
              </Button>
            ))}
          </Group>
        )}
      </>
    );
  return (
    <Stack gap={6} component="section" aria-label={t`Recycled content and carbon`}>
      <Title order={4}>{t`Recycled content and carbon`}</Title>
      {content}
    </Stack>
  );
}
