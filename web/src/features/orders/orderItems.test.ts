import { describe, expect, it, vi } from 'vitest';
import { orderFixture, orderItemFixture } from '../../test/orders.fixtures';
import { addDays, daysBetween, isoDay, isWeekend, weekdayIndex } from '../../components/dates';
import { AWKWARD_INSTANTS, pinClock } from '../../test/clock.test-utils';
import {
  draftOf,
  endOfIsoWeek,
  firstOrderDay,
  isOrderInProgress,
  isWorkInProgress,
  itemInput,
  orderRows,
  parseOrderDay,
  producedAt,
  producedPart,
} from './orderItems';

/** Wednesday 18 March 2026 (local time), the "today" of these rules. */
const WEDNESDAY = new Date(2026, 2, 18, 10, 0);

describe('an order item while the order is edited', () => {
  it('a stored item is edited as it was read, with its produced part and its production item date', () => {
    const draft = draftOf(orderItemFixture({ refProductionOrderItem: { id: 5, dueDate: '2026-03-06', plannedAmount: 1000 } as never }));
    expect(draft).toEqual({
      key: 'item-88',
      id: 88,
      version: 6,
      clientProductId: 21,
      ClientProduct: { articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
      dueDate: '2026-03-09',
      plannedAmount: 80000,
      producedAmount: 48000,
      isBuyerConfirmed: false,
      isSellerConfirmed: false,
      hasInvoice: false,
      isClosed: false,
      refProductionOrderItem: { dueDate: '2026-03-06' },
    });
    expect(draftOf(orderItemFixture()).refProductionOrderItem).toBeNull();
  });

  it("only buyers send 'By buyer'; a stored item goes back with its id and version, a new one without", () => {
    const stored = { ...draftOf(orderItemFixture()), isBuyerConfirmed: true };
    expect(itemInput(stored, true)).toEqual({ id: 88, version: 6, clientProductId: 21, dueDate: '2026-03-09', plannedAmount: 80000, isBuyerConfirmed: true });
    expect(itemInput(stored, false)).toEqual({ id: 88, version: 6, clientProductId: 21, dueDate: '2026-03-09', plannedAmount: 80000 });
    const added = { ...stored, id: undefined, version: undefined, key: 'new-1' };
    expect(itemInput(added, false)).toStrictEqual({ clientProductId: 21, dueDate: '2026-03-09', plannedAmount: 80000 });
  });

  it('produced part is produced / planned, 0 while nothing is planned', () => {
    expect(producedPart({ plannedAmount: 80000, producedAmount: 48000 })).toBe(0.6);
    expect(producedPart({ plannedAmount: 0, producedAmount: 500 })).toBe(0);
  });
});

describe("order dates ('Deliver at')", () => {
  it('weeks start on Monday: the current ISO week ends on Sunday, also on a Sunday', () => {
    expect(endOfIsoWeek(WEDNESDAY)).toBe('2026-03-22');
    expect(endOfIsoWeek(new Date(2026, 2, 22, 23, 0))).toBe('2026-03-22');
    expect(endOfIsoWeek(new Date(2026, 2, 16, 0, 0))).toBe('2026-03-22');
  });

  it('may be picked from a week before the start of the current week', () => {
    expect(firstOrderDay(WEDNESDAY)).toBe('2026-03-09');
    expect(firstOrderDay(new Date(2026, 2, 22))).toBe('2026-03-09');
  });

  it('Saturday and Sunday are unavailable', () => {
    expect(['2026-03-20', '2026-03-21', '2026-03-22', '2026-03-23'].map(isWeekend)).toEqual([false, true, true, false]);
  });

  it("a typed day is a selectable YYYY-MM-DD day, the whole text; anything else is no day", () => {
    expect(parseOrderDay('2026-03-18', WEDNESDAY)).toBe('2026-03-18');
    expect(parseOrderDay(' 2026-03-09 ', WEDNESDAY)).toBe('2026-03-09');
    expect(parseOrderDay('2026-03-1', WEDNESDAY)).toBeNull(); // on its way to 2026-03-1x: not yet a day
    expect(parseOrderDay('2026-03-06', WEDNESDAY)).toBeNull(); // before the first order day
    expect(parseOrderDay('2026-03-21', WEDNESDAY)).toBeNull(); // Saturday
    expect(parseOrderDay('2026-02-30', WEDNESDAY)).toBeNull();
    expect(parseOrderDay('2026-04-31', WEDNESDAY)).toBeNull(); // not 1 May
    expect(parseOrderDay('18.03.2026', WEDNESDAY)).toBeNull();
    expect(parseOrderDay('x2026-03-18', WEDNESDAY)).toBeNull();
    expect(parseOrderDay('2026-03-18x', WEDNESDAY)).toBeNull();
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

// Part 5's order days and part 2.4's week hold on any day: read on each awkward instant from the clock itself.
describe.each(AWKWARD_INSTANTS)("order days and this week, $name", ({ at }) => {
  pinClock(at);
  const today = isoDay(new Date(at));

  it('this week ends on the Sunday on or after today; the first order day is the Monday a week before this week', () => {
    const sunday = endOfIsoWeek();
    expect(weekdayIndex(sunday)).toBe(6);
    expect(daysBetween(today, sunday)).toBeGreaterThanOrEqual(0);
    expect(daysBetween(today, sunday)).toBeLessThanOrEqual(6);
    const first = firstOrderDay();
    expect(weekdayIndex(first)).toBe(0);
    expect(daysBetween(first, sunday)).toBe(13);
  });

  it('a typed day is taken from the first order day on, on weekdays only', () => {
    const first = firstOrderDay();
    expect(parseOrderDay(first)).toBe(first);
    expect(parseOrderDay(addDays(first, -3))).toBeNull(); // the Friday before
    expect(parseOrderDay(addDays(endOfIsoWeek(), -1))).toBeNull(); // this week's Saturday
    const nextMonday = addDays(endOfIsoWeek(), 1);
    expect(parseOrderDay(nextMonday)).toBe(nextMonday);
  });

  it("an item due by this week's end is in production; one due the day after is not", () => {
    const flagged = new Set([21]);
    const item = (dueDate: string) => ({ ...draftOf(orderItemFixture()), dueDate });
    expect(isWorkInProgress(item(endOfIsoWeek()), { closed: false }, flagged)).toBe(true);
    expect(isWorkInProgress(item(addDays(endOfIsoWeek(), 1)), { closed: false }, flagged)).toBe(false);
  });
});

describe('work in progress (part 2.4)', () => {
  const item = (overrides: Partial<ReturnType<typeof draftOf>> = {}) => ({ ...draftOf(orderItemFixture()), ...overrides });
  const flagged = new Set([21]);

  const open = { closed: false };

  it('its product is flagged in progress, it is due by the end of this ISO week and not all of it is produced', () => {
    expect(isWorkInProgress(item({ dueDate: '2026-03-22' }), open, flagged, WEDNESDAY)).toBe(true);
    expect(isWorkInProgress(item({ dueDate: '2026-03-23' }), open, flagged, WEDNESDAY)).toBe(false);
    expect(isWorkInProgress(item(), open, new Set([22]), WEDNESDAY)).toBe(false);
    expect(isWorkInProgress(item({ producedAmount: 80000 }), open, flagged, WEDNESDAY)).toBe(false);
    expect(isWorkInProgress(item({ producedAmount: 79999 }), open, flagged, WEDNESDAY)).toBe(true);
  });

  it('a closed item, or an item of a closed order, is not in production: the editor and the list agree', () => {
    expect(isWorkInProgress(item({ isClosed: true }), open, flagged, WEDNESDAY)).toBe(false);
    expect(isWorkInProgress(item(), { closed: true }, flagged, WEDNESDAY)).toBe(false);
    // The list: the API's flag of an open order, never a closed one.
    expect(isOrderInProgress(orderFixture({ workInProgress: 1 }))).toBe(true);
    expect(isOrderInProgress(orderFixture({ workInProgress: 1, closed: 1 }))).toBe(false);
    expect(isOrderInProgress(orderFixture({ workInProgress: 0 }))).toBe(false);
  });
});

describe("'Produced at' (buyers)", () => {
  const item = (overrides: Partial<ReturnType<typeof draftOf>> = {}) => ({ ...draftOf(orderItemFixture()), ...overrides });

  it("is the due date of the seller's production item, or 'Not planned' while there is none", () => {
    expect(producedAt(item({ refProductionOrderItem: { dueDate: '2026-03-06' } }))).toBe('06.03.2026');
    expect(producedAt(item({ refProductionOrderItem: { dueDate: '2026-03-06' }, producedAmount: 80000 }))).toBe('06.03.2026');
    expect(producedAt(item())).toBe('Not planned');
  });

  it("an item that is 100 % produced is not 'Not planned': it reads 'Produced'", () => {
    expect(producedAt(item({ producedAmount: 80000 }))).toBe('Produced');
    expect(producedAt(item({ producedAmount: 90000 }))).toBe('Produced');
  });
});

describe('order rows', () => {
  const rows = (inProgress: boolean) => {
    const open = vi.fn();
    return { open, props: orderRows<{ id: number }>({ open, inProgress: () => inProgress }) };
  };
  const key = (key: string, onRow = true) => {
    const target = {};
    return { key, target, currentTarget: onRow ? target : {}, preventDefault: vi.fn() };
  };

  it('a click, Enter or Space on the row opens it; a key on its checkbox, or another key, does not', () => {
    const { open, props } = rows(false);
    props.onRowClick({ record: { id: 1 } });
    expect(open).toHaveBeenLastCalledWith({ id: 1 });
    const attributes = props.customRowAttributes({ id: 2 }) as { tabIndex: number; onKeyDown: (event: ReturnType<typeof key>) => void };
    expect(attributes.tabIndex).toBe(0);
    for (const name of ['Enter', ' ']) {
      const event = key(name);
      attributes.onKeyDown(event);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(open).toHaveBeenCalledTimes(3);
    attributes.onKeyDown(key('Enter', false));
    attributes.onKeyDown(key('a'));
    expect(open).toHaveBeenCalledTimes(3);
  });

  it("rows in production now are highlighted, marked and titled 'In production now'; others not", () => {
    const wip = rows(true).props;
    expect(wip.rowStyle({ id: 1 })).toEqual({ cursor: 'pointer', backgroundColor: 'var(--mantine-color-yellow-light)' });
    expect(wip.customRowAttributes({ id: 1 })).toMatchObject({ 'data-work-in-progress': 'true', title: 'In production now' });
    const plain = rows(false).props;
    expect(plain.rowStyle({ id: 1 })).toEqual({ cursor: 'pointer' });
    expect(plain.customRowAttributes({ id: 1 })).not.toHaveProperty('title');
  });
});
