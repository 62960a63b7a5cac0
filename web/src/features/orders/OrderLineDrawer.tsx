import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { documentLanguage } from '../../i18n/locales';
import { Anchor, Badge, Button, Drawer, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { IconDownload } from '@tabler/icons-react';
import { getClientClaimsGetClaimsQueryKey, useClientClaimsGetClaims } from '@generated/endpoints/claims/claims';
import { getClientLotsGetItemLotsQueryKey, useClientLotsGetItemLots } from '@generated/endpoints/lots/lots';
import { useDocumentsDownloadDeclaration } from '@generated/endpoints/invoices/invoices';
import type { Claim, ClaimStatus } from '@generated/model';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { useAppContext } from '../../app/context';
import { mayCall } from '../../app/face';
import { formatListDate, formatNumber } from '../../components/format';
import { OrderProgress } from '../../components/OrderProgress';
import { QueryError } from '../../components/QueryError';
import { useWideScreen } from '../../components/useWideScreen';
import type { DraftItem } from './orderItems';
import { producedPart } from './orderItems';
import './catalogue';
import { STATUS_LABELS } from '../claims/claimsApi';
import LineFootprintSection from '../sustainability/LineFootprintSection';

/** How many claims of the order the line's claims are looked for in (a claim names the order and the product). */
const CLAIMS_OF_ORDER = 100 as const;

/** The claims on a line: those of its order about its product (a claim names an order and a product, not an item). */
export const claimsOfLine = (claims: Claim[], orderId: number, item: Pick<DraftItem, 'clientProductId'>) =>
  claims.filter((claim) => claim.clientProductionOrderId === orderId && claim.clientProductId === item.clientProductId);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  );
}

/**
 * One view of a delivered (saved) order line in the client's order editor: its production progress,
 * the preform lots its bottles were made from, its declaration of conformity (once invoiced) and any claim on it. A
 * drawer from the right (the whole screen on a phone); Escape or Close returns to the line's button.
 */
