import { dataTable, fieldTable, pdfDocument, renderPdf, section, textBlock } from '../../pdf/pdf.js';
import type { Content } from 'pdfmake/interfaces.js';
import type { Claim } from './claims.repository.js';
import { now } from '../../lib/clock.js';
import type { Translator } from '../../lib/i18n.js';

type Report = NonNullable<Claim['eightD']>;

/** The report's texts (English: the spec's words). */
const m = {
  title: /*i18n*/ { id: 'claimReport.title', message: 'Non-Conformance Report #{id}' },
  status: /*i18n*/ { id: 'claimReport.status', message: 'Status' },
  client: /*i18n*/ { id: 'claimReport.client', message: 'Client' },
  article: /*i18n*/ { id: 'claimReport.articleNumber', message: 'Bottle article number' },
  orderNumber: /*i18n*/ { id: 'claimReport.orderNumber', message: 'Order Number' },
  rejected: /*i18n*/ { id: 'claimReport.rejectedQuantity', message: 'Rejected quantity' },
  deliveryDate: /*i18n*/ { id: 'claimReport.deliveryDate', message: 'Delivery Date' },
  reportedAt: /*i18n*/ { id: 'claimReport.reportedAt', message: 'Reported at' },
  description: /*i18n*/ { id: 'claimReport.problemDescription', message: 'Problem Description' },
  filledByGp: /*i18n*/ { id: 'claimReport.filledByGp', message: 'Filled by the GP' },
  shortForm: /*i18n*/ { id: 'claimReport.shortForm', message: 'Short form' },
  immediateAction: /*i18n*/ { id: 'claimReport.immediateAction', message: 'Immediate Action' },
  rootCause: /*i18n*/ { id: 'claimReport.rootCause', message: 'Root Cause' },
  correctiveActions: /*i18n*/ { id: 'claimReport.correctiveActions', message: 'Corrective Actions' },
  attachedFiles: /*i18n*/ { id: 'claimReport.attachedFiles', message: 'Attached files' },
  file: /*i18n*/ { id: 'claimReport.file', message: 'File' },
  type: /*i18n*/ { id: 'claimReport.type', message: 'Type' },
  noFiles: /*i18n*/ { id: 'claimReport.noFiles', message: 'No files attached.' },
  printedBy: /*i18n*/ { id: 'claimReport.printedBy', message: 'Printed by {name} on {date} {time} UTC' },
  printedByWithEmail: /*i18n*/ { id: 'claimReport.printedByWithEmail', message: 'Printed by {name} ({email}) on {date} {time} UTC' },
  statusNew: /*i18n*/ { id: 'claimReport.status.new', message: 'New' },
  statusInvestigation: /*i18n*/ { id: 'claimReport.status.underInvestigation', message: 'Under investigation' },
  statusClosed: /*i18n*/ { id: 'claimReport.status.closed', message: 'Closed' },
  eightD: /*i18n*/ { id: 'claimReport.8d', message: '8D report' },
  d0: /*i18n*/ { id: 'claimReport.8d.d0', message: 'D0 Preparation' },
  d1: /*i18n*/ { id: 'claimReport.8d.d1', message: 'D1 Team' },
  d2: /*i18n*/ { id: 'claimReport.8d.d2', message: 'D2 Problem (5W2H)' },
  d3: /*i18n*/ { id: 'claimReport.8d.d3', message: 'D3 Containment' },
  d4: /*i18n*/ { id: 'claimReport.8d.d4', message: 'D4 Root cause' },
  d4Escape: /*i18n*/ { id: 'claimReport.8d.d4Escape', message: 'D4 Escape point' },
  d5: /*i18n*/ { id: 'claimReport.8d.d5', message: 'D5 Corrective actions' },
  d6: /*i18n*/ { id: 'claimReport.8d.d6', message: 'D6 Validation' },
  d7: /*i18n*/ { id: 'claimReport.8d.d7', message: 'D7 Prevention' },
  d8: /*i18n*/ { id: 'claimReport.8d.d8', message: 'D8 Recognition' },
  what: /*i18n*/ { id: 'claimReport.5w2h.what', message: 'What' },
  where: /*i18n*/ { id: 'claimReport.5w2h.where', message: 'Where' },
  when: /*i18n*/ { id: 'claimReport.5w2h.when', message: 'When' },
  who: /*i18n*/ { id: 'claimReport.5w2h.who', message: 'Who' },
  why: /*i18n*/ { id: 'claimReport.5w2h.why', message: 'Why' },
  how: /*i18n*/ { id: 'claimReport.5w2h.how', message: 'How' },
  howMany: /*i18n*/ { id: 'claimReport.5w2h.howMany', message: 'How many' },
  affected: /*i18n*/ { id: 'claimReport.trace.affected', message: "Affected, from the trace of the claimed item's lots ({by}, {date}):" },
  kind: /*i18n*/ { id: 'claimReport.trace.kind', message: 'Kind' },
  detail: /*i18n*/ { id: 'claimReport.trace.detail', message: 'Detail' },
  quantity: /*i18n*/ { id: 'claimReport.trace.quantity', message: 'Quantity' },
  kindLot: /*i18n*/ { id: 'claimReport.trace.kind.lot', message: 'Lot' },
  kindOrderItem: /*i18n*/ { id: 'claimReport.trace.kind.orderItem', message: 'Order item' },
  kindClient: /*i18n*/ { id: 'claimReport.trace.kind.client', message: 'Client' },
  kindPreformStock: /*i18n*/ { id: 'claimReport.trace.kind.preformStock', message: 'Preform stock' },
  kindBottleStock: /*i18n*/ { id: 'claimReport.trace.kind.bottleStock', message: 'Bottle stock' },
};

