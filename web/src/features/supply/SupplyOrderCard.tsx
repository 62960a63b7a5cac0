import { forwardRef, type HTMLAttributes } from 'react';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconBuildingWarehouse, IconDots, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { SupplyOrder, SupplyOrderStatus } from '../../../../generated/web/model';
import { formatListDate, formatNumber } from '../../components/format';
import { boxCount, describeOrder, preformLabel } from './supplyBoard';

interface CardBodyProps extends HTMLAttributes<HTMLDivElement> {
  order: SupplyOrder;
  status: SupplyOrderStatus;
  onEdit?: (order: SupplyOrder) => void;
  onRemove?: (order: SupplyOrder) => void;
  dragging?: boolean;
  overlay?: boolean;
}

/** What a card shows (part 2.1): due date (ETA while awaiting delivery), order number, warehouse, preform, amount and boxes. */
export const SupplyOrderCardBody = forwardRef<HTMLDivElement, CardBodyProps>(function SupplyOrderCardBody(
  { order, status, onEdit, onRemove, dragging, overlay, style, ...rest },
  ref,
) {
  const boxes = boxCount(order.orderedAmount, order.Preform.qtyPerBox);
  const locked = status === 'delivered';
  return (
    <Paper
      ref={ref}
      withBorder
      radius="sm"
      p="sm"
      shadow={overlay ? 'md' : 'xs'}
      style={{ cursor: locked ? 'default' : overlay ? 'grabbing' : 'grab', opacity: dragging ? 0.4 : 1, touchAction: 'none', ...style }}
      data-supply-order={order.id}
      {...rest}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            {status === 'ordered' ? 'ETA' : 'Due'} {formatListDate(order.dueDate)}
          </Text>
          <Group gap={4} wrap="nowrap">
            {order.ClientProductionOrder && (
              <Badge variant="light" size="sm" title="Production order">
                {order.ClientProductionOrder.orderNo}
              </Badge>
            )}
            {locked && <IconLock size={14} aria-label="In stock, cannot be moved" color="var(--mantine-color-dimmed)" />}
            {status === 'pending' && onEdit && onRemove && (
              // The menu is not part of the drag handle: its clicks and keys must not pick the card up.
              <Box onPointerDown={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${describeOrder(order)}`}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(order)}>
                      Edit
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(order)}>
                      Remove
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Box>
            )}
          </Group>
        </Group>
        <Text size="sm">{preformLabel(order.Preform)}</Text>
        <Group gap={4} wrap="nowrap">
          <IconBuildingWarehouse size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {order.PreformWarehouse.warehouseName}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {formatNumber(order.orderedAmount)} pcs
          </Text>
          {boxes != null && (
            <Text size="sm" c="dimmed">
              {formatNumber(boxes)} {boxes === 1 ? 'box' : 'boxes'}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
});

/** A draggable card. Cards in 'Added to stock' cannot be dragged out (the API refuses such moves too). */
export function SupplyOrderCard({ order, status, moving, onEdit, onRemove }: { order: SupplyOrder; status: SupplyOrderStatus; moving: boolean; onEdit: (order: SupplyOrder) => void; onRemove: (order: SupplyOrder) => void }) {
  const disabled = status === 'delivered' || moving;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: order.id,
    data: { status },
    disabled,
    attributes: { roleDescription: disabled ? 'supply order' : 'draggable supply order' },
  });
  return (
    <SupplyOrderCardBody
      ref={setNodeRef}
      order={order}
      status={status}
      onEdit={onEdit}
      onRemove={onRemove}
      dragging={isDragging}
      aria-label={describeOrder(order)}
      aria-busy={moving || undefined}
      {...attributes}
      {...listeners}
    />
  );
}
