import type { ClientProductionOrder } from '@generated/model';
import { adminOrdersDownloadProductionOrdersBodyOrderIdsMax } from '@generated/zod/orders/orders.zod';
import { formatListDate } from '../../components/format';

/** Orders one PDF may hold (the contract's limit). */
export const MAX_DOWNLOAD = adminOrdersDownloadProductionOrdersBodyOrderIdsMax;

/** 'Period': the first and the last item due date, 'DD.MM.YYYY ~ DD.MM.YYYY' (one date when they are the same). */
export function period(order: Pick<ClientProductionOrder, 'producedStart' | 'producedEnd'>): string {
  const from = formatListDate(order.producedStart);
  const to = formatListDate(order.producedEnd);
  return from === to ? from : `${from} ~ ${to}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The PDF's name when the server gives none: PO-{YYMMDD}.pdf of the download's date (part 7.1). */
// A file name the spec names (part 7.1), the same in every language.
// eslint-disable-next-line lingui/no-unlocalized-strings
export const downloadName = (day: Date) => `PO-${two(day.getFullYear() % 100)}${two(day.getMonth() + 1)}${two(day.getDate())}.pdf`;
