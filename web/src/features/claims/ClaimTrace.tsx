import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  clientLotsGetClaimLots,
  getClientLotsGetClaimLotsQueryKey,
  getStaffLotsGetClaimTraceQueryKey,
  getStaffLotsGetLotRecallQueryKey,
  staffLotsGetClaimTrace,
  staffLotsGetLotRecall,
} from '@generated/endpoints/lots/lots';
import type { Claim, ClaimTrace as ClaimTraceAnswer, LotRecall } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatListDate, formatNumber } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { LOT_PATH } from '../lots/paths';
import './catalogue';

/** How many other affected order items the claim page lists; the lot's recall screen has them all. */
export const AFFECTED_SHOWN = 50;

/** 'Lot 12 · RB-2211': the lot and the supplier's own lot number, when it has one. */
const lotName = ({ id, supplierLotNumber }: { id: number; supplierLotNumber: string | null }) =>
  supplierLotNumber ? t`Lot ${id} · ${supplierLotNumber}` : t`Lot ${id}`;

interface AffectedRow {
  orderItemId: number;
  orderNo: string;
  company: string;
  articleNo: string;
  state: 'delivered' | 'open';
  bottles: number;
  lots: string[];
}

/** The other order items of the lots' recall answers (the claim's own items left out), one row per item. */
export function affectedOrders(trace: ClaimTraceAnswer, recalls: (LotRecall | undefined)[]): AffectedRow[] {
  const own = new Set(trace.items.map((item) => item.orderItemId));
  const rows = new Map<number, AffectedRow>();
  trace.lots.forEach((lot, index) => {
    const recall = recalls[index];
    if (!recall) return;
    for (const [state, clients] of [
      ['delivered', recall.delivered],
      ['open', recall.open],
    ] as const) {
      for (const client of clients) {
        for (const item of client.items) {
          if (own.has(item.orderItemId)) continue;
          const row = rows.get(item.orderItemId);
          if (row) {
            row.bottles += item.bottlesFromLot;
            row.lots.push(lotName(lot));
          } else {
            rows.set(item.orderItemId, {
              orderItemId: item.orderItemId,
              orderNo: item.orderNo,
              company: client.company ?? client.clientId,
              articleNo: item.articleNo,
              state,
              bottles: item.bottlesFromLot,
              lots: [lotName(lot)],
            });
          }
        }
      }
    }
  });
  return [...rows.values()];
}

/**
 * The claim's trace, staff only: the lot(s) the claimed item was made from, with the supplier's delivery,
 * then the other orders made from the same lots (from each lot's recall answer). A claim whose order has no item of
 * the product, or whose item has no recorded lot, says so.
 */
