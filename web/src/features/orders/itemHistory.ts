import type { OrderItemChange } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';

const yesNo = (value: boolean | null) => (value ? 'yes' : 'no');

/**
 * What one change of an order item did, in lines a person reads: a creation states the quantity, the date
 * and who had confirmed; a change lists each value that moved, and why a seller confirmation was cleared.
 */
export function describeChange(change: OrderItemChange): string[] {
  if (change.change === 'created') {
    return [
      `Created: ${formatNumber(change.plannedAmount)} to deliver at ${formatListDate(change.dueDate)}`,
      `Buyer confirmed: ${yesNo(change.isBuyerConfirmed)}, seller confirmed: ${yesNo(change.isSellerConfirmed)}`,
    ];
  }
  if (change.change === 'deleted') return ['Removed from the order'];
  const lines: string[] = [];
  if (change.plannedAmount !== change.previousPlannedAmount) {
    lines.push(`Quantity ${formatNumber(change.previousPlannedAmount)} → ${formatNumber(change.plannedAmount)}`);
  }
  if (change.dueDate !== change.previousDueDate) {
    lines.push(`Deliver at ${formatListDate(change.previousDueDate)} → ${formatListDate(change.dueDate)}`);
  }
  if (change.isBuyerConfirmed !== change.previousBuyerConfirmed) lines.push(change.isBuyerConfirmed ? 'Buyer confirmed' : 'Buyer confirmation withdrawn');
  if (change.isSellerConfirmed !== change.previousSellerConfirmed) {
    lines.push(change.isSellerConfirmed ? 'Seller confirmed' : `Seller confirmation cleared${change.reason ? `: ${change.reason}` : ''}`);
  }
  if (change.producedAmount !== change.previousProducedAmount) {
    lines.push(`Produced ${formatNumber(change.previousProducedAmount)} → ${formatNumber(change.producedAmount)}`);
  }
  if (change.isClosed !== change.previousClosed) lines.push(change.isClosed ? 'Closed' : 'Reopened');
  return lines;
}
