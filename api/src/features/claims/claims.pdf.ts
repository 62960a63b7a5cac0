import { dataTable, fieldTable, pdfDocument, renderPdf, section, textBlock } from '../../pdf/pdf.js';
import type { Claim } from './claims.repository.js';

/** DD.MM.YYYY, as the lists show dates (part 9). */
const listDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const STATUS_LABELS: Record<Claim['status'], string> = { new: 'New', 'under investigation': 'Under investigation', closed: 'Closed' };

/** The non-conformance report of one claim: the customer's part, the GP's part and the attached files. */
export function claimReportPdf(claim: Claim, printed: { printedBy: string; email: string | null }): Promise<Buffer> {
  const printedAt = new Date().toISOString();
  return renderPdf(
    pdfDocument({
      title: `Non-Conformance Report #${claim.id}`,
      subtitle: `${claim.company ?? claim.clientId} · ${STATUS_LABELS[claim.status]}`,
      author: printed.printedBy,
      content: [
        fieldTable([
          ['Status', STATUS_LABELS[claim.status]],
          ['Client', claim.company ?? claim.clientId],
          ['Bottle article number', `${claim.ClientProduct.articleNo} - ${claim.ClientProduct.productName}`],
          ['Order Number', claim.ClientProductionOrder.orderNo],
          ['Rejected quantity', claim.amount.toLocaleString('en-US')],
          ['Delivery Date', listDate(claim.deliveryDate)],
          ['Reported at', listDate(claim.createdAt)],
        ]),
        ...textBlock('Problem Description', claim.description),
        section('Filled by the GP'),
        ...textBlock('Immediate Action', claim.immediateAction),
        ...textBlock('Root Cause', claim.rootCouse),
        ...textBlock('Corrective Actions', claim.correctiveActions),
        section('Attached files'),
        dataTable(
          [
            { header: 'File', value: (upload) => upload.originalFilename },
            { header: 'Type', value: (upload) => upload.mimetype, width: 120 },
          ],
          claim.Uploads,
          'No files attached.',
        ),
        {
          text: `Printed by ${printed.printedBy}${printed.email ? ` (${printed.email})` : ''} on ${listDate(printedAt)} ${printedAt.slice(11, 16)} UTC`,
          style: 'muted',
          margin: [0, 24, 0, 0],
        },
      ],
    }),
  );
}
