import type { Announcements, CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { PlannerOrderItem } from '@generated/model';
import { formatListDate } from '../../components/format';
import { addDays } from '../../components/dates';
import { describeItem, dropRefusal } from './plannerCalendar';

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

export const screenReaderInstructions = {
  draggable:
    'To move an order item to another day, press Space or Enter to pick it up, use the arrow keys to move it a day (left, right) or a week (up, down), then press Space or Enter to drop it, or Escape to cancel. Items move only to a weekday on or after their own date.',
};

/** dnd-kit's live announcements in the planner's words. */
export function plannerAnnouncements(find: (id: string | number) => PlannerOrderItem | undefined): Announcements {
  const name = (id: string | number) => {
    const item = find(id);
    return item ? describeItem(item) : 'order item';
  };
  const over = (id: string | number, day: string) => {
    const item = find(id);
    const refusal = item ? dropRefusal(item.dueDate, day) : null;
    return `${name(id)} is over ${formatListDate(day)}${refusal === 'earlier' ? ', before its date: it cannot go there' : refusal === 'weekend' ? ', a weekend day: it cannot go there' : ''}.`;
  };
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over: target }) => (target ? over(active.id, String(target.id)) : `${name(active.id)} is no longer over a day.`),
    onDragEnd: ({ active, over: target }) =>
      target ? `${name(active.id)} was dropped on ${formatListDate(String(target.id))}.` : `${name(active.id)} was dropped outside the calendar; nothing changed.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it stays where it was.`,
  };
}
