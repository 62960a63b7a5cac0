import { describe, expect, it } from 'vitest';
import type { OrderItemChange } from '@generated/model';
import { describeChange } from './itemHistory';

const base: OrderItemChange = {
  change: 'changed',
  at: '2026-11-24T10:00:00Z',
  actorName: 'Bob Buyer',
  plannedAmount: 5000,
  previousPlannedAmount: 5000,
  dueDate: '2027-03-03',
  previousDueDate: '2027-03-03',
  isBuyerConfirmed: true,
  previousBuyerConfirmed: true,
  isSellerConfirmed: true,
  previousSellerConfirmed: true,
  producedAmount: 0,
  previousProducedAmount: 0,
  isClosed: false,
  previousClosed: false,
  reason: null,
};

describe('an order item change, in words', () => {
  it('a creation states the quantity, the date and the confirmations', () => {
    expect(describeChange({ ...base, change: 'created', isSellerConfirmed: false })).toEqual([
      'Created: 5,000 to deliver at 03.03.2027',
      'Buyer confirmed: yes, seller confirmed: no',
    ]);
  });

  it('a moved date that cleared the seller confirmation says so, and why', () => {
    expect(describeChange({ ...base, dueDate: '2027-03-05', isSellerConfirmed: false, reason: 'The due date changed.' })).toEqual([
      'Deliver at 03.03.2027 → 05.03.2027',
      'Seller confirmation cleared: The due date changed.',
    ]);
  });

  it('lists each value that moved: quantity, confirmations, produced, closed', () => {
    expect(
      describeChange({ ...base, plannedAmount: 6000, isBuyerConfirmed: false, producedAmount: 1200, isClosed: true, previousSellerConfirmed: false }),
    ).toEqual(['Quantity 5,000 → 6,000', 'Buyer confirmation withdrawn', 'Seller confirmed', 'Produced 0 → 1,200', 'Closed']);
  });

  it('a removal says so', () => {
    expect(describeChange({ ...base, change: 'deleted' })).toEqual(['Removed from the order']);
  });
});
