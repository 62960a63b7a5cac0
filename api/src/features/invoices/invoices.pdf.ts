import type { Content } from 'pdfmake/interfaces.js';
import type { Translator } from '../../lib/i18n.js';
import { dataTable, fieldTable, pdfDocument, renderPdf, section } from '../../pdf/pdf.js';
import type { InvoiceDocument, InvoiceLine } from './invoices.repository.js';

/** The texts of the invoice and the declaration of conformity (English: the spec's words). */
const m = {
  invoiceTitle: /*i18n*/ { id: 'invoice.title', message: 'Invoice {invoiceNumber}' },
  seller: /*i18n*/ { id: 'invoice.seller', message: 'Seller' },
  buyer: /*i18n*/ { id: 'invoice.buyer', message: 'Buyer' },
  invoiceNumber: /*i18n*/ { id: 'invoice.invoiceNumber', message: 'Invoice number' },
  invoiceDate: /*i18n*/ { id: 'invoice.invoiceDate', message: 'Invoice date' },
  orderNumber: /*i18n*/ { id: 'invoice.orderNumber', message: 'Order number' },
  currency: /*i18n*/ { id: 'invoice.currency', message: 'Currency' },
  exchangeRate: /*i18n*/ { id: 'invoice.exchangeRate', message: 'Exchange rate (to EUR)' },
  lines: /*i18n*/ { id: 'invoice.lines', message: 'Lines' },
  articleNo: /*i18n*/ { id: 'invoice.articleNo', message: 'Article no.' },
  title: /*i18n*/ { id: 'invoice.productTitle', message: 'Title' },
  quantity: /*i18n*/ { id: 'invoice.quantity', message: 'Quantity' },
  unitPrice: /*i18n*/ { id: 'invoice.unitPrice', message: 'Unit price @1k' },
  lineTotal: /*i18n*/ { id: 'invoice.lineTotal', message: 'Line total' },
  noLines: /*i18n*/ { id: 'invoice.noLines', message: 'No lines.' },
  total: /*i18n*/ { id: 'invoice.total', message: 'Total' },
  declarationTitle: /*i18n*/ { id: 'declaration.title', message: 'DECLARATION OF CONFORMITY' },
  declarationSubtitle: /*i18n*/ { id: 'declaration.subtitle', message: 'Invoice {invoiceNumber} · {date}' },
  manufacturer: /*i18n*/ { id: 'declaration.manufacturer', message: 'Manufacturer' },
  customer: /*i18n*/ { id: 'declaration.customer', message: 'Customer' },
  declaration: /*i18n*/ { id: 'declaration.declaration', message: 'Declaration' },
  declarationText: /*i18n*/ {
    id: 'declaration.text',
    message:
      '{manufacturer} declares that the plastic articles listed below (with the preform lots they were made from), delivered to {customer} with invoice {invoiceNumber}, are manufactured to comply with Regulation (EC) No 1935/2004 and Commission Regulation (EU) No 10/2011 on plastic materials and articles intended to come into contact with food, including the applicable overall and specific migration limits, when used as intended.',
  },
  articles: /*i18n*/ { id: 'declaration.articles', message: 'Articles' },
  preformLots: /*i18n*/ { id: 'declaration.preformLots', message: 'Preform lots' },
  noArticles: /*i18n*/ { id: 'declaration.noArticles', message: 'No articles.' },
  issued: /*i18n*/ { id: 'declaration.issued', message: 'Issued on {date} by {manufacturer}.' },
};

/** Seller and buyer side by side. */
function parties(seller: string, invoice: InvoiceDocument, l: Translator): Content {
  return {
    columns: [
      { stack: [{ text: l.t(m.seller), style: 'label' }, { text: seller }] },
      { stack: [{ text: l.t(m.buyer), style: 'label' }, { text: invoice.company ?? invoice.clientId }, { text: invoice.address, style: 'muted' }] },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 12],
  };
}

/**
 * The invoice PDF in `l`'s language, rendered from the stored invoice: seller, buyer, lines at their prices per 1,000,
 * the total.
 */
