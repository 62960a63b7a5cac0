import type { Content } from 'pdfmake/interfaces.js';
import { dataTable, fieldTable, pdfDocument, renderPdf, section } from '../../pdf/pdf.js';
import type { InvoiceDocument, InvoiceLine } from './invoices.repository.js';

/** DD.MM.YYYY, as the lists show dates (part 9). */
const listDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Amounts with thousands separators and the currency (€ 48,920.50 / SEK 48,920.50). */
export const money = (amount: number, currency: string, maximumFractionDigits = 2) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits }).format(amount);
const quantity = (value: number) => value.toLocaleString('en-US');

/** Seller and buyer side by side. */
function parties(seller: string, invoice: InvoiceDocument): Content {
  return {
    columns: [
      { stack: [{ text: 'Seller', style: 'label' }, { text: seller }] },
      { stack: [{ text: 'Buyer', style: 'label' }, { text: invoice.company ?? invoice.clientId }, { text: invoice.address, style: 'muted' }] },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 12],
  };
}

/** The invoice PDF, rendered from the stored invoice: seller, buyer, lines at their prices per 1,000, the total. */
export function invoicePdf(invoice: InvoiceDocument, seller: string, signal?: AbortSignal): Promise<Buffer> {
  const currency = invoice.invoiceCurrency;
  return renderPdf(
    pdfDocument({
      title: `Invoice ${invoice.invoiceNumber}`,
      subtitle: invoice.company ?? invoice.clientId,
      author: seller,
      content: [
        parties(seller, invoice),
        fieldTable([
          ['Invoice number', invoice.invoiceNumber],
          ['Invoice date', listDate(invoice.deliveryDate)],
          ['Order number', invoice.orderNo],
          ['Currency', currency],
          ['Exchange rate (to EUR)', invoice.exchangeRate.toLocaleString('en-US', { maximumFractionDigits: 6 })],
        ]),
        section('Lines'),
        dataTable<InvoiceLine>(
          [
            { header: 'Article no.', value: (line) => line.articleNo, width: 'auto' },
            { header: 'Title', value: (line) => line.productName },
            { header: 'Quantity', value: (line) => quantity(line.quantity), width: 'auto', alignment: 'right' },
            { header: 'Unit price @1k', value: (line) => money(line.unitPrice, currency, 4), width: 'auto', alignment: 'right' },
            { header: 'Line total', value: (line) => money(line.lineTotal, currency), width: 'auto', alignment: 'right' },
            { header: 'Currency', value: () => currency, width: 'auto' },
          ],
          invoice.lines,
          'No lines.',
        ),
        {
          columns: [{ text: 'Total', style: 'label', alignment: 'right' }, { text: money(invoice.invoiceTotal, currency), style: 'label', alignment: 'right', width: 120 }],
          margin: [0, 10, 0, 0],
        },
      ],
    }),
    signal,
  );
}

/**
 * The declaration of conformity of the articles delivered with the invoice: who declares, for whom, which
 * articles, and that they are made for food contact under Regulation (EC) No 1935/2004 and (EU) No 10/2011.
 */
export function declarationPdf(invoice: InvoiceDocument & { lines: (InvoiceLine & { lots?: string[] })[] }, manufacturer: string, signal?: AbortSignal): Promise<Buffer> {
  const customer = invoice.company ?? invoice.clientId;
  return renderPdf(
    pdfDocument({
      title: 'DECLARATION OF CONFORMITY',
      subtitle: `Invoice ${invoice.invoiceNumber} · ${listDate(invoice.deliveryDate)}`,
      author: manufacturer,
      content: [
        fieldTable([
          ['Manufacturer', manufacturer],
          ['Customer', `${customer}${invoice.address ? `, ${invoice.address}` : ''}`],
          ['Invoice number', invoice.invoiceNumber],
          ['Invoice date', listDate(invoice.deliveryDate)],
          ['Order number', invoice.orderNo],
        ]),
        section('Declaration'),
        {
          text:
            `${manufacturer} declares that the plastic articles listed below (with the preform lots they were made from), delivered to ${customer} with invoice ` +
            `${invoice.invoiceNumber}, are manufactured to comply with Regulation (EC) No 1935/2004 and Commission ` +
            'Regulation (EU) No 10/2011 on plastic materials and articles intended to come into contact with food, ' +
            'including the applicable overall and specific migration limits, when used as intended.',
        },
        section('Articles'),
        dataTable<InvoiceLine & { lots?: string[] }>(
          [
            { header: 'Article no.', value: (line) => line.articleNo, width: 90 },
            { header: 'Title', value: (line) => line.productName },
            { header: 'Quantity', value: (line) => quantity(line.quantity), width: 80, alignment: 'right' },
            // The preform lots of the bottles (none recorded: a dash).
            { header: 'Preform lots', value: (line) => (line.lots?.length ? line.lots.join(', ') : '-'), width: 130 },
          ],
          invoice.lines,
          'No articles.',
        ),
        { text: `Issued on ${listDate(invoice.deliveryDate)} by ${manufacturer}.`, margin: [0, 16, 0, 0] },
      ],
    }),
    signal,
  );
}

/** File names the portal saves the documents under (part 7.3). */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber}.pdf`;
export const declarationFileName = (invoiceNumber: string) => `DECLARATION OF CONFORMITY ${invoiceNumber}.pdf`;
