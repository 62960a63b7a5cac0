import { t } from '@lingui/core/macro';
import { forwardRef, type HTMLAttributes } from 'react';
import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconBuildingFactory2, IconCheck, IconHistory, IconLock, IconPencil, IconPlus } from '@tabler/icons-react';
import type { PlannerOrderItem } from '@generated/model';
import { formatNumber } from '../../components/format';
import { canAddProductionOrder, canConfirm, canEditProductionOrder, describeItem } from './plannerCalendar';
import './catalogue';

export interface CardActions {
  onAdd: (item: PlannerOrderItem) => void;
  onEdit: (item: PlannerOrderItem) => void;
  onConfirm: (item: PlannerOrderItem) => void;
  /** Opens the item's history. */
  onHistory: (item: PlannerOrderItem) => void;
}

interface CardBodyProps extends HTMLAttributes<HTMLElement> {
  item: PlannerOrderItem;
  /** The drag handle (the card's text) and its keyboard attributes, when the card can be dragged. */
  handleRef?: (element: HTMLElement | null) => void;
  handleProps?: HTMLAttributes<HTMLElement>;
  actions?: CardActions;
  dragging?: boolean;
  overlay?: boolean;
}

/** Who has confirmed the item, in a word each (part 4). */
function confirmation(item: PlannerOrderItem) {
  if (item.isBuyerConfirmed && item.isSellerConfirmed) return { label: t`Confirmed`, color: 'green' };
  if (item.isBuyerConfirmed) return { label: t`Buyer confirmed`, color: 'yellow' };
  return { label: t`Not confirmed`, color: 'gray' };
}

/** A card button; its clicks and keys must not pick the card up. */
function CardButton({ label, color, icon, onClick }: { label: string; color: string; icon: React.ReactNode; onClick: () => void }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="light"
        color={color}
        size={24}
        aria-label={label}
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The card's buttons, in the order they show: confirm, add, edit (part 2.4's rules), then the history. */
function cardButtons(item: PlannerOrderItem, actions: CardActions) {
  return [
    canConfirm(item) && <CardButton key="confirm" label={t`Confirm order`} color="green" icon={<IconCheck size={14} />} onClick={() => actions.onConfirm(item)} />,
    canAddProductionOrder(item) && <CardButton key="add" label={t`Add production order`} color="blue" icon={<IconPlus size={14} />} onClick={() => actions.onAdd(item)} />,
    canEditProductionOrder(item) && <CardButton key="edit" label={t`Edit production order`} color="blue" icon={<IconPencil size={14} />} onClick={() => actions.onEdit(item)} />,
    <CardButton key="history" label={t`History`} color="gray" icon={<IconHistory size={14} />} onClick={() => actions.onHistory(item)} />,
  ].filter(Boolean);
}

/**
 * What an order card shows (part 2.4): the buyer's company, article number, order number, planned and produced
 * quantities; who has confirmed, the seller's production order when there is one, and the buttons add (both sides
 * confirmed, no production order yet), edit (a production order exists) and confirm (buyer confirmed, seller not).
 *
 * The card is an article named by the item. Its text is the drag handle (a button for the keyboard: Space picks it
 * up); the action buttons sit beside that handle, not inside it (WCAG 4.1.2: no button within a button), each at
 * least 24 px (WCAG 2.5.8). The pointer picks the card up anywhere but on a button.
 */
export const PlannerItemCardBody = forwardRef<HTMLElement, CardBodyProps>(function PlannerItemCardBody(
  { item, actions, dragging, overlay, handleRef, handleProps, style, ...rest },
  ref,
) {
  const state = confirmation(item);
  const order = item.ClientProductionOrder;
  const { orderNo } = order;
  const productionOrderNo = item.refProductionOrder?.orderNo ?? '';
  const buttons = actions ? cardButtons(item, actions) : [];
  return (
    <Paper
      ref={ref}
      component="article"
      aria-label={describeItem(item)}
      withBorder
      radius="sm"
      p={6}
      pos="relative"
      shadow={overlay ? 'md' : undefined}
      data-planner-item={item.id}
      style={{
        cursor: item.hasInvoice ? 'default' : overlay ? 'grabbing' : 'grab',
        opacity: dragging ? 0.4 : 1,
        touchAction: 'none',
        borderLeft: `3px solid var(--mantine-color-${state.color}-filled)`,
        ...style,
      }}
      {...rest}
    >
      <Stack ref={handleRef} gap={2} className="mantine-focus-auto" {...handleProps}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" fw={700} truncate title={order.company ?? undefined}>
            {order.company ?? t`Own order`}
          </Text>
          {item.hasInvoice && <IconLock size={12} aria-label={t`Invoiced, locked`} color="var(--mantine-color-dimmed)" />}
        </Group>
        <Text size="xs" truncate title={item.ClientProduct.productName}>
          {item.ClientProduct.articleNo}
        </Text>
        <Text size="xs" truncate title={t`Order ${orderNo}`}>
          {order.orderNo}
        </Text>
        <Text size="xs" c="dimmed" title={t`Planned / produced`}>
          {formatNumber(item.plannedAmount)} / {formatNumber(item.producedAmount)}
        </Text>
        {item.refProductionOrder && (
          <Group gap={4} wrap="nowrap" c="blue" title={t`Production order ${productionOrderNo}`}>
            <IconBuildingFactory2 size={12} aria-label={t`Production order`} style={{ flexShrink: 0 }} />
            <Text size="xs" truncate>
              {item.refProductionOrder.orderNo}
            </Text>
          </Group>
        )}
        {/* Room on the right for the buttons, which sit over this line. */}
        <Group gap={4} wrap="nowrap" mih={24} pr={buttons.length * 26}>
          {/* A longer word ('Köparen har bekräftat') wraps in the narrow day rather than being cut off. */}
          <Badge
            size="xs"
            variant="light"
            color={state.color}
            h="auto"
            style={{ flexShrink: 1, minWidth: 0 }}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
          >
            {state.label}
          </Badge>
        </Group>
      </Stack>
      {buttons.length > 0 && (
        <Group gap={2} wrap="nowrap" pos="absolute" bottom={6} right={6}>
          {buttons}
        </Group>
      )}
    </Paper>
  );
});

/** A draggable card (pointer or keyboard). Invoiced items are locked and stay where they are. */
export function PlannerItemCard({ item, moving, actions }: { item: PlannerOrderItem; moving: boolean; actions: CardActions }) {
  const disabled = item.hasInvoice || moving;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: item.id,
    data: { dueDate: item.dueDate },
    disabled,
    attributes: { roleDescription: disabled ? t`order item` : t`draggable order item` },
  });
  return (
    <Box>
      <PlannerItemCardBody
        ref={setNodeRef}
        handleRef={setActivatorNodeRef}
        handleProps={{ ...attributes, 'aria-label': describeItem(item) }}
        item={item}
        actions={actions}
        dragging={isDragging || moving}
        {...listeners}
      />
    </Box>
  );
}
