import { lazy, Suspense, useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Breadcrumbs, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from '@tanstack/react-router';
import { IconDownload, IconListDetails, IconPencil } from '@tabler/icons-react';
import {
  getStaffLotsGetLotQueryKey,
  getStaffLotsGetLotRecallQueryKey,
  getStaffLotsGetLotStockQueryKey,
  useStaffLotsExportLotEpcis,
  useStaffLotsExportLotRecallCsv,
  useStaffLotsExportLotRecallPdf,
  useStaffLotsGetLot,
  useStaffLotsGetLotRecall,
  useStaffLotsGetLotStock,
} from '@generated/endpoints/lots/lots';
import type { Lot, LotRecall, RecallClient, RecallItem, StaffRole } from '@generated/model';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { useAppContext } from '../../app/context';
import { mayCall } from '../../app/face';
import { formatListDate, formatNumber } from '../../components/format';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryError } from '../../components/QueryError';
import { isRecordId, RecordLoad, recordIdOf } from '../../components/RecordLoad';
import { lotLine, lotName, lotTitle, staffRoleOf, stateLabel } from './lots';
import { LOTS_PATH } from './paths';
import './catalogue';

const LotNumberDialog = lazy(() => import('./LotNumberDialog'));
const ProductionRecordsDialog = lazy(() => import('./ProductionRecordsDialog'));
const LotCompositionCard = lazy(() => import('../sustainability/LotCompositionCard'));

/** Saves a download, saying why when the server or the browser refuses it. */
async function download(fetchFile: () => Promise<Blob>, fallback: string, failed: string) {
  let file: Blob;
  try {
    file = await fetchFile();
  } catch (error) {
    notifications.show({ color: 'red', role: 'alert', title: failed, message: describeError(error) });
    return;
  }
  try {
    saveFile(file, fallback);
  } catch {
    notifications.show({ color: 'red', role: 'alert', message: MESSAGES.downloadDenied });
  }
}

/**
 * Staff /lots/{id}: one preform lot in one screen: what it is (supplier, delivery, quantities; the admin sets
 * the supplier's lot number), the stock of its preform in its warehouse by lot, and the recall answer: who got bottles
 * from it (delivered or invoiced, by client with the contact), the open items that can still be stopped, the stock to
 * quarantine, with CSV, PDF and EPCIS downloads. Each item opens its production records (the admin corrects their lots).
 */
