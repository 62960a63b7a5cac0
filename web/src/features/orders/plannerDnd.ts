import { t } from '@lingui/core/macro';
import type { Announcements, CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { PlannerOrderItem } from '@generated/model';
import { formatListDate } from '../../components/format';
import { addDays } from '../../components/dates';
import { describeItem, dropRefusal } from './plannerCalendar';
import './catalogue';

/** Pointer drags hit the day under the pointer; keyboard drags (no pointer) the day the card overlaps. */
export const dayCollision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };

/** Keyboard moves go a day (Left/Right) or a week (Up/Down) at a time, within the days shown. */
export const dayKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = STEPS[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  const from = (over?.id ?? active?.data.current?.dueDate) as string | undefined;
  if (!from) return undefined;
  const rect = droppableRects.get(addDays(from, step));
  if (!rect || !collisionRect) return undefined;
  return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + Math.min(28, Math.max(0, rect.height - collisionRect.height)) };
};

/** How to move a card with the keyboard, for screen readers (read when the planner draws, in its language). */
export const screenReaderInstructions = () => ({
  draggable: t`To move an order item to another day, press Space or Enter to pick it up, use the arrow keys to move it a day (left, right) or a week (up, down), then press Space or Enter to drop it, or Escape to cancel. Items move only to a weekday on or after their own date.`,
});

/** dnd-kit's live announcements in the planner's words. */
export function plannerAnnouncements(find: (id: string | number) => PlannerOrderItem | undefined): Announcements {
  const name = (id: string | number) => {
    const item = find(id);
    return item ? describeItem(item) : t`order item`;
  };
  const over = (id: string | number, day: string) => {
    const item = find(id);
    const refusal = item ? dropRefusal(item.dueDate, day) : null;
    const card = name(id);
    const shownDay = formatListDate(day);
    if (refusal === 'earlier') return t`${card} is over ${shownDay}, before its date: it cannot go there.`;
    if (refusal === 'weekend') return t`${card} is over ${shownDay}, a weekend day: it cannot go there.`;
    return t`${card} is over ${shownDay}.`;
  };
  return {
    onDragStart: ({ active }) => {
      const card = name(active.id);
      return t`Picked up ${card}.`;
    },
    onDragOver: ({ active, over: target }) => {
      const card = name(active.id);
      return target ? over(active.id, String(target.id)) : t`${card} is no longer over a day.`;
    },
    onDragEnd: ({ active, over: target }) => {
      const card = name(active.id);
      const shownDay = target ? formatListDate(String(target.id)) : '';
      return target ? t`${card} was dropped on ${shownDay}.` : t`${card} was dropped outside the calendar; nothing changed.`;
    },
    onDragCancel: ({ active }) => {
      const card = name(active.id);
      return t`Moving ${card} was cancelled; it stays where it was.`;
    },
  };
}
