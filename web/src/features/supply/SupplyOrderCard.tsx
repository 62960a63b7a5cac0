import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, lazy, Suspense, useState, type HTMLAttributes } from 'react';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconBuildingWarehouse, IconLock } from '@tabler/icons-react';
import type { SupplyOrder, SupplyOrderStatus } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { boxCount, boxesText, describeOrder, preformLabel } from './supplyBoard';
import './catalogue';
import { CardActionsButton } from './CardActionsButton';
import type { CardMenuProps } from './SupplyOrderCardMenu';

const loadCardMenu = () => import('./SupplyOrderCardMenu');
const CardMenu = lazy(loadCardMenu);

/**
 * A card's actions button. The menu behind it (Mantine's Menu and Floating UI, about 30 kB on the wire) loads on the
 * first use of any card's button, and the pointer coming near one starts that load; until it is there, the button
 * shows.
 */
function CardActions(props: CardMenuProps) {
  const [used, setUsed] = useState(false);
  const button = (
    <CardActionsButton label={props.label} onClick={() => setUsed(true)} onPointerEnter={() => void loadCardMenu()} />
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <CardMenu {...props} />
    </Suspense>
  );
}

interface CardBodyProps extends HTMLAttributes<HTMLElement> {
  order: SupplyOrder;
  /** The drag handle (the card's text) and its keyboard attributes, when the card can be dragged. */
  handleRef?: (element: HTMLElement | null) => void;
  handleProps?: HTMLAttributes<HTMLElement>;
  status: SupplyOrderStatus;
  onEdit?: (order: SupplyOrder) => void;
  onRemove?: (order: SupplyOrder) => void;
  dragging?: boolean;
  overlay?: boolean;
}

/**
 * What a card shows (part 2.1): due date (ETA while awaiting delivery), order number, warehouse, preform, amount and
 * boxes. The card is an article named by the order; its text is the drag handle (a button for the keyboard), and the
 * actions menu sits beside that handle, not inside it (WCAG 4.1.2). The pointer picks the card up anywhere but on the menu.
 */
export const SupplyOrderCardBody = forwardRef<HTMLElement, CardBodyProps>(function SupplyOrderCardBody(
  { order, status, onEdit, onRemove, dragging, overlay, handleRef, handleProps, style, ...rest },
  ref,
) {
  const { t } = useLingui();
  const boxes = boxCount(order.orderedAmount, order.Preform.qtyPerBox);
  const due = formatListDate(order.dueDate);
  const amount = formatNumber(order.orderedAmount);
  const described = describeOrder(order);
  const lotNumber = order.Lot?.supplierLotNumber;
  const lotId = order.Lot?.id;
  const locked = status === 'delivered';
  const menu = status === 'pending' && onEdit && onRemove ? { onEdit, onRemove } : null;
  return (
    <Paper
      ref={ref}
      component="article"
      aria-label={described}
      pos="relative"
      withBorder
      radius="sm"
      p="sm"
      shadow={overlay ? 'md' : 'xs'}
      style={{ cursor: locked ? 'default' : overlay ? 'grabbing' : 'grab', opacity: dragging ? 0.4 : 1, touchAction: 'none', ...style }}
      data-supply-order={order.id}
      {...rest}
    >
      <Stack ref={handleRef} gap={4} className="mantine-focus-auto" {...handleProps}>
        <Group justify="space-between" wrap="nowrap" gap="xs" pr={menu ? 28 : 0}>
          <Text size="sm" fw={600}>
            {status === 'ordered' ? <Trans>ETA {due}</Trans> : <Trans>Due {due}</Trans>}
          </Text>
          <Group gap={4} wrap="nowrap">
            {order.ClientProductionOrder && (
              <Badge variant="light" size="sm" title={t`Production order`}>
                {order.ClientProductionOrder.orderNo}
              </Badge>
            )}
            {locked && <IconLock size={14} aria-label={t`In stock, cannot be moved`} color="var(--mantine-color-dimmed)" />}
          </Group>
        </Group>
        <Text size="sm">{preformLabel(order.Preform)}</Text>
        <Group gap={4} wrap="nowrap">
          <IconBuildingWarehouse size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {order.PreformWarehouse.warehouseName}
          </Text>
        </Group>
        {order.Lot && (
          // The preform lot the delivery made, by the supplier's lot number when it has one.
          <Text size="sm" c="dimmed">
            {lotNumber ? <Trans>Lot {lotNumber}</Trans> : <Trans>Lot {lotId}, no supplier lot number</Trans>}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            <Trans>{amount} pcs</Trans>
          </Text>
          {boxes != null && (
            <Text size="sm" c="dimmed">
              {boxesText(boxes)}
            </Text>
          )}
        </Group>
      </Stack>
      {menu && (
        // The menu is not part of the drag handle: its clicks and keys must not pick the card up.
        <Box pos="absolute" top={10} right={10} onPointerDown={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          <CardActions label={t`Actions for ${described}`} onEdit={() => menu.onEdit(order)} onRemove={() => menu.onRemove(order)} />
        </Box>
      )}
    </Paper>
  );
});

/** A draggable card. Cards in 'Added to stock' cannot be dragged out (the API refuses such moves too). */
export function SupplyOrderCard({ order, status, moving, onEdit, onRemove }: { order: SupplyOrder; status: SupplyOrderStatus; moving: boolean; onEdit: (order: SupplyOrder) => void; onRemove: (order: SupplyOrder) => void }) {
  const { t } = useLingui();
  const disabled = status === 'delivered' || moving;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: order.id,
    data: { status },
    disabled,
    attributes: { roleDescription: disabled ? t`supply order` : t`draggable supply order` },
  });
  return (
    <SupplyOrderCardBody
      ref={setNodeRef}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, 'aria-label': describeOrder(order), 'aria-busy': moving || undefined }}
      order={order}
      status={status}
      onEdit={onEdit}
      onRemove={onRemove}
      dragging={isDragging}
      {...listeners}
    />
  );
}
