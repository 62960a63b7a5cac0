import type { Translator } from '../../lib/i18n.js';
import { dataTable, pdfDocument, renderPdf, section } from '../../pdf/pdf.js';
import type { OrderItemRow, OrderRow } from './production-orders.repository.js';

/** The document's texts (English: the spec's words). */
const m = {
  title: /*i18n*/ { id: 'productionOrders.title', message: 'Production orders' },
  subtitle: /*i18n*/ { id: 'productionOrders.subtitle', message: 'Downloaded {date} · {count, plural, one {# order} other {# orders}}' },
  order: /*i18n*/ { id: 'productionOrders.order', message: 'Order {orderNo} · {company}' },
  summary: /*i18n*/ { id: 'productionOrders.summary', message: 'Client: {company}   Created: {created}   Progress: {progress}' },
  closed: /*i18n*/ { id: 'productionOrders.closed', message: 'Closed' },
  articleNo: /*i18n*/ { id: 'productionOrders.articleNo', message: 'Article no.' },
  title_: /*i18n*/ { id: 'productionOrders.productTitle', message: 'Title' },
  dueDate: /*i18n*/ { id: 'productionOrders.dueDate', message: 'Due date' },
  planned: /*i18n*/ { id: 'productionOrders.planned', message: 'Planned' },
  produced: /*i18n*/ { id: 'productionOrders.produced', message: 'Produced' },
  progress: /*i18n*/ { id: 'productionOrders.progress', message: 'Progress' },
  noItems: /*i18n*/ { id: 'productionOrders.noItems', message: 'No items.' },
};

/** The production orders PDF in `l`'s language: one section per order (number and client) with a table of its items. */
export function productionOrdersPdf(orders: OrderRow[], downloadedAt: Date, l: Translator, signal?: AbortSignal): Promise<Buffer> {
  const percent = (part: number) => `${l.number(Math.round(part * 100))} %`;
  return renderPdf(
    pdfDocument({
      title: l.t(m.title),
      subtitle: l.t(m.subtitle, { date: l.date(downloadedAt.toISOString()), count: orders.length }),
      content: orders.flatMap((order) => [
        section(l.t(m.order, { orderNo: order.orderNo, company: order.company ?? order.clientId })),
        {
          text:
            l.t(m.summary, { company: order.company ?? order.clientId, created: l.date(order.createdAt), progress: percent(order.producedPart) }) +
            (order.closed === 1 ? `   ${l.t(m.closed)}` : ''),
          style: 'muted',
          margin: [0, 0, 0, 4],
        },
        dataTable<OrderItemRow>(
          [
            { header: l.t(m.articleNo), value: (item) => item.ClientProduct.articleNo, width: 70 },
            { header: l.t(m.title_), value: (item) => item.ClientProduct.productName },
            { header: l.t(m.dueDate), value: (item) => l.date(item.dueDate), width: 60 },
            { header: l.t(m.planned), value: (item) => l.number(item.plannedAmount), width: 60, alignment: 'right' },
            { header: l.t(m.produced), value: (item) => l.number(item.producedAmount), width: 60, alignment: 'right' },
            { header: l.t(m.progress), value: (item) => percent(item.producedPart), width: 50, alignment: 'right' },
          ],
          order.ClientProductionOrderItems,
          l.t(m.noItems),
        ),
      ]),
    }),
    signal,
  );
}
