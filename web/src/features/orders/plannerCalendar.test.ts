import { describe, expect, it } from 'vitest';
import type { PlannerOrderItem } from '@generated/model';
import { orderItemFixture } from '../../test/orders.fixtures';
import { addDays, localToday, shiftMonth } from '../../components/dates';
import {
  canAddProductionOrder,
  canConfirm,
  canDropOn,
  canEditProductionOrder,
  dropRefusal,
  forecastsByDay,
  itemsByDay,
  middleDay,
  minimumQuantity,
  producedForQuantity,
  monthTitle,
  monthWeeks,
  parseDay,
  plannerRange,
} from './plannerCalendar';

const plannerItem = (overrides: Partial<PlannerOrderItem> = {}): PlannerOrderItem => ({
  ...orderItemFixture(),
  ClientProductionOrder: { id: 31, orderNo: 'BB-2026-014', clientId: 'c4a9', company: 'Baltic Brew SIA', purchaseDate: '2026-03-25' },
  ...overrides,
});

describe('weeks of a month (Monday first, all seven weekdays)', () => {
  it('November 2026 starts on a Sunday: its first week is Monday 26 October to Sunday 1 November', () => {
    const weeks = monthWeeks('2026-11-01');
    expect(weeks[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks).toHaveLength(6);
  });

  it('February 2027 starts on a Monday and ends on a Sunday: exactly four weeks, nothing of the neighbours', () => {
    const weeks = monthWeeks('2027-02-14');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks.at(-1)!.at(-1)).toBe('2027-02-28');
  });

  it('every week is seven consecutive days from a Monday', () => {
    for (const month of ['2026-01-01', '2026-03-01', '2028-02-01', '2026-12-01']) {
      for (const week of monthWeeks(month)) {
        expect(week).toHaveLength(7);
        expect(new Date(`${week[0]}T00:00:00Z`).getUTCDay()).toBe(1);
        week.forEach((day, index) => expect(day).toBe(addDays(week[0]!, index)));
      }
    }
  });

  it('the planner call covers the shown days: midnight UTC of the first to midnight after the last (end exclusive)', () => {
    expect(plannerRange('2026-11-01')).toEqual({ startTimestamp: '2026-10-26T00:00:00.000Z', endTimestamp: '2026-12-07T00:00:00.000Z' });
  });

  it('Prev and Next move whole months, across years; titles read like "November 2026"', () => {
    expect(shiftMonth('2026-11-22', 1)).toBe('2026-12-01');
    expect(shiftMonth('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(monthTitle('2026-11-01')).toBe('November 2026');
    expect(localToday(new Date(2026, 10, 22, 23, 30))).toBe('2026-11-22');
  });
});

describe('forecast bars appear on the middle day of the plan period', () => {
  it('the middle of 2 to 29 March is 15 March; of an even count of days the earlier middle; of one day that day', () => {
    expect(middleDay('2026-03-02', '2026-03-29')).toBe('2026-03-15');
    expect(middleDay('2026-03-02', '2026-03-05')).toBe('2026-03-03');
    expect(middleDay('2026-03-02', '2026-03-02')).toBe('2026-03-02');
    expect(middleDay('2026-12-28', '2027-01-03')).toBe('2026-12-31');
  });

  it('groups forecasts by that day', () => {
    const forecast = { id: 8, periodFrom: '2026-03-02', periodTo: '2026-03-29', clientId: 'c4a9', company: 'Baltic Brew SIA', items: [] };
    expect([...forecastsByDay([forecast]).entries()]).toEqual([['2026-03-15', [forecast]]]);
  });
});

describe("drop allowed only on a day on or after the item's date", () => {
  it('earlier days are refused, the same and later weekdays allowed, weekends refused (weekends unavailable for order dates)', () => {
    // 18 March 2026 is a Wednesday
    expect(dropRefusal('2026-03-18', '2026-03-17')).toBe('earlier');
    expect(canDropOn('2026-03-18', '2026-03-18')).toBe(true);
    expect(canDropOn('2026-03-18', '2026-03-20')).toBe(true);
    expect(dropRefusal('2026-03-18', '2026-03-21')).toBe('weekend');
    expect(dropRefusal('2026-03-18', '2026-03-22')).toBe('weekend');
    expect(canDropOn('2026-03-18', '2026-03-23')).toBe(true);
    expect(dropRefusal('2026-03-18', '2026-02-28')).toBe('earlier');
    // the card cannot be dropped where it is refused
    expect(canDropOn('2026-03-18', '2026-03-17')).toBe(false);
    expect(canDropOn('2026-03-18', '2026-03-21')).toBe(false);
  });
});

describe('card buttons', () => {
  it('add: only when confirmed by both sides and no referenced production order', () => {
    expect(canAddProductionOrder(plannerItem({ isBuyerConfirmed: true, isSellerConfirmed: true }))).toBe(true);
    expect(canAddProductionOrder(plannerItem({ isBuyerConfirmed: true, isSellerConfirmed: false }))).toBe(false);
    expect(canAddProductionOrder(plannerItem({ isBuyerConfirmed: false, isSellerConfirmed: true }))).toBe(false);
    expect(canAddProductionOrder(plannerItem({ isBuyerConfirmed: true, isSellerConfirmed: true, refProductionOrderItemId: 5 }))).toBe(false);
  });

  it('edit: when a referenced production order exists', () => {
    expect(canEditProductionOrder(plannerItem({ refProductionOrderItemId: 5 }))).toBe(true);
    expect(canEditProductionOrder(plannerItem())).toBe(false);
  });

  it('confirm: when the buyer has confirmed but the seller has not', () => {
    expect(canConfirm(plannerItem({ isBuyerConfirmed: true }))).toBe(true);
    expect(canConfirm(plannerItem({ isBuyerConfirmed: true, isSellerConfirmed: true }))).toBe(false);
    expect(canConfirm(plannerItem({ isBuyerConfirmed: false }))).toBe(false);
  });

  it('an item with an invoice is locked: no button at all', () => {
    const invoiced = plannerItem({ hasInvoice: true, isBuyerConfirmed: true, isSellerConfirmed: false });
    expect(canConfirm(invoiced)).toBe(false);
    expect(canAddProductionOrder({ ...invoiced, isSellerConfirmed: true })).toBe(false);
    expect(canEditProductionOrder({ ...invoiced, refProductionOrderItemId: 5 })).toBe(false);
  });
});

describe('Planner new production order rules', () => {
  it('quantity at least 1000, or the already produced amount when that is above 0 (not the larger of the two)', () => {
    expect(minimumQuantity(plannerItem({ producedAmount: 0 }), 1000)).toBe(1000);
    expect(minimumQuantity(plannerItem({ producedAmount: 600 }), 1000)).toBe(600);
    expect(minimumQuantity(plannerItem({ producedAmount: 48000 }), 1000)).toBe(48000);
  });

  it("reads the produced amount of the seller's production order item when one is referenced, as the API does", () => {
    const ref = { id: 41, dueDate: '2026-03-17', isClosed: false, plannedAmount: 45000 };
    expect(minimumQuantity(plannerItem({ producedAmount: 0, refProductionOrderItem: { ...ref, producedAmount: 12000 } }), 1000)).toBe(12000);
    expect(minimumQuantity(plannerItem({ producedAmount: 5000, refProductionOrderItem: { ...ref, producedAmount: 0 } }), 1000)).toBe(1000);
    expect(producedForQuantity(plannerItem({ producedAmount: 5000 }))).toBe(5000);
  });

  it("a typed 'Deliver at' is a real weekday, DD.MM.YYYY or YYYY-MM-DD; weekends and impossible dates are no day", () => {
    expect(parseDay('2026-03-18')).toBe('2026-03-18');
    expect(parseDay(' 2026-03-09 ')).toBe('2026-03-09');
    expect(parseDay('2026-03-1')).toBeNull(); // on its way to 2026-03-1x: not yet a day
    expect(parseDay('2026-03-21')).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('18.03.2026')).toBe('2026-03-18'); // the planner's dialog reads DD.MM.YYYY
    expect(parseDay('20.03.2026')).toBe('2026-03-20');
    expect(parseDay('21.03.2026')).toBeNull();
    // a day is the whole text, not a day somewhere in it
    expect(parseDay('x2026-03-18')).toBeNull();
    expect(parseDay('2026-03-18x')).toBeNull();
  });
});

describe('cards per day', () => {
  it('sorts a day by company, then order number (numeric), then article; a moved card counts on its new day', () => {
    const a = plannerItem({ id: 1, ClientProductionOrder: { ...plannerItem().ClientProductionOrder, orderNo: 'PO-10' } });
    const b = plannerItem({ id: 2, ClientProductionOrder: { ...plannerItem().ClientProductionOrder, orderNo: 'PO-9' } });
    const c = plannerItem({ id: 3, ClientProductionOrder: { ...plannerItem().ClientProductionOrder, company: 'Aqua', orderNo: 'PO-11' } });
    const byDay = itemsByDay([a, b, c], (item) => (item.id === 3 ? '2026-03-10' : item.dueDate));
    expect(byDay.get('2026-03-09')!.map((item) => item.id)).toEqual([2, 1]);
    expect(byDay.get('2026-03-10')!.map((item) => item.id)).toEqual([3]);
  });

  it('company comes before the order number: Aqua PO-2 before Baltic PO-1', () => {
    const order = plannerItem().ClientProductionOrder;
    const baltic = plannerItem({ id: 1, ClientProductionOrder: { ...order, company: 'Baltic', orderNo: 'PO-1' } });
    const aqua = plannerItem({ id: 2, ClientProductionOrder: { ...order, company: 'Aqua', orderNo: 'PO-2' } });
    expect(itemsByDay([baltic, aqua], () => '2026-03-09').get('2026-03-09')!.map((item) => item.id)).toEqual([2, 1]);
  });
});