export function invoicePdf(invoice: InvoiceDocument, seller: string, l: Translator, signal?: AbortSignal): Promise<Buffer> {
  const currency = invoice.invoiceCurrency;
  return renderPdf(
    pdfDocument({
      title: l.t(m.invoiceTitle, { invoiceNumber: invoice.invoiceNumber }),
      subtitle: invoice.company ?? invoice.clientId,
      author: seller,
      content: [
        parties(seller, invoice, l),
        fieldTable([
          [l.t(m.invoiceNumber), invoice.invoiceNumber],
          [l.t(m.invoiceDate), l.date(invoice.deliveryDate)],
          [l.t(m.orderNumber), invoice.orderNo],
          [l.t(m.currency), currency],
          [l.t(m.exchangeRate), l.number(invoice.exchangeRate, { maximumFractionDigits: 6 })],
        ]),
        section(l.t(m.lines)),
        dataTable<InvoiceLine>(
          [
            { header: l.t(m.articleNo), value: (line) => line.articleNo, width: 'auto' },
            { header: l.t(m.title), value: (line) => line.productName },
            { header: l.t(m.quantity), value: (line) => l.number(line.quantity), width: 'auto', alignment: 'right' },
            { header: l.t(m.unitPrice), value: (line) => l.money(line.unitPrice, currency, 4), width: 'auto', alignment: 'right' },
            { header: l.t(m.lineTotal), value: (line) => l.money(line.lineTotal, currency), width: 'auto', alignment: 'right' },
            { header: l.t(m.currency), value: () => currency, width: 'auto' },
          ],
          invoice.lines,
          l.t(m.noLines),
        ),
        {
          columns: [{ text: l.t(m.total), style: 'label', alignment: 'right' }, { text: l.money(invoice.invoiceTotal, currency), style: 'label', alignment: 'right', width: 120 }],
          margin: [0, 10, 0, 0],
        },
      ],
    }),
    signal,
  );
}

/**
 * The declaration of conformity of the articles delivered with the invoice, in `l`'s language: who declares, for
 * whom, which articles, and that they are made for food contact under Regulation (EC) No 1935/2004 and (EU) No 10/2011.
 */
export function declarationPdf(
  invoice: InvoiceDocument & { lines: (InvoiceLine & { lots?: string[] })[] },
  manufacturer: string,
  l: Translator,
  signal?: AbortSignal,
): Promise<Buffer> {
  const customer = invoice.company ?? invoice.clientId;
  const date = l.date(invoice.deliveryDate);
  return renderPdf(
    pdfDocument({
      title: l.t(m.declarationTitle),
      subtitle: l.t(m.declarationSubtitle, { invoiceNumber: invoice.invoiceNumber, date }),
      author: manufacturer,
      content: [
        fieldTable([
          [l.t(m.manufacturer), manufacturer],
          [l.t(m.customer), `${customer}${invoice.address ? `, ${invoice.address}` : ''}`],
          [l.t(m.invoiceNumber), invoice.invoiceNumber],
          [l.t(m.invoiceDate), date],
          [l.t(m.orderNumber), invoice.orderNo],
        ]),
        section(l.t(m.declaration)),
        { text: l.t(m.declarationText, { manufacturer, customer, invoiceNumber: invoice.invoiceNumber }) },
        section(l.t(m.articles)),
        dataTable<InvoiceLine & { lots?: string[] }>(
          [
            { header: l.t(m.articleNo), value: (line) => line.articleNo, width: 90 },
            { header: l.t(m.title), value: (line) => line.productName },
            { header: l.t(m.quantity), value: (line) => l.number(line.quantity), width: 80, alignment: 'right' },
            // Issue 17: the preform lots of the bottles (none recorded: a dash).
            { header: l.t(m.preformLots), value: (line) => (line.lots?.length ? line.lots.join(', ') : '-'), width: 130 },
          ],
          invoice.lines,
          l.t(m.noArticles),
        ),
        { text: l.t(m.issued, { date, manufacturer }), margin: [0, 16, 0, 0] },
      ],
    }),
    signal,
  );
}

/** File names the portal saves the documents under (part 7.3). */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber}.pdf`;
export const declarationFileName = (invoiceNumber: string) => `DECLARATION OF CONFORMITY ${invoiceNumber}.pdf`;