/** D2's 5W2H questions as the report prints them. */
const PROBLEM_QUESTIONS: [keyof Report['problem'], typeof m.what][] = [
  ['what', m.what],
  ['where', m.where],
  ['when', m.when],
  ['who', m.who],
  ['why', m.why],
  ['how', m.how],
  ['howMany', m.howMany],
];

const KIND_LABELS: Record<NonNullable<Report['containmentFromTrace']>['entries'][number]['kind'], typeof m.what> = {
  lot: m.kindLot,
  'order item': m.kindOrderItem,
  client: m.kindClient,
  'preform stock': m.kindPreformStock,
  'bottle stock': m.kindBottleStock,
};

const has = (text: string | null | undefined): text is string => Boolean(text?.trim());

/**
 * The 8D report (issue 17): each discipline that has content, in order D0–D8; D2 as its answered 5W2H questions; D3
 * with its list from the trace when the reader may see it (the claim as read by the caller: staff only). Nothing when
 * the report is empty.
 */
function eightDContent(report: Report | undefined, l: Translator): Content[] {
  if (!report) return [];
  const problem = PROBLEM_QUESTIONS.filter(([key]) => has(report.problem[key]));
  const trace = report.containmentFromTrace?.entries.length ? report.containmentFromTrace : null;
  const parts: Content[] = [];
  const text = (label: typeof m.what, value: string | null) => {
    if (has(value)) parts.push(...textBlock(l.t(label), value));
  };
  text(m.d0, report.preparation);
  text(m.d1, report.team);
  if (problem.length) {
    parts.push({ text: l.t(m.d2), style: 'label', margin: [0, 8, 0, 2] }, fieldTable(problem.map(([key, label]) => [l.t(label), report.problem[key]])));
  }
  if (has(report.containment) || trace) {
    parts.push(...textBlock(l.t(m.d3), has(report.containment) ? report.containment : null));
    if (trace) {
      parts.push(
        { text: l.t(m.affected, { by: trace.by, date: l.date(trace.at) }), style: 'muted', margin: [0, 4, 0, 2] },
        dataTable(
          [
            { header: l.t(m.kind), value: (entry) => l.t(KIND_LABELS[entry.kind]), width: 80 },
            { header: l.t(m.what), value: (entry) => entry.label },
            { header: l.t(m.detail), value: (entry) => entry.detail ?? '' },
            { header: l.t(m.quantity), value: (entry) => (entry.quantity === null ? '' : l.number(entry.quantity)), width: 60, alignment: 'right' },
          ],
          trace.entries,
        ),
      );
    }
  }
  text(m.d4, report.rootCause);
  text(m.d4Escape, report.escapePoint);
  text(m.d5, report.correctiveActions);
  text(m.d6, report.validation);
  text(m.d7, report.prevention);
  text(m.d8, report.recognition);
  return parts.length ? [section(l.t(m.eightD)), ...parts] : [];
}

const STATUS_LABELS: Record<Claim['status'], typeof m.what> = { new: m.statusNew, 'under investigation': m.statusInvestigation, closed: m.statusClosed };

/**
 * The non-conformance report of one claim in `l`'s language: the customer's part, the GP's part (the short form, then
 * the 8D report) and the attached files. What people typed stays as they typed it.
 */
export function claimReportPdf(claim: Claim, printed: { printedBy: string; email: string | null }, l: Translator, signal?: AbortSignal): Promise<Buffer> {
  const printedAt = now().toISOString();
  const status = l.t(STATUS_LABELS[claim.status]);
  const printedValues = { name: printed.printedBy, email: printed.email, date: l.date(printedAt), time: printedAt.slice(11, 16) };
  return renderPdf(
    pdfDocument({
      title: l.t(m.title, { id: claim.id }),
      subtitle: `${claim.company ?? claim.clientId} · ${status}`,
      author: printed.printedBy,
      content: [
        fieldTable([
          [l.t(m.status), status],
          [l.t(m.client), claim.company ?? claim.clientId],
          [l.t(m.article), `${claim.ClientProduct.articleNo} - ${claim.ClientProduct.productName}`],
          [l.t(m.orderNumber), claim.ClientProductionOrder.orderNo],
          [l.t(m.rejected), l.number(claim.amount)],
          [l.t(m.deliveryDate), l.date(claim.deliveryDate)],
          [l.t(m.reportedAt), l.date(claim.createdAt)],
        ]),
        ...textBlock(l.t(m.description), claim.description),
        section(l.t(m.filledByGp)),
        { text: l.t(m.shortForm), style: 'muted' },
        ...textBlock(l.t(m.immediateAction), claim.immediateAction),
        ...textBlock(l.t(m.rootCause), claim.rootCouse),
        ...textBlock(l.t(m.correctiveActions), claim.correctiveActions),
        ...eightDContent(claim.eightD, l),
        section(l.t(m.attachedFiles)),
        dataTable(
          [
            { header: l.t(m.file), value: (upload) => upload.originalFilename },
            { header: l.t(m.type), value: (upload) => upload.mimetype, width: 120 },
          ],
          claim.Uploads,
          l.t(m.noFiles),
        ),
        {
          text: l.t(printed.email ? m.printedByWithEmail : m.printedBy, printedValues),
          style: 'muted',
          margin: [0, 24, 0, 0],
        },
      ],
    }),
    signal,
  );
}