export function ClaimTrace({ claim }: { claim: Claim }) {
  const { t } = useLingui();
  const orderNo = claim.ClientProductionOrder.orderNo;
  const articleNo = claim.ClientProduct.articleNo;
  const body = { claimId: claim.id };
  const trace = useQuery({
    queryKey: getStaffLotsGetClaimTraceQueryKey('admin', body),
    queryFn: ({ signal }) => staffLotsGetClaimTrace('admin', body, signal),
  });
  const lots = trace.data?.lots ?? [];
  const recalls = useQueries({
    queries: lots.map((lot) => ({
      queryKey: getStaffLotsGetLotRecallQueryKey('admin', { id: lot.id }),
      queryFn: ({ signal }: { signal: AbortSignal }) => staffLotsGetLotRecall('admin', { id: lot.id }, signal),
    })),
  });
  const recallError = recalls.find((recall) => recall.error)?.error;
  const affected = trace.data ? affectedOrders(trace.data, recalls.map((recall) => recall.data)) : [];

  return (
    <Stack gap="xs" role="region" aria-labelledby="claim-trace-title">
      <Title order={4} id="claim-trace-title">
        <Trans>Trace</Trans>
      </Title>
      {trace.isPending ? (
        <Loader size="sm" role="status" aria-label={t`Loading the trace`} />
      ) : trace.isError ? (
        <QueryError error={trace.error} onRetry={() => void trace.refetch()} />
      ) : !trace.data.items.length ? (
        <Text>
          <Trans>
            Order {orderNo} has no item of {articleNo}: there is nothing to trace.
          </Trans>
        </Text>
      ) : !lots.length ? (
        <Text>
          <NoLot articleNo={articleNo} orderNo={orderNo} unlotted={trace.data.unlottedPreforms} />
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t`Lots of the claimed item`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Lot</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Preform</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Supplier</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Delivered</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Supply order</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Warehouse</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Preforms used</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lots.map((lot) => (
                  <Table.Tr key={lot.id}>
                    <Table.Td>
                      <Anchor component={Link} to={LOT_PATH.replace('$id', String(lot.id))}>
                        {lotName(lot)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{lot.preformName}</Table.Td>
                    <Table.Td>{lot.manufacturerName}</Table.Td>
                    <Table.Td>{formatListDate(lot.deliveryDate)}</Table.Td>
                    <Table.Td>#{lot.SupplyOrder.id}</Table.Td>
                    <Table.Td>{lot.warehouseName}</Table.Td>
                    <Table.Td ta="right">{formatNumber(lot.preforms)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {trace.data.unlottedPreforms > 0 && <UnlottedShare preforms={trace.data.unlottedPreforms} />}
          <Text fw={500} size="sm" id="affected-orders-title">
            <Trans>Other orders made from these lots</Trans>
          </Text>
          {recallError ? (
            <Alert color="red" title={t`Could not load the other orders`}>
              {describeError(recallError)}
            </Alert>
          ) : recalls.some((recall) => recall.isPending) ? (
            <Loader size="sm" role="status" aria-label={t`Loading the other orders`} />
          ) : !affected.length ? (
            <Text size="sm" c="dimmed">
              <Trans>No other order was made from these lots.</Trans>
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table striped aria-labelledby="affected-orders-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Order</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Client</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Article</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>State</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Lot</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Bottles from the lot</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {affected.slice(0, AFFECTED_SHOWN).map((row) => (
                      <Table.Tr key={row.orderItemId}>
                        <Table.Td>{row.orderNo}</Table.Td>
                        <Table.Td>{row.company}</Table.Td>
                        <Table.Td>{row.articleNo}</Table.Td>
                        <Table.Td>{row.state === 'delivered' ? t`Delivered` : t`Open`}</Table.Td>
                        <Table.Td>{row.lots.join(', ')}</Table.Td>
                        <Table.Td ta="right">{formatNumber(row.bottles)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {affected.length > AFFECTED_SHOWN && (
                <Text size="sm" c="dimmed">
                  <MoreAffected count={affected.length - AFFECTED_SHOWN} />
                </Text>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** The preforms of the claimed item(s) no lot covers, said beside their lots so that the lots are not read as the whole source. */
function UnlottedShare({ preforms }: { preforms: number }) {
  const shown = formatNumber(preforms);
  return (
    <Text size="sm">
      <Trans>Without a lot: {shown} preforms, used before a lot of the preform was delivered, or beyond the lots.</Trans>
    </Text>
  );
}

/** Why a traced item has no lot: its preforms came before a lot or beyond the lots, or it has no production yet. */
function NoLot({ articleNo, orderNo, unlotted }: { articleNo: string; orderNo: string; unlotted: number }) {
  const shown = formatNumber(unlotted);
  return unlotted > 0 ? (
    <Trans>
      No preform lot is recorded for {articleNo} in order {orderNo}: its {shown} preforms were used before a lot of the preform was delivered, or beyond the lots.
    </Trans>
  ) : (
    <Trans>
      No preform lot is recorded for {articleNo} in order {orderNo}: no production is recorded for it, or its preforms came from stock without a lot.
    </Trans>
  );
}

/** The affected order items beyond those listed. */
function MoreAffected({ count }: { count: number }) {
  const shown = formatNumber(count);
  return <Trans>{shown} more: the lot's recall lists them all.</Trans>;
}

/**
 * The client's view: the lots of its own claim's item(s) only — lot, supplier lot number, delivery and
 * preform — and the preforms no lot covers, never the staff trace. Nothing shows when no lot is recorded.
 */
export function ClaimLots({ claim }: { claim: Claim }) {
  const body = { id: claim.id };
  const query = useQuery({
    queryKey: getClientLotsGetClaimLotsQueryKey(body),
    queryFn: ({ signal }) => clientLotsGetClaimLots(body, signal),
  });
  const lots = (query.data?.items ?? []).flatMap((item) => item.lots);
  const unlotted = (query.data?.items ?? []).reduce((sum, item) => sum + item.unlottedPreforms, 0);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!lots.length) return null;
  return (
    <Stack gap="xs">
      <Title order={4} id="claim-lots-title">
        <Trans>Lots of the claimed item</Trans>
      </Title>
      <Table striped aria-labelledby="claim-lots-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Lot</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Preform</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Delivered</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lots.map((lot, index) => (
            <Table.Tr key={`${lot.id}-${index}`}>
              <Table.Td>{lotName(lot)}</Table.Td>
              <Table.Td>{lot.preformName}</Table.Td>
              <Table.Td>{formatListDate(lot.deliveryDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {unlotted > 0 && <UnlottedShare preforms={unlotted} />}
    </Stack>
  );
}