export default function LotPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const lotId = recordIdOf(id);
  const { session } = useAppContext();
  const role = staffRoleOf(session.user);
  const body = { id: lotId ?? 0 };
  const valid = isRecordId(lotId);
  const query = useStaffLotsGetLot(role, body, { query: { queryKey: getStaffLotsGetLotQueryKey(role, body), enabled: valid } });
  const { t } = useLingui();
  if (!valid) return <NotFoundPage />;
  return (
    <RecordLoad query={query} label={t`Loading lot`}>
      {(lot) => <LotView key={lot.id} lot={lot} role={role} />}
    </RecordLoad>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function LotView({ lot, role }: { lot: Lot; role: StaffRole }) {
  const { t } = useLingui();
  const [delivered, supplyOrderId, quantity, consumed, remaining] = [formatListDate(lot.deliveryDate), lot.supplyOrderId, formatNumber(lot.quantity), formatNumber(lot.consumed), formatNumber(lot.remaining)];
  const { session } = useAppContext();
  const mayEdit = mayCall('AdminLots_saveLot', session.user.roles);
  const [editing, setEditing] = useState(false);
  const [recordsOf, setRecordsOf] = useState<RecallItem | null>(null);
  // The clients with their counts first (a lot used by 10,000 items would answer megabytes); a client's items on demand.
  const recallBody = { id: lot.id, summary: true };
  const recall = useStaffLotsGetLotRecall(role, recallBody, { query: { queryKey: getStaffLotsGetLotRecallQueryKey(role, recallBody) } });

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to={LOTS_PATH}>
          <Trans>Preform lots</Trans>
        </Anchor>
        <Text>{lotName(lot)}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={2}>{lotTitle(lot)}</Title>
        <Badge variant="light" color={lot.state === 'open' ? 'blue' : 'gray'} size="lg">
          {stateLabel(lot.state)}
        </Badge>
      </Group>
      <Card withBorder component="section" aria-label={t`Lot`}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          <Field label={t`Supplier lot number`}>
            {/* The button goes under the number where the column is too narrow for both (a phone, longer words). */}
            <Group gap={4}>
              <span>{lot.supplierLotNumber ?? t`Not entered`}</span>
              {mayEdit && (
                <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setEditing(true)}>
                  {lot.supplierLotNumber ? t`Change` : t`Enter`}
                </Button>
              )}
            </Group>
          </Field>
          <Field label={t`Preform`}>{lot.Preform.preformName}</Field>
          <Field label={t`Warehouse`}>{lot.PreformWarehouse.warehouseName}</Field>
          <Field label={t`Supplier`}>{lot.Manufacturer.manufacturerName}</Field>
          <Field label={t`Delivered`}>
            <Trans>
              {delivered} (supply order {supplyOrderId})
            </Trans>
          </Field>
          <Field label={t`Quantity`}>
            <Trans>{quantity} preforms</Trans>
          </Field>
          <Field label={t`Consumed`}>
            <Trans>{consumed} preforms</Trans>
          </Field>
          <Field label={t`Remaining`}>
            <Trans>{remaining} preforms</Trans>
          </Field>
        </SimpleGrid>
      </Card>
      {mayCall('AdminSustainability_getLotComposition', session.user.roles) && (
        <Suspense fallback={null}>
          <LotCompositionCard lotId={lot.id} />
        </Suspense>
      )}
      <Recall lotId={lot.id} role={role} recall={recall} onRecords={setRecordsOf} />
      <StockByLot lot={lot} role={role} />
      {editing && (
        <Suspense fallback={null}>
          <LotNumberDialog lot={lot} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {recordsOf && (
        <Suspense fallback={null}>
          <ProductionRecordsDialog role={role} item={recordsOf} lot={lot} onClose={() => setRecordsOf(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function Recall({
  lotId,
  role,
  recall,
  onRecords,
}: {
  lotId: number;
  role: StaffRole;
  recall: { data: LotRecall | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  onRecords: (item: RecallItem) => void;
}) {
  const { t } = useLingui();
  const csv = useStaffLotsExportLotRecallCsv({ mutation: { meta: { silent: true } } });
  const pdf = useStaffLotsExportLotRecallPdf({ mutation: { meta: { silent: true } } });
  const epcis = useStaffLotsExportLotEpcis({ mutation: { meta: { silent: true } } });
  const epcisFile = async () => {
    const document = await epcis.mutateAsync({ role, data: { id: lotId } });
    return new File([JSON.stringify(document, null, 2)], `lot-${lotId}-epcis.jsonld`, { type: 'application/ld+json' });
  };
  return (
    <Stack component="section" aria-labelledby="recall-heading" gap="sm">
      <Group justify="space-between">
        <Title order={3} id="recall-heading">
          <Trans>Recall</Trans>
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={csv.isPending} onClick={() => void download(() => csv.mutateAsync({ role, data: { id: lotId } }), `recall-lot-${lotId}.csv`, t`Download failed`)}>
            <Trans>Download CSV</Trans>
          </Button>
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={pdf.isPending} onClick={() => void download(() => pdf.mutateAsync({ role, data: { id: lotId } }), `recall-lot-${lotId}.pdf`, t`Download failed`)}>
            <Trans>Download PDF</Trans>
          </Button>
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={epcis.isPending} onClick={() => void download(epcisFile, `lot-${lotId}-epcis.jsonld`, t`Download failed`)}>
            <Trans>Download EPCIS</Trans>
          </Button>
        </Group>
      </Group>
      <RecordLoad query={recall} label={t`Loading the recall answer`}>
        {(answer) => (
          <Stack gap="md">
            <Text size="sm">
              <ClientCount count={answer.clientCount} />
            </Text>
            <Stack component="section" aria-labelledby="quarantine-heading" gap={4}>
              <Title order={4} id="quarantine-heading">
                <Trans>Stock to quarantine</Trans>
              </Title>
              <Text size="sm">
                <Quarantine preforms={formatNumber(answer.quarantine.preforms)} warehouse={answer.lot.PreformWarehouse.warehouseName} bottles={formatNumber(answer.quarantine.bottles)} />
              </Text>
            </Stack>
            <RecallGroup
              id="recall-open"
              title={t`Open orders to stop`}
              empty={t`No open item used this lot.`}
              clients={answer.open}
              group="open"
              lotId={lotId}
              role={role}
              onRecords={onRecords}
            />
            <RecallGroup
              id="recall-delivered"
              title={t`Delivered or invoiced`}
              empty={t`Nothing made from this lot was delivered or invoiced yet.`}
              clients={answer.delivered}
              group="delivered"
              lotId={lotId}
              role={role}
              onRecords={onRecords}
            />
          </Stack>
        )}
      </RecordLoad>
    </Stack>
  );
}

/** How many clients got bottles from the lot. */
function ClientCount({ count }: { count: number }) {
  const { t } = useLingui();
  return count === 0 ? t`No client got bottles from this lot yet.` : plural(count, { one: '# client got bottles from this lot.', other: '# clients got bottles from this lot.' });
}

function Quarantine({ preforms, warehouse, bottles }: { preforms: string; warehouse: string; bottles: string }) {
  return (
    <Trans>
      {preforms} preforms of the lot in {warehouse}; {bottles} bottles made from it, produced and not yet delivered.
    </Trans>
  );
}

interface GroupProps {
  group: 'open' | 'delivered';
  lotId: number;
  role: StaffRole;
  onRecords: (item: RecallItem) => void;
}

function RecallGroup({ id, title, empty, clients, ...props }: GroupProps & { id: string; title: string; empty: string; clients: RecallClient[] }) {
  return (
    <Stack component="section" aria-labelledby={`${id}-heading`} gap="xs">
      <Title order={4} id={`${id}-heading`}>
        {title}
      </Title>
      {clients.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {clients.map((client) => (
        <RecallClientCard key={client.clientId} client={client} {...props} />
      ))}
    </Stack>
  );
}

/** One client of a recall group: who to call, how much of the lot it got, and its items when asked for. */
function RecallClientCard({ client, ...props }: GroupProps & { client: RecallClient }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const name = client.company ?? client.clientId;
  const itemsId = `recall-${props.group}-${client.clientId}`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={name}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{name}</Text>
        {client.contact ? (
          <Text size="sm">
            {client.contact.name ? `${client.contact.name}, ` : ''}
            <Anchor href={`mailto:${client.contact.email}`}>{client.contact.email}</Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No contact on record</Trans>
          </Text>
        )}
      </Group>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="sm">
          <ClientShare items={client.itemCount} bottles={formatNumber(client.bottlesFromLot)} />
        </Text>
        <Button size="compact-xs" variant="subtle" aria-expanded={open} aria-controls={open ? itemsId : undefined} onClick={() => setOpen((shown) => !shown)}>
          {open ? t`Hide items` : t`Show items`}
        </Button>
      </Group>
      {open && <ClientItems id={itemsId} clientId={client.clientId} name={name} {...props} />}
    </Card>
  );
}

/** A client's items and the bottles from the lot they hold. */
function ClientShare({ items, bottles }: { items: number; bottles: string }) {
  return plural(items, { one: `# item, ${bottles} bottles from the lot`, other: `# items, ${bottles} bottles from the lot` });
}

/** A client's items of the group, asked for that client only. */
function ClientItems({ id, clientId, name, group, lotId, role, onRecords }: GroupProps & { id: string; clientId: string; name: string }) {
  const body = { id: lotId, clientId };
  const query = useStaffLotsGetLotRecall(role, body, { query: { queryKey: getStaffLotsGetLotRecallQueryKey(role, body) } });
  const { t } = useLingui();
  return (
    <div id={id}>
      <RecordLoad query={query} label={t`Loading the items of ${name}`}>
        {(answer) => {
          const items = answer[group].find((client) => client.clientId === clientId)?.items ?? [];
          return (
            <Table.ScrollContainer minWidth={720} mt="xs">
              <Table striped withTableBorder fz="sm" aria-label={t`Items of ${name}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Order</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Article no.</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Title</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Deliver at</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Produced</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Bottles from lot</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Preforms from lot</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Invoices</Trans>
                    </Table.Th>
                    <Table.Th>
                      <VisuallyHidden>
                        <Trans>Production records</Trans>
                      </VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <ItemRow key={item.orderItemId} item={item} onRecords={onRecords} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </RecordLoad>
    </div>
  );
}

function ItemRow({ item, onRecords }: { item: RecallItem; onRecords: (item: RecallItem) => void }) {
  const { t } = useLingui();
  const [produced, planned, orderNo, articleNo, deliverAt] = [formatNumber(item.producedAmount), formatNumber(item.plannedAmount), item.orderNo, item.articleNo, formatListDate(item.dueDate)];
  return (
                    <Table.Tr>
                      <Table.Td>{item.orderNo}</Table.Td>
                      <Table.Td>{item.articleNo}</Table.Td>
                      <Table.Td>{item.productName}</Table.Td>
                      <Table.Td>{formatListDate(item.dueDate)}</Table.Td>
                      <Table.Td ta="right">
                        <Trans>
                          {produced} of {planned}
                        </Trans>
                      </Table.Td>
                      <Table.Td ta="right">{formatNumber(item.bottlesFromLot)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(item.preformsFromLot)}</Table.Td>
                      <Table.Td>{item.invoiceNumbers.length ? item.invoiceNumbers.join(', ') : '—'}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          leftSection={<IconListDetails size={12} />}
                          aria-label={t`Production records of ${orderNo} ${articleNo} ${deliverAt}`}
                          onClick={() => onRecords(item)}
                        >
                          <Trans>Records</Trans>
                        </Button>
                      </Table.Td>
                    </Table.Tr>
  );
}

/** The stock of the lot's preform in its warehouse: the ledger's balance, the open lots oldest first (FIFO's order) and what no lot explains. */
function StockByLot({ lot, role }: { lot: Lot; role: StaffRole }) {
  const body = { preformId: lot.preformId, preformWarehouseId: lot.preformWarehouseId };
  const query = useStaffLotsGetLotStock(role, body, { query: { queryKey: getStaffLotsGetLotStockQueryKey(role, body) } });
  const row = query.data?.rows[0];
  const { t } = useLingui();
  const [preform, warehouse] = [lot.Preform.preformName, lot.PreformWarehouse.warehouseName];
  return (
    <Stack component="section" aria-labelledby="stock-by-lot-heading" gap="xs">
      <Title order={3} id="stock-by-lot-heading">
        <Trans>
          Stock by lot: {preform} in {warehouse}
        </Trans>
      </Title>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Text size="sm" c="dimmed">
          <Trans>Loading stock…</Trans>
        </Text>
      ) : !row ? (
        <Text size="sm">
          <Trans>No stock of this preform in this warehouse.</Trans>
        </Text>
      ) : (
        <>
          <Text size="sm">
            <StockLine stock={formatNumber(row.currentStock)} inLots={formatNumber(row.inLots)} unlotted={formatNumber(row.unlotted)} />
          </Text>
          <Table withTableBorder fz="sm" maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Lot (oldest first: used first)</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Remaining</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.lots.map((open) => {
                const line = lotLine(open);
                return (
                <Table.Tr key={open.id} aria-current={open.id === lot.id ? 'true' : undefined} fw={open.id === lot.id ? 700 : undefined}>
                  <Table.Td>
                    {open.id === lot.id ? (
                      t`${line} (this lot)`
                    ) : (
                      <Anchor component={Link} to={`/lots/${open.id}`}>
                        {line}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(open.remaining)}</Table.Td>
                </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function StockLine({ stock, inLots, unlotted }: { stock: string; inLots: string; unlotted: string }) {
  return (
    <Trans>
      Stock {stock} preforms: {inLots} in open lots, {unlotted} without a lot.
    </Trans>
  );
}
