import type { Announcements, CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { SupplyOrder, SupplyOrderInput, SupplyOrderStatus } from '@generated/model';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../i18n/i18n';
import { formatListDate, formatNumber } from '../../components/format';
import './catalogue';

/** The board's columns in their order (part 2.1): a column is a supply-order status. */
export const COLUMNS: { status: SupplyOrderStatus; title: MessageDescriptor }[] = [
  { status: 'pending', title: msg({ message: 'New', context: 'the column of new supply orders' }) },
  { status: 'ordered', title: msg`Awaiting delivery` },
  { status: 'delivered', title: msg`Added to stock` },
];

/** The button under a column that shows its next page. */
export const loadNextLabel = (status: SupplyOrderStatus) => (status === 'delivered' ? t`Load older` : t`Load more`);

/** A column's title in the chosen language. */
export const columnTitle = (status: SupplyOrderStatus) => {
  const title = COLUMNS.find((column) => column.status === status)?.title;
  return title ? i18n._(title) : status;
};

/** A count of boxes with its unit: `1 box`, `1,250 boxes`. */
export const boxesText = (boxes: number) => {
  const count = formatNumber(boxes);
  return plural(boxes, { one: `${count} box`, other: `${count} boxes` });
};

/** Boxes for an amount: amount / qtyPerBox, rounded up (a part-filled box is still a box). */
export function boxCount(amount: number, qtyPerBox: number | null | undefined): number | null {
  return qtyPerBox && qtyPerBox > 0 ? Math.ceil(amount / qtyPerBox) : null;
}

export const preformLabel = (preform: SupplyOrder['Preform']) => `${preform.preformName} - ${preform.material} - ${preform.color}`;

/** A card in words, for screen readers and announcements. */
export const describeOrder = (order: SupplyOrder) => {
  const preform = preformLabel(order.Preform);
  const amount = formatNumber(order.orderedAmount);
  const warehouse = order.PreformWarehouse.warehouseName;
  const due = formatListDate(order.dueDate);
  return t`${preform}, ${amount} preforms for ${warehouse}, due ${due}`;
};

/** The order as the save call takes it, keeping its id and the version read (a stale one answers 409). */
export function orderInput(order: SupplyOrder): SupplyOrderInput {
  return {
    id: order.id,
    orderStatus: order.orderStatus,
    orderedAmount: order.orderedAmount,
    dueDate: order.dueDate,
    preformId: order.preformId,
    preformWarehouseId: order.preformWarehouseId,
    preformSupplyId: order.preformSupplyId,
    clientProductionOrderId: order.clientProductionOrderId,
    version: order.version,
  };
}

/** Pointer drags hit the column under the pointer; keyboard drags (no pointer) the column the card overlaps. */
export const columnCollision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/**
 * Keyboard moves jump a whole column: Right/Down to the next column, Left/Up to the previous one, so a card
 * is picked up with Space, moved with the arrows and dropped with Space.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  const from = (over?.id ?? active?.data.current?.status) as SupplyOrderStatus | undefined;
  const index = COLUMNS.findIndex((column) => column.status === from);
  const target = COLUMNS[Math.min(COLUMNS.length - 1, Math.max(0, index + step))];
  const rect = target && droppableRects.get(target.status);
  if (!rect || !collisionRect) return undefined;
  return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + Math.min(48, Math.max(0, rect.height - collisionRect.height)) };
};

/** dnd-kit's instructions for the keyboard, in the chosen language (read when the board draws). */
export const screenReaderInstructions = () => ({
  draggable: t`To move a supply order, press Space or Enter to pick it up, use the arrow keys to move it between the columns New, Awaiting delivery and Added to stock, then press Space or Enter to drop it, or Escape to cancel. Cards in Added to stock cannot be moved.`,
});

/** dnd-kit's live announcements in the board's words. */
export function boardAnnouncements(find: (id: string | number) => SupplyOrder | undefined): Announcements {
  const name = (id: string | number) => {
    const order = find(id);
    if (!order) return t`supply order`;
    const preform = preformLabel(order.Preform);
    const amount = formatNumber(order.orderedAmount);
    return t`supply order ${preform} (${amount})`;
  };
  return {
    onDragStart: ({ active }) => {
      const card = name(active.id);
      const column = columnTitle(active.data.current?.status as SupplyOrderStatus);
      return t`Picked up ${card} from ${column}.`;
    },
    onDragOver: ({ active, over }) => {
      const card = name(active.id);
      const column = over ? columnTitle(over.id as SupplyOrderStatus) : '';
      return over ? t`${card} is over ${column}.` : t`${card} is no longer over a column.`;
    },
    onDragEnd: ({ active, over }) => {
      const card = name(active.id);
      const column = over ? columnTitle(over.id as SupplyOrderStatus) : '';
      return over ? t`${card} was dropped in ${column}.` : t`${card} was dropped outside the columns; nothing changed.`;
    },
    onDragCancel: ({ active }) => {
      const card = name(active.id);
      return t`Moving ${card} was cancelled; it stays where it was.`;
    },
  };
}
