import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Box, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  getClientPortfolioGetMachineStatusQueryKey,
  useClientPortfolioGetMachineStatus,
  useClientPortfolioGetPortfolio,
} from '@generated/endpoints/portfolio/portfolio';
import { useSessionGetMe } from '@generated/endpoints/session/session';
import type { MachineStatus, PortfolioProduct, WarehouseStock } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { formatAbbreviated, formatDateTime, formatListDate, formatNumber } from '../../components/format';
import './catalogue';

/** A stopped machine: the live state when the API gives it, else a stop with a start or a cause. */
const isStopped = (machine: MachineStatus) =>
  machine.state !== undefined ? machine.state === 'stopped' : machine.DowntimeCause !== null || machine.stoppedSince !== null;

/** The client's open order items the stopped machine was making: article, due date, quantity still to make. */
function AffectedItems({ machine }: { machine: MachineStatus }) {
  const { t } = useLingui();
  const { machineName } = machine;
  const items = machine.affectedItems ?? [];
  if (items.length === 0) return null;
  return (
    <Box mt={6}>
      <Text size="xs" fw={600}>
        <Trans>Open order items it was making:</Trans>
      </Text>
      <List size="xs" spacing={0} aria-label={t`Order items affected by the ${machineName} stop`}>
        {items.map((item) => {
          const { articleNo, productName } = item;
          const due = formatListDate(item.dueDate);
          const remaining = formatNumber(item.remainingQuantity);
          return (
            <List.Item key={item.id}>
              <Trans>
                {articleNo} {productName}, due {due}, {remaining} still to produce
              </Trans>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

/** 'The {machine} machine has been stopped by cause : {cause}!' (part 2.4, spelled so), one per stopped machine. */
function StoppedMachines({ machines }: { machines: MachineStatus[] }) {
  const { t } = useLingui();
  return machines.filter(isStopped).map((machine) => {
    const { machineName } = machine;
    const cause = machine.DowntimeCause?.causeName ?? t`not given yet`;
    const since = formatDateTime(machine.stoppedSince);
    return (
      <Alert key={machine.machineName} color="red" variant="filled" icon={<IconAlertTriangle />} role="alert">
        <Text fw={600} size="sm">
          <Trans>
            The {machineName} machine has been stopped by cause : {cause}!
          </Trans>
        </Text>
        {machine.stoppedSince && (
          <Text size="xs">
            <Trans>Stopped since {since}</Trans>
          </Text>
        )}
        <AffectedItems machine={machine} />
      </Alert>
    );
  });
}

function ProductCard({ product }: { product: PortfolioProduct }) {
  const { t } = useLingui();
  const { Preform: preform, seller } = product;
  const weight = formatNumber(preform.weight);
  const facts: [string, string][] = [
    [t`Neck`, preform.neck],
    [t`Weight`, t`${weight} g`],
    [t`Material`, preform.material],
    [t`Colour`, preform.color],
  ];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${product.articleNo} ${product.productName}`}>
      <Group gap={6} mb={6}>
        <Badge variant="light">{product.articleNo}</Badge>
        {product.seller && (
          <Badge variant="outline" color="gray" title={t`A seller's product assigned to you: you order and claim it; the seller manages it.`}>
            <Trans>Read-only</Trans>
          </Badge>
        )}
      </Group>
      <Text fw={600} lineClamp={2} mb={product.seller ? 0 : 'xs'}>
        {product.productName}
      </Text>
      {product.seller && (
        <Text size="sm" mb="xs">
          <Trans>Sold by {seller}</Trans>
        </Text>
      )}
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

/** 'Material stock' of one warehouse: a line per preform, abbreviated with k and M, red when zero or missing. */
function MaterialStock({ warehouse }: { warehouse: WarehouseStock }) {
  const { t } = useLingui();
  const { warehouseName } = warehouse;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t`Material stock ${warehouseName}`}>
      <Text fw={600} mb="xs">
        {warehouse.warehouseName}
      </Text>
      <Stack gap={4}>
        {warehouse.StockBalances.map((balance) => {
          const empty = balance.currentStock === null || balance.currentStock === 0;
          return (
            <Group key={balance.preformId} justify="space-between" wrap="nowrap" c={empty ? 'red' : undefined} data-empty={empty || undefined}>
              <Text size="sm" c="inherit">
                {balance.preformName}
              </Text>
              <Text size="sm" fw={600} c="inherit" title={balance.currentStock === null ? t`No stock` : formatNumber(balance.currentStock)}>
                {balance.currentStock === null ? '–' : formatAbbreviated(balance.currentStock)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/**
 * Client 'Portfolio' (/profile, part 2.4): the company and its contact, a red banner per stopped machine, a card per
 * product it can order (a seller's product assigned to a buyer is marked read-only, with the seller) and, unless the company's clientType attribute is '1', the preform stock per warehouse ('Material stock').
 */
export default function PortfolioPage() {
  const { t } = useLingui();
  const me = useSessionGetMe();
  const portfolio = useClientPortfolioGetPortfolio();
  // The banner follows the machines' live state: asked again while the page is open.
  const machines = useClientPortfolioGetMachineStatus({ query: { queryKey: getClientPortfolioGetMachineStatusQueryKey(), refetchInterval: 30_000 } });
  const showMaterialStock = me.data !== undefined && me.data.clientTypeAttribute !== '1';

  return (
    <Stack>
      {me.isError ? (
        <QueryError error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data ? (
        <div>
          <Title order={2}>{me.data.company ?? t`Portfolio`}</Title>
          <Text c="dimmed">
            {me.data.fullName}
            {me.data.fullName && me.data.email && ' · '}
            {me.data.email && <Anchor href={`mailto:${me.data.email}`}>{me.data.email}</Anchor>}
          </Text>
        </div>
      ) : (
        <Skeleton height={56} width={320} />
      )}

      {machines.isError ? (
        <QueryError error={machines.error} onRetry={() => void machines.refetch()} />
      ) : (
        machines.data && <StoppedMachines machines={machines.data} />
      )}

      <Title order={3}>
        <Trans>Products</Trans>
      </Title>
      {portfolio.isError ? (
        <QueryError error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      ) : portfolio.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : portfolio.data.clientProducts.length === 0 ? (
        <Text c="dimmed">
          <Trans>No products in your portfolio yet. Your account manager adds them.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {portfolio.data.clientProducts.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}

      {showMaterialStock && portfolio.data && portfolio.data.warehouseStock.length > 0 && (
        <>
          <Title order={3}>
            <Trans>Material stock</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {portfolio.data.warehouseStock.map((warehouse) => (
              <MaterialStock key={warehouse.id} warehouse={warehouse} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
