import type { Db } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { notFound } from '../../lib/problem.js';
import type { CompanyScope } from '../../lib/scope.js';
import { dataTable, fieldTable, pdfDocument, renderPdf, section, type PdfColumn } from '../../pdf/pdf.js';
import { csvStream } from '../downtime/downtime.csv.js';
import * as repository from './sustainability.repository.js';
import { footprintsOfItems, getYearFootprint } from './sustainability.service.js';
import { translator, type Language, type Translator } from '../../lib/i18n.js';
import { documentTranslator } from '../session/session.service.js';
import { EXPORT_COLUMNS, EXPORT_UNITS, METHOD, STATEMENT_MESSAGES as m } from './sustainability.texts.js';

export type Download = { filename: string; contentType: string; body: Buffer | ReturnType<typeof csvStream> };

/** kg with at most three decimals, shares with two (as the API rounds them), in the statement's language. */
const kg = (l: Translator, value: number) => l.number(value, { maximumFractionDigits: 3 });
const pct = (l: Translator, value: number) => l.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const rowsOf = (year: Schemas['CustomerFootprint']) => [
  ...year.months.map((row) => ['month', row] as const),
  ...year.products.map((row) => ['product', row] as const),
  ['year', year.total] as const,
];

/** The caller's year as CSV: months, products, the year, with the units in the header. */
export async function yearCsv(db: Db, scope: CompanyScope, year: number): Promise<Download> {
  const footprint = await getYearFootprint(db, scope, year);
  const cells = async function* () {
    for (const [sectionName, row] of rowsOf(footprint)) {
      yield EXPORT_COLUMNS.map(([key]) => {
        if (key === 'section') return sectionName;
        const value = row[key];
        return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
      });
    }
  };
  return { filename: `recycled-content-${year}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(EXPORT_COLUMNS.map(([, header]) => header), cells()) };
}

/** The caller's year as JSON: the view itself with its units and method named. */
export async function yearJson(db: Db, scope: CompanyScope, year: number): Promise<Download> {
  const footprint = await getYearFootprint(db, scope, year);
  // The export is data for other programs, named in English like its units.
  const english = await translator('en');
  const body = { units: EXPORT_UNITS, method: METHOD.map((paragraph) => english.t(paragraph)).join(' '), ...footprint };
  return { filename: `recycled-content-${year}.json`, contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(body, null, 2)) };
}

const figureFields = (l: Translator, f: Schemas['FootprintFigures'], thresholds?: { meets25: boolean; meets30: boolean }) =>
  fieldTable([
    [l.t(m.preformMass), kg(l, f.preformMassKg)],
    [l.t(m.recycledMass), kg(l, f.recycledMassKg)],
    [l.t(m.postConsumerMass), kg(l, f.postConsumerMassKg)],
    [l.t(m.recycledShare), pct(l, f.recycledSharePercent)],
    [l.t(m.postConsumerShare), pct(l, f.postConsumerSharePercent)],
    [l.t(m.unknownShare), pct(l, f.unknownSharePercent)],
    [l.t(m.carbon), kg(l, f.carbonKgCo2e)],
    ...(thresholds
      ? ([
          [l.t(m.threshold25), l.t(thresholds.meets25 ? m.yes : m.no)],
          [l.t(m.threshold30), l.t(thresholds.meets30 ? m.yes : m.no)],
        ] as [string, string][])
      : []),
  ]);

const lineColumns = (l: Translator): PdfColumn<Schemas['LineFootprint']>[] => [
  { header: l.t(m.orderNo), value: (line) => line.orderNo, width: 'auto' },
  { header: l.t(m.article), value: (line) => `${line.articleNo} - ${line.productName}` },
  { header: l.t(m.preforms), value: (line) => l.number(line.figures.preforms), width: 'auto', alignment: 'right' },
  { header: l.t(m.mass), value: (line) => kg(l, line.figures.preformMassKg), width: 'auto', alignment: 'right' },
  { header: l.t(m.recycled), value: (line) => kg(l, line.figures.recycledMassKg), width: 'auto', alignment: 'right' },
  { header: l.t(m.share), value: (line) => pct(l, line.figures.recycledSharePercent), width: 'auto', alignment: 'right' },
  { header: l.t(m.unknown), value: (line) => pct(l, line.figures.unknownSharePercent), width: 'auto', alignment: 'right' },
  { header: l.t(m.carbonColumn), value: (line) => kg(l, line.figures.carbonKgCo2e), width: 'auto', alignment: 'right' },
];

const lotColumns = (l: Translator): PdfColumn<Schemas['LineFootprintLot']>[] => [
  { header: l.t(m.lot), value: (lot) => `${lot.id}${lot.supplierLotNumber ? ` (${lot.supplierLotNumber})` : ''}`, width: 'auto' },
  { header: l.t(m.supplier), value: (lot) => `${lot.manufacturerName}, ${l.date(lot.deliveryDate)}` },
  {
    header: l.t(m.postPre),
    value: (lot) => (lot.postConsumerPercent === null ? l.t(m.notRecorded) : `${l.number(lot.postConsumerPercent)} / ${l.number(lot.preConsumerPercent ?? 0)}`),
    width: 'auto',
  },
  { header: l.t(m.evidence), value: (lot) => [lot.scheme, lot.certificateNo, lot.validUntil ? l.date(lot.validUntil) : null].filter(Boolean).join(', ') },
  { header: l.t(m.process), value: (lot) => lot.recyclingProcess },
  {
    header: l.t(m.carbonSource),
    value: (lot) => (lot.carbonSource === null ? '' : lot.carbonSource === 'epd' ? l.t(m.carbonEpd, { reference: lot.epdReference ?? '' }).trim() : l.t(m.carbonDefault)),
  },
];

/** The distinct lots of lines, oldest delivery first. */
const distinctLots = (lines: Schemas['LineFootprint'][]) =>
  [...new Map(lines.flatMap((line) => line.lots.map((lot) => [lot.id, lot] as const))).values()].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);

const methodBlock = (l: Translator) => [section(l.t(m.method)), ...METHOD.map((paragraph) => ({ text: l.t(paragraph), margin: [0, 0, 0, 4] as [number, number, number, number] }))];

/**
 * The statement of one of the caller's invoices: its lines with their figures, the lots and their evidence, the method;
 * in `language`, else the company's.
 */
export async function invoiceStatement(db: Db, scope: CompanyScope, invoiceId: number, language: Language | undefined, signal?: AbortSignal): Promise<Download> {
  const invoice = await repository.findInvoice(db, invoiceId, scope.companyId);
  if (!invoice) throw notFound('Invoice');
  const l = await documentTranslator(db, scope.companyId, language);
  const lines = (await footprintsOfItems(db, invoice.itemIds, scope.companyId)).filter((line) => line.figures.preforms > 0);
  const total = lines.reduce(
    (sum, line) => ({
      preforms: sum.preforms + line.figures.preforms,
      preformMassKg: sum.preformMassKg + line.figures.preformMassKg,
      recycledMassKg: sum.recycledMassKg + line.figures.recycledMassKg,
      postConsumerMassKg: sum.postConsumerMassKg + line.figures.postConsumerMassKg,
      unknownMassKg: sum.unknownMassKg + line.figures.unknownMassKg,
      carbonKgCo2e: sum.carbonKgCo2e + line.figures.carbonKgCo2e,
    }),
    { preforms: 0, preformMassKg: 0, recycledMassKg: 0, postConsumerMassKg: 0, unknownMassKg: 0, carbonKgCo2e: 0 },
  );
  const share = (part: number) => (total.preformMassKg === 0 ? 0 : Math.floor((part / total.preformMassKg) * 10_000) / 100);
  const body = await renderPdf(
    pdfDocument({
      title: l.t(m.title),
      subtitle: l.t(m.invoiceSubtitle, { invoiceNumber: invoice.invoice_number, company: invoice.company, date: l.date(invoice.delivery_date) }),
      content: [
        section(l.t(m.summary)),
        figureFields(l, { ...total, recycledSharePercent: share(total.recycledMassKg), postConsumerSharePercent: share(total.postConsumerMassKg), unknownSharePercent: share(total.unknownMassKg) }),
        section(l.t(m.lines)),
        dataTable(lineColumns(l), lines, l.t(m.noLines)),
        section(l.t(m.lots)),
        dataTable(lotColumns(l), distinctLots(lines), l.t(m.noLots)),
        ...methodBlock(l),
      ],
    }),
    signal,
  );
  return { filename: `recycled-content-${invoice.invoice_number}.pdf`, contentType: 'application/pdf', body };
}

const periodColumns = (l: Translator): PdfColumn<Schemas['FootprintRow']>[] => [
  { header: l.t(m.period), value: (row) => row.label },
  { header: l.t(m.mass), value: (row) => kg(l, row.preformMassKg), width: 'auto', alignment: 'right' },
  { header: l.t(m.recycled), value: (row) => kg(l, row.recycledMassKg), width: 'auto', alignment: 'right' },
  { header: l.t(m.share), value: (row) => pct(l, row.recycledSharePercent), width: 'auto', alignment: 'right' },
  { header: l.t(m.unknown), value: (row) => pct(l, row.unknownSharePercent), width: 'auto', alignment: 'right' },
  { header: l.t(m.carbonColumn), value: (row) => kg(l, row.carbonKgCo2e), width: 'auto', alignment: 'right' },
];

/** The statement of the caller's year: the year, months, products, the lots and their evidence, the method; in `language`, else the company's. */
export async function yearStatement(db: Db, scope: CompanyScope, year: number, language: Language | undefined, signal?: AbortSignal): Promise<Download> {
  const l = await documentTranslator(db, scope.companyId, language);
  const footprint = await getYearFootprint(db, scope, year);
  const rows = await repository.findUses(db, { from: `${year}-01-01`, to: `${year}-12-31`, companyId: scope.companyId });
  const lines = await footprintsOfItems(db, [...new Set(rows.map((row) => row.item_id))], scope.companyId);
  const body = await renderPdf(
    pdfDocument({
      title: l.t(m.title),
      subtitle: l.t(m.yearSubtitle, { year: String(year), company: footprint.company ?? footprint.clientId }),
      content: [
        section(l.t(m.summary)),
        figureFields(l, footprint.total, footprint.total),
        section(l.t(m.months)),
        dataTable(periodColumns(l), footprint.months, l.t(m.noLines)),
        section(l.t(m.products)),
        dataTable(periodColumns(l), footprint.products, l.t(m.noLines)),
        section(l.t(m.lines)),
        dataTable(lineColumns(l), lines, l.t(m.noLines)),
        section(l.t(m.lots)),
        dataTable(lotColumns(l), distinctLots(lines), l.t(m.noLots)),
        ...methodBlock(l),
      ],
    }),
    signal,
  );
  return { filename: `recycled-content-${year}.pdf`, contentType: 'application/pdf', body };
}
