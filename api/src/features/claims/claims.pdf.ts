import { dataTable, fieldTable, pdfDocument, renderPdf, section, textBlock } from '../../pdf/pdf.js';
import type { Content } from 'pdfmake/interfaces.js';
import type { Claim } from './claims.repository.js';
import { now } from '../../lib/clock.js';

type Report = NonNullable<Claim['eightD']>;

/** D2's 5W2H questions as the report prints them. */
const PROBLEM_QUESTIONS: [keyof Report['problem'], string][] = [
  ['what', 'What'],
  ['where', 'Where'],
  ['when', 'When'],
  ['who', 'Who'],
  ['why', 'Why'],
  ['how', 'How'],
  ['howMany', 'How many'],
];

const KIND_LABELS: Record<NonNullable<Report['containmentFromTrace']>['entries'][number]['kind'], string> = {
  lot: 'Lot',
  'order item': 'Order item',
  client: 'Client',
  'preform stock': 'Preform stock',
  'bottle stock': 'Bottle stock',
};

const has = (text: string | null | undefined): text is string => Boolean(text?.trim());

/**
 * The 8D report: each discipline that has content, in order D0–D8; D2 as its answered 5W2H questions; D3
 * with its list from the trace when the reader may see it (the claim as read by the caller: staff only). Nothing when
 * the report is empty.
 */
function eightDContent(report: Report | undefined): Content[] {
  if (!report) return [];
  const problem = PROBLEM_QUESTIONS.filter(([key]) => has(report.problem[key]));
  const trace = report.containmentFromTrace?.entries.length ? report.containmentFromTrace : null;
  const parts: Content[] = [];
  const text = (label: string, value: string | null) => {
    if (has(value)) parts.push(...textBlock(label, value));
  };
  text('D0 Preparation', report.preparation);
  text('D1 Team', report.team);
  if (problem.length) {
    parts.push({ text: 'D2 Problem (5W2H)', style: 'label', margin: [0, 8, 0, 2] }, fieldTable(problem.map(([key, label]) => [label, report.problem[key]])));
  }
  if (has(report.containment) || trace) {
    parts.push(...textBlock('D3 Containment', has(report.containment) ? report.containment : null));
    if (trace) {
      parts.push(
        { text: `Affected, from the trace of the claimed item's lots (${trace.by}, ${listDate(trace.at)}):`, style: 'muted', margin: [0, 4, 0, 2] },
        dataTable(
          [
            { header: 'Kind', value: (entry) => KIND_LABELS[entry.kind], width: 80 },
            { header: 'What', value: (entry) => entry.label },
            { header: 'Detail', value: (entry) => entry.detail ?? '' },
            { header: 'Quantity', value: (entry) => (entry.quantity === null ? '' : entry.quantity.toLocaleString('en-US')), width: 60, alignment: 'right' },
          ],
          trace.entries,
        ),
      );
    }
  }
  text('D4 Root cause', report.rootCause);
  text('D4 Escape point', report.escapePoint);
  text('D5 Corrective actions', report.correctiveActions);
  text('D6 Validation', report.validation);
  text('D7 Prevention', report.prevention);
  text('D8 Recognition', report.recognition);
  return parts.length ? [section('8D report'), ...parts] : [];
}

/** DD.MM.YYYY, as the lists show dates (part 9). */
const listDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const STATUS_LABELS: Record<Claim['status'], string> = { new: 'New', 'under investigation': 'Under investigation', closed: 'Closed' };

/** The non-conformance report of one claim: the customer's part, the GP's part (the short form, then the 8D report) and the attached files. */
export function claimReportPdf(claim: Claim, printed: { printedBy: string; email: string | null }, signal?: AbortSignal): Promise<Buffer> {
  const printedAt = now().toISOString();
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
        { text: 'Short form', style: 'muted' },
        ...textBlock('Immediate Action', claim.immediateAction),
        ...textBlock('Root Cause', claim.rootCouse),
        ...textBlock('Corrective Actions', claim.correctiveActions),
        ...eightDContent(claim.eightD),
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
    signal,
  );
}
