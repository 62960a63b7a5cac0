import { lazy, Suspense, useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { getAdminSupplyGetSupplyOrdersQueryKey, useAdminSupplyDeleteSupplyOrder } from '@generated/endpoints/supply/supply';
import type { SupplyOrder, SupplyOrderStatus } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { confirmDelete } from '../../components/confirmDelete';
import { SupplyOrderCard, SupplyOrderCardBody } from './SupplyOrderCard';
import { SuggestedColumn } from './SuggestedColumn';
import { boardAnnouncements, COLUMNS, columnCollision, columnTitle, columnKeyboardCoordinates, loadNextLabel, screenReaderInstructions } from './supplyBoard';
import { useSupplyBoard } from './useSupplyBoard';
import './catalogue';

const SupplyOrderDialog = lazy(() => import('./SupplyOrderDialog'));
const AddToStockDialog = lazy(() => import('./AddToStockDialog'));

/** The cards a column shows; `more` when further pages can be loaded (then the badge reads e.g. '50+'). */
type ColumnCount = { shown: number; more: boolean };

function BoardColumn({ status, title, count, action, dropTarget, children }: { status: SupplyOrderStatus; title: string; count?: ColumnCount; action?: ReactNode; dropTarget: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const shown = count?.shown ?? 0;
  const headingId = `supply-column-${status}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-column={status}
      withBorder
      radius="md"
      p="sm"
      bg={isOver && dropTarget ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      style={{ minHeight: 320, outline: dropTarget ? '2px dashed var(--mantine-color-blue-outline)' : undefined, transition: 'background-color 120ms' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" mih={30}>
        <Group gap="xs" wrap="nowrap">
          <Title order={4} id={headingId}>
            {title}
          </Title>
          {count != null && (
            <Badge variant="default" size="sm" aria-label={
                count.more
                  ? plural(shown, { one: '# supply orders shown, more to load', other: '# supply orders shown, more to load' })
                  : plural(shown, { one: '# supply orders', other: '# supply orders' })
              }>
              {count.shown}
              {count.more && '+'}
            </Badge>
          )}
        </Group>
        {action}
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

const Loading = () => (
  <>
    <Skeleton height={110} radius="sm" />
    <Skeleton height={110} radius="sm" />
  </>
);

/**
 * Admin '/' supply board 'Today overview' (part 2.1), with the suggested supply orders first: New (pending, the only column with 'Order'), Awaiting
 * delivery (ordered, with ETA) and Added to stock (delivered, newest first with 'Load older'); New and Awaiting
 * delivery show the earliest due cards first with 'Load more'. Cards move
 * between columns by pointer or keyboard (Space, arrows, Space); delivered cards stay put. A drop on Added to stock
 * asks first and takes the supplier's lot number.
 */
export default function SupplyBoardPage() {
  const { t } = useLingui();
  const board = useSupplyBoard();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<SupplyOrder | 'new' | null>(null);
  const [active, setActive] = useState<SupplyOrder | null>(null);
  // A card dropped on Added to stock waits here for the confirmation with its lot number.
  const [receiving, setReceiving] = useState<SupplyOrder | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const remove = useAdminSupplyDeleteSupplyOrder({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: [getAdminSupplyGetSupplyOrdersQueryKey()[0]] }) },
  });
  const confirmRemove = (order: SupplyOrder) =>
    confirmDelete({ title: t`Remove supply order`, count: 1, onConfirm: () => remove.mutate({ data: { orderId: order.id } }) });

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(board.find(Number(dragged.id)) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const order = board.find(Number(dragged.id));
    if (!order || !over) return;
    const to = over.id as SupplyOrderStatus;
    if (to === 'delivered' && order.orderStatus !== 'delivered' && !board.isMoving(order.id)) setReceiving(order);
    else void board.move(order, to);
  };

  const { pending, ordered, delivered } = board.queries;
  const content = (status: SupplyOrderStatus) => {
    const query = status === 'pending' ? pending : status === 'ordered' ? ordered : delivered;
    if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending) return <Loading />;
    const cards = board.column(status);
    return (
      <>
        {cards.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            <Trans>No supply orders</Trans>
          </Text>
        )}
        {cards.map((order) => (
          <SupplyOrderCard
            key={order.id}
            order={order}
            status={status}
            moving={board.isMoving(order.id)}
            onEdit={setDialog}
            onRemove={confirmRemove}
          />
        ))}
        {query.hasNextPage && (
          <Button variant="subtle" size="xs" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {loadNextLabel(status)}
          </Button>
        )}
      </>
    );
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>Today overview</Trans>
      </Title>
      <DndContext
        sensors={sensors}
        collisionDetection={columnCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{ announcements: boardAnnouncements((id) => board.find(Number(id))), screenReaderInstructions: screenReaderInstructions() }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <SuggestedColumn />
          {COLUMNS.map(({ status }) => (
            <BoardColumn
              key={status}
              status={status}
              title={columnTitle(status)}
              count={
                status === 'delivered' || !board.queries[status].data
                  ? undefined
                  : { shown: board.column(status).length, more: board.queries[status].hasNextPage }
              }
              dropTarget={active != null && active.orderStatus !== status}
              action={
                status === 'pending' ? (
                  <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog('new')}>
                    <Trans context="button: place a supply order">Order</Trans>
                  </Button>
                ) : undefined
              }
            >
              {content(status)}
            </BoardColumn>
          ))}
        </SimpleGrid>
        <DragOverlay dropAnimation={null}>{active ? <SupplyOrderCardBody order={active} status={active.orderStatus} overlay /> : null}</DragOverlay>
      </DndContext>
      {dialog && (
        <Suspense fallback={null}>
          <SupplyOrderDialog order={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {receiving && (
        <Suspense fallback={null}>
          <AddToStockDialog
            order={receiving}
            onClose={() => setReceiving(null)}
            onConfirm={(supplierLotNumber, certificate) => {
              setReceiving(null);
              void board.move(receiving, 'delivered', supplierLotNumber, certificate);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
