import { dataTable, pdfDocument, renderPdf, section } from '../../pdf/pdf.js';
import type { OrderItemRow, OrderRow } from './production-orders.repository.js';

/** DD.MM.YYYY, as the lists show dates (part 9). */
const listDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const amount = (value: number) => value.toLocaleString('en-US');
const percent = (part: number) => `${Math.round(part * 100)} %`;

/** The production orders PDF: one section per order (number and client) with a table of its items. */
export function productionOrdersPdf(orders: OrderRow[], downloadedAt: Date, signal?: AbortSignal): Promise<Buffer> {
  return renderPdf(
    pdfDocument({
      title: 'Production orders',
      subtitle: `Downloaded ${listDate(downloadedAt.toISOString())} · ${orders.length} order${orders.length === 1 ? '' : 's'}`,
      content: orders.flatMap((order) => [
        section(`Order ${order.orderNo} · ${order.company ?? order.clientId}`),
        {
          text: [
            `Client: ${order.company ?? order.clientId}   Created: ${listDate(order.createdAt)}   `,
            `Progress: ${percent(order.producedPart)}${order.closed === 1 ? '   Closed' : ''}`,
          ].join(''),
          style: 'muted',
          margin: [0, 0, 0, 4],
        },
        dataTable<OrderItemRow>(
          [
            { header: 'Article no.', value: (item) => item.ClientProduct.articleNo, width: 70 },
            { header: 'Title', value: (item) => item.ClientProduct.productName },
            { header: 'Due date', value: (item) => listDate(item.dueDate), width: 60 },
            { header: 'Planned', value: (item) => amount(item.plannedAmount), width: 60, alignment: 'right' },
            { header: 'Produced', value: (item) => amount(item.producedAmount), width: 60, alignment: 'right' },
            { header: 'Progress', value: (item) => percent(item.producedPart), width: 50, alignment: 'right' },
          ],
          order.ClientProductionOrderItems,
          'No items.',
        ),
      ]),
    }),
    signal,
  );
}
