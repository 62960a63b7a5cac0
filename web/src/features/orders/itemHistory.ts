import type { OrderItemChange } from '@generated/model';
import { t } from '@lingui/core/macro';
import { formatListDate, formatNumber } from '../../components/format';
import './catalogue';

const yesNo = (value: boolean | null) => (value ? t`yes` : t`no`);

/**
 * What one change of an order item did, in lines a person reads: a creation states the quantity, the date
 * and who had confirmed; a change lists each value that moved, and why a seller confirmation was cleared.
 */
export function describeChange(change: OrderItemChange): string[] {
  if (change.change === 'created') {
    const [quantity, day] = [formatNumber(change.plannedAmount), formatListDate(change.dueDate)];
    const [buyer, seller] = [yesNo(change.isBuyerConfirmed), yesNo(change.isSellerConfirmed)];
    return [t`Created: ${quantity} to deliver at ${day}`, t`Buyer confirmed: ${buyer}, seller confirmed: ${seller}`];
  }
  if (change.change === 'deleted') return [t`Removed from the order`];
  const lines: string[] = [];
  if (change.plannedAmount !== change.previousPlannedAmount) {
    const [from, to] = [formatNumber(change.previousPlannedAmount), formatNumber(change.plannedAmount)];
    lines.push(t`Quantity ${from} → ${to}`);
  }
  if (change.dueDate !== change.previousDueDate) {
    const [from, to] = [formatListDate(change.previousDueDate), formatListDate(change.dueDate)];
    lines.push(t`Deliver at ${from} → ${to}`);
  }
  if (change.isBuyerConfirmed !== change.previousBuyerConfirmed) lines.push(change.isBuyerConfirmed ? t`Buyer confirmed` : t`Buyer confirmation withdrawn`);
  if (change.isSellerConfirmed !== change.previousSellerConfirmed) {
    const reason = change.reason;
    lines.push(change.isSellerConfirmed ? t`Seller confirmed` : reason ? t`Seller confirmation cleared: ${reason}` : t`Seller confirmation cleared`);
  }
  if (change.producedAmount !== change.previousProducedAmount) {
    const [from, to] = [formatNumber(change.previousProducedAmount), formatNumber(change.producedAmount)];
    lines.push(t`Produced ${from} → ${to}`);
  }
  if (change.isClosed !== change.previousClosed) lines.push(change.isClosed ? t`Closed` : t`Reopened`);
  return lines;
}