export default function OrderLineDrawer({ item, order, title, onClose }: { item: DraftItem & { id: number }; order: { id: number; orderNo: string }; title: string; onClose: () => void }) {
  const { t } = useLingui();
  const wide = useWideScreen();
  const { session } = useAppContext();
  const [produced, planned, deliverAt] = [formatNumber(item.producedAmount ?? 0), formatNumber(item.plannedAmount), formatListDate(item.dueDate)];
  return (
    <Drawer opened onClose={onClose} position="right" size={wide ? 'lg' : '100%'} title={t`Line ${title}`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="lg">
        <Section title={t`Production`}>
          <Group gap="md">
            <OrderProgress part={producedPart(item)} />
            <Text size="sm">
              <Trans>
                {produced} of {planned} bottles produced
              </Trans>
            </Text>
            {item.isClosed && (
              <Badge variant="light">
                <Trans>Closed</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <Trans>Deliver at {deliverAt}</Trans>
          </Text>
        </Section>
        <LineLots itemId={item.id} />
        <LineDeclaration item={item} />
        {mayCall('ClientSustainability_getItemFootprint', session.user.roles) && <LineFootprintSection itemId={item.id} />}
        <LineClaims item={item} order={order} />
      </Stack>
    </Drawer>
  );
}

function LineClaims({ item, order }: { item: DraftItem; order: { id: number; orderNo: string } }) {
  const body = { pagination: { page: 1, rowsPerPage: CLAIMS_OF_ORDER, sortBy: 'id' as const, descending: true }, filter: order.orderNo };
  const query = useClientClaimsGetClaims(body, { query: { queryKey: getClientClaimsGetClaimsQueryKey(body) } });
  const claims = claimsOfLine(query.data?.rows ?? [], order.id, item);
  const { t } = useLingui();
  return (
    <Section title={t`Claims`}>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text size="sm" c="dimmed">
          <Trans>Loading claims…</Trans>
        </Text>
      ) : claims.length === 0 ? (
        <Text size="sm">
          <Trans>No claim on this line.</Trans>
        </Text>
      ) : (
        <List spacing={4} size="sm">
          {claims.map((claim) => (
            <ClaimLine key={claim.id} id={claim.id} status={claim.status} rejected={formatNumber(claim.amount)} delivered={formatListDate(claim.deliveryDate)} />
          ))}
        </List>
      )}
    </Section>
  );
}

/** The line's preform lots and the invoices billing it (one request, shared by the lots and the declaration). */
function useLineLots(itemId: number, enabled = true) {
  const body = { id: itemId };
  return useClientLotsGetItemLots(body, { query: { queryKey: getClientLotsGetItemLotsQueryKey(body), enabled } });
}

function LineDeclaration({ item }: { item: DraftItem & { id: number } }) {
  const { t } = useLingui();
  const { session } = useAppContext();
  // A buyer has no invoices (its seller bills it): no declaration to download here.
  const mayDownload = mayCall('Documents_downloadDeclaration', session.user.roles) && session.user.documentsRole === 'client';
  const invoicesQuery = useLineLots(item.id, mayDownload && item.hasInvoice);
  const download = useDocumentsDownloadDeclaration({ mutation: { meta: { silent: true } } });
  const invoices = invoicesQuery.data?.invoices ?? [];
  const save = async (invoice: { id: number; invoiceNumber: string }) => {
    let file: Blob;
    try {
      // In the person's language, not the company's default (the API's `language` parameter).
      const language = documentLanguage();
      file = await download.mutateAsync({ role: 'client', data: { id: invoice.id }, ...(language ? { params: { language } } : {}) });
    } catch (error) {
      notifications.show({ color: 'red', role: 'alert', title: t`Download failed`, message: describeError(error) });
      return;
    }
    try {
      const invoiceNumber = invoice.invoiceNumber;
      saveFile(file, t`DECLARATION OF CONFORMITY ${invoiceNumber}.pdf`);
    } catch {
      notifications.show({ color: 'red', role: 'alert', message: MESSAGES.downloadDenied });
    }
  };
  let content: ReactNode;
  if (!item.hasInvoice) content = (
      <Text size="sm">
        <Trans>Not invoiced yet: the declaration of conformity comes with the invoice.</Trans>
      </Text>
    );
  else if (!mayDownload) content = (
      <Text size="sm">
        <Trans>Invoiced. The declaration of conformity comes with the invoice from your supplier.</Trans>
      </Text>
    );
  else if (invoicesQuery.isError) content = <QueryError error={invoicesQuery.error} onRetry={() => void invoicesQuery.refetch()} />;
  else if (invoicesQuery.isPending)
    content = (
      <Text size="sm" c="dimmed">
        <Trans>Loading invoices…</Trans>
      </Text>
    );
  else if (invoices.length === 0)
    content = (
      <Text size="sm">
        <Trans>
          Invoiced. Download its declaration of conformity from{' '}
          <Anchor component={Link} to="/documents">
            Invoices
          </Anchor>
          .
        </Trans>
      </Text>
    );
  else
    content = (
      <Group gap="xs">
        {invoices.map((invoice) => (
          <Button key={invoice.id} variant="light" size="xs" leftSection={<IconDownload size={14} />} loading={download.isPending} onClick={() => void save(invoice)}>
            <DeclarationLabel invoiceNumber={invoice.invoiceNumber} />
          </Button>
        ))}
      </Group>
    );
  return <Section title={t`Declaration of conformity`}>{content}</Section>;
}

/**
 * The line's lots with its unlotted share beside them: preforms used before any lot of the preform was delivered come
 * from no lot, and leaving them out would make one lot look like the whole source.
 */
function LineLots({ itemId }: { itemId: number }) {
  const query = useLineLots(itemId);
  const lots = query.data?.lots ?? [];
  const unlotted = query.data?.unlottedPreforms ?? 0;
  const lotted = lots.reduce((sum, lot) => sum + lot.preforms, 0);
  const { t } = useLingui();
  const [fromLots, used, withoutLot] = [formatNumber(lotted), formatNumber(lotted + unlotted), formatNumber(unlotted)];
  return (
    <Section title={t`Preform lots`}>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text size="sm" c="dimmed">
          <Trans>Loading lots…</Trans>
        </Text>
      ) : lots.length === 0 && unlotted === 0 ? (
        <Text size="sm">
          <Trans>No preform lot recorded yet: lots are recorded as bottles are produced.</Trans>
        </Text>
      ) : (
        <>
          {unlotted > 0 && (
            <Text size="sm">
              <Trans>
                {fromLots} of {used} preforms from lots, {withoutLot} without a lot.
              </Trans>
            </Text>
          )}
          <List spacing={4} size="sm">
            {lots.map((lot) => (
              <LotLine
                key={lot.id}
                id={lot.id}
                lotNumber={lot.supplierLotNumber}
                preformName={lot.preformName}
                manufacturerName={lot.manufacturerName}
                delivered={formatListDate(lot.deliveryDate)}
                preforms={formatNumber(lot.preforms)}
              />
            ))}
            {unlotted > 0 && (
              <List.Item>
                <Text span fw={600} size="sm">
                  <Trans>Without a lot</Trans>
                </Text>{' '}
                · <Trans>used before a lot of the preform was delivered, or beyond the lots</Trans> · <Trans>{withoutLot} preforms</Trans>
              </List.Item>
            )}
          </List>
        </>
      )}
    </Section>
  );
}

/** A claim on the line: its link, its status as the claims list words it (in the chosen language), its figures. */
function ClaimLine({ id, status, rejected, delivered }: { id: number; status: ClaimStatus; rejected: string; delivered: string }) {
  const { i18n } = useLingui();
  return (
    <List.Item>
      <Anchor component={Link} to={`/claims/${id}`}>
        <Trans>Claim {id}</Trans>
      </Anchor>{' '}
      · {i18n._(STATUS_LABELS[status])} · <Trans>{rejected} bottles rejected</Trans> · <Trans>delivered {delivered}</Trans>
    </List.Item>
  );
}

function DeclarationLabel({ invoiceNumber }: { invoiceNumber: string }) {
  return <Trans>Declaration of conformity {invoiceNumber}</Trans>;
}

function LotLine(lot: { id: number; lotNumber: string | null; preformName: string; manufacturerName: string; delivered: string; preforms: string }) {
  const { t } = useLingui();
  const { id, delivered, preforms } = lot;
  return (
    <List.Item>
      <Text span fw={600} size="sm">
        {lot.lotNumber ?? t`Lot ${id}`}
      </Text>{' '}
      · {lot.preformName} · {lot.manufacturerName} · <Trans>delivered {delivered}</Trans> · <Trans>{preforms} preforms</Trans>
    </List.Item>
  );
}
