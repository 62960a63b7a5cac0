import type { Db } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { notFound } from '../../lib/problem.js';
import type { CompanyScope } from '../../lib/scope.js';
import { dataTable, fieldTable, pdfDocument, renderPdf, section, type PdfColumn } from '../../pdf/pdf.js';
import { csvStream } from '../downtime/downtime.csv.js';
import * as repository from './sustainability.repository.js';
import { footprintsOfItems, getYearFootprint } from './sustainability.service.js';
import { EXPORT_COLUMNS, EXPORT_UNITS, STATEMENT_TEXTS as T } from './sustainability.texts.js';

export type Download = { filename: string; contentType: string; body: Buffer | ReturnType<typeof csvStream> };

const listDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const kg = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });
const pct = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
        return typeof value === 'boolean' ? (value ? T.yes : T.no) : value;
      });
    }
  };
  return { filename: `recycled-content-${year}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(EXPORT_COLUMNS.map(([, header]) => header), cells()) };
}

/** The caller's year as JSON: the view itself with its units and method named. */
export async function yearJson(db: Db, scope: CompanyScope, year: number): Promise<Download> {
  const footprint = await getYearFootprint(db, scope, year);
  const body = { units: EXPORT_UNITS, method: T.method_text.join(' '), ...footprint };
  return { filename: `recycled-content-${year}.json`, contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(body, null, 2)) };
}

const figureFields = (f: Schemas['FootprintFigures'], thresholds?: { meets25: boolean; meets30: boolean }) =>
  fieldTable([
    [T.fields.preformMass, kg(f.preformMassKg)],
    [T.fields.recycledMass, kg(f.recycledMassKg)],
    [T.fields.postConsumerMass, kg(f.postConsumerMassKg)],
    [T.fields.recycledShare, pct(f.recycledSharePercent)],
    [T.fields.postConsumerShare, pct(f.postConsumerSharePercent)],
    [T.fields.unknownShare, pct(f.unknownSharePercent)],
    [T.fields.carbon, kg(f.carbonKgCo2e)],
    ...(thresholds
      ? ([
          [T.fields.threshold25, thresholds.meets25 ? T.yes : T.no],
          [T.fields.threshold30, thresholds.meets30 ? T.yes : T.no],
        ] as [string, string][])
      : []),
  ]);

const lineColumns: PdfColumn<Schemas['LineFootprint']>[] = [
  { header: T.columns.orderNo, value: (line) => line.orderNo, width: 'auto' },
  { header: T.columns.article, value: (line) => `${line.articleNo} - ${line.productName}` },
  { header: T.columns.preforms, value: (line) => line.figures.preforms.toLocaleString('en-US'), width: 'auto', alignment: 'right' },
  { header: T.columns.mass, value: (line) => kg(line.figures.preformMassKg), width: 'auto', alignment: 'right' },
  { header: T.columns.recycled, value: (line) => kg(line.figures.recycledMassKg), width: 'auto', alignment: 'right' },
  { header: T.columns.share, value: (line) => pct(line.figures.recycledSharePercent), width: 'auto', alignment: 'right' },
  { header: T.columns.unknown, value: (line) => pct(line.figures.unknownSharePercent), width: 'auto', alignment: 'right' },
  { header: T.columns.carbon, value: (line) => kg(line.figures.carbonKgCo2e), width: 'auto', alignment: 'right' },
];

const lotColumns: PdfColumn<Schemas['LineFootprintLot']>[] = [
  { header: T.columns.lot, value: (lot) => `${lot.id}${lot.supplierLotNumber ? ` (${lot.supplierLotNumber})` : ''}`, width: 'auto' },
  { header: T.columns.supplier, value: (lot) => `${lot.manufacturerName}, ${listDate(lot.deliveryDate)}` },
  { header: T.columns.postPre, value: (lot) => (lot.postConsumerPercent === null ? T.notRecorded : `${lot.postConsumerPercent} / ${lot.preConsumerPercent}`), width: 'auto' },
  { header: T.columns.evidence, value: (lot) => [lot.scheme, lot.certificateNo, lot.validUntil ? listDate(lot.validUntil) : null].filter(Boolean).join(', ') },
  { header: T.columns.process, value: (lot) => lot.recyclingProcess },
  { header: T.columns.carbonSource, value: (lot) => (lot.carbonSource === null ? '' : lot.carbonSource === 'epd' ? T.carbonEpd(lot.epdReference) : T.carbonDefault) },
];

/** The distinct lots of lines, oldest delivery first. */
const distinctLots = (lines: Schemas['LineFootprint'][]) =>
  [...new Map(lines.flatMap((line) => line.lots.map((lot) => [lot.id, lot] as const))).values()].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);

const methodBlock = () => [section(T.method), ...T.method_text.map((text) => ({ text, margin: [0, 0, 0, 4] as [number, number, number, number] }))];

/** The statement of one of the caller's invoices: its lines with their figures, the lots and their evidence, the method. */
export async function invoiceStatement(db: Db, scope: CompanyScope, invoiceId: number, signal?: AbortSignal): Promise<Download> {
  const invoice = await repository.findInvoice(db, invoiceId, scope.companyId);
  if (!invoice) throw notFound('Invoice');
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
      title: T.title,
      subtitle: T.invoiceSubtitle(invoice.invoice_number, invoice.company, listDate(invoice.delivery_date)),
      content: [
        section(T.summary),
        figureFields({ ...total, recycledSharePercent: share(total.recycledMassKg), postConsumerSharePercent: share(total.postConsumerMassKg), unknownSharePercent: share(total.unknownMassKg) }),
        section(T.lines),
        dataTable(lineColumns, lines, T.noLines),
        section(T.lots),
        dataTable(lotColumns, distinctLots(lines), T.noLots),
        ...methodBlock(),
      ],
    }),
    signal,
  );
  return { filename: `recycled-content-${invoice.invoice_number}.pdf`, contentType: 'application/pdf', body };
}

const periodColumns: PdfColumn<Schemas['FootprintRow']>[] = [
  { header: T.columns.period, value: (row) => row.label },
  { header: T.columns.mass, value: (row) => kg(row.preformMassKg), width: 'auto', alignment: 'right' },
  { header: T.columns.recycled, value: (row) => kg(row.recycledMassKg), width: 'auto', alignment: 'right' },
  { header: T.columns.share, value: (row) => pct(row.recycledSharePercent), width: 'auto', alignment: 'right' },
  { header: T.columns.unknown, value: (row) => pct(row.unknownSharePercent), width: 'auto', alignment: 'right' },
  { header: T.columns.carbon, value: (row) => kg(row.carbonKgCo2e), width: 'auto', alignment: 'right' },
];

/** The statement of the caller's year: the year, months, products, the lots and their evidence, the method. */
export async function yearStatement(db: Db, scope: CompanyScope, year: number, signal?: AbortSignal): Promise<Download> {
  const footprint = await getYearFootprint(db, scope, year);
  const rows = await repository.findUses(db, { from: `${year}-01-01`, to: `${year}-12-31`, companyId: scope.companyId });
  const lines = await footprintsOfItems(db, [...new Set(rows.map((row) => row.item_id))], scope.companyId);
  const body = await renderPdf(
    pdfDocument({
      title: T.title,
      subtitle: T.yearSubtitle(year, footprint.company ?? footprint.clientId),
      content: [
        section(T.summary),
        figureFields(footprint.total, footprint.total),
        section(T.months),
        dataTable(periodColumns, footprint.months, T.noLines),
        section(T.products),
        dataTable(periodColumns, footprint.products, T.noLines),
        section(T.lines),
        dataTable(lineColumns, lines, T.noLines),
        section(T.lots),
        dataTable(lotColumns, distinctLots(lines), T.noLots),
        ...methodBlock(),
      ],
    }),
    signal,
  );
  return { filename: `recycled-content-${year}.pdf`, contentType: 'application/pdf', body };
}
